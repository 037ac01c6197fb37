import { mkdirSync } from 'node:fs';
import { expect, test, keepScreenshot } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import type { RichText, RichTextNode } from '../../schema/api/rich-text.ts';
import { setServerClock } from '../lib/test-clock.ts';

// Offer pages (spec §2 /offers/{id}), every tenant: each special offer's card leads to
// its own page (head, price, closing date, full terms), unknown ids and offers outside their window
// are 404s; dealer-group promotions show on /special-offers and have a page only inside their
// window (Brisbane time, checked with the test server's clock); a tenant without the offers pages
// has none of them. axe on each page; screenshots in test-results/presence/.

const SHOTS = 'test-results/presence';
mkdirSync(SHOTS, { recursive: true });

const origin = (siteUrl: string) => new URL(siteUrl).origin;
const day = (instant: Date | string, timeZone: string) => new Intl.DateTimeFormat('en-AU', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));

type ApiOffer = { id: number; title: string; description: string; terms: RichText; start: string; expiry: string; price: number | null };

/** The words of rich text as a reader sees them: its text, blocks and line breaks apart by a space. */
function plainText(nodes: readonly RichTextNode[]): string {
  const words = (list: readonly RichTextNode[]): string =>
    list.map((n) => ('text' in n ? n.text : n.tag === 'br' ? ' ' : `${words(n.children)}${['a', 'strong', 'em', 'b', 'i', 'u', 'span'].includes(n.tag) ? '' : ' '}`)).join('');
  return words(nodes).replace(/\s+/g, ' ').trim();
}

/** A tenant without the special offers pages has none of them, nor a page per promotion. */
async function expectNoOfferPages(tenant: { slug: string; promotions: { id: string }[] }) {
  for (const path of ['/special-offers', '/offers/1', ...tenant.promotions.map((p) => `/offers/${p.id}`)]) expect((await tenantHttp(tenant.slug, path)).status, path).toBe(404);
}

test.describe('offer pages', () => {
  test('an offer card leads to the offer page with its head, closing date and full terms', async ({ page, tenant, expectNoAxeViolations }) => {
    if (!tenant.features.specialOffers) return expectNoOfferPages(tenant);
    const api = (await tenantHttp(tenant.slug, '/api/offers')).json as { items: ApiOffer[] };
    const offer = api.items[0]!;
    await page.goto('/special-offers');
    await page.getByRole('article', { name: offer.title }).getByRole('link', { name: offer.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/offers/${offer.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
    const response = await page.goto(`/offers/${offer.id}`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(`${offer.title} | ${tenant.name}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin(tenant.siteUrl)}/offers/${offer.id}`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(offer.description);
    const main = page.getByRole('main');
    await expect(main).toContainText(`Offer ends ${day(offer.expiry, tenant.timeZone)}`);
    // The dealer's terms (HTML in their CMS) as the server sanitised them: each paragraph and list item, and each link where its page exists.
    const terms = main.getByRole('region', { name: 'Terms and conditions' });
    const blocks = offer.terms.flatMap((node) => ('tag' in node && (node.tag === 'ul' || node.tag === 'ol') ? node.children : [node]));
    // An external link also tells a screen reader it opens a new tab.
    const asShown = (nodes: readonly RichTextNode[]): RichTextNode[] =>
      nodes.map((n) => ('tag' in n ? { ...n, children: [...asShown(n.children), ...(n.attrs?.external ? [{ text: ' (opens in a new tab)' }] : [])] } : n));
    for (const block of blocks) await expect(terms).toContainText(plainText(asShown([block])));
    await expect(terms.getByRole('listitem')).toHaveCount(blocks.length - offer.terms.filter((n) => !('tag' in n) || (n.tag !== 'ul' && n.tag !== 'ol')).length);
    const links: { href: string; text: string }[] = [];
    const walk = (nodes: readonly RichTextNode[]) => nodes.forEach((n) => ('tag' in n ? (n.attrs ? links.push({ href: n.attrs.href, text: plainText(n.children) }) : walk(n.children)) : undefined));
    walk(offer.terms);
    expect(links.length).toBeGreaterThan(0);
    for (const { href, text } of links) {
      const exists = !href.startsWith('/') || (await tenantHttp(tenant.slug, href)).status === 200;
      await expect(terms.getByRole('link', { name: text }), href).toHaveCount(exists ? 1 : 0);
      await expect(terms, href).toContainText(text);
    }
    await expect(main.getByRole('link', { name: 'See all special offers' })).toHaveAttribute('href', '/special-offers');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-offer-desktop.png`, fullPage: true });
  });

  test('unknown ids and offers outside their window are 404s', async ({ tenant }) => {
    if (!tenant.features.specialOffers) return expectNoOfferPages(tenant);
    for (const path of ['/offers/999999999', '/offers/0', '/offers/no-such-promotion', '/offers/Not%20an%20id']) {
      const r = await tenantHttp(tenant.slug, path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).toContain('<title>Page not found');
    }
    const api = (await tenantHttp(tenant.slug, '/api/offers')).json as { items: ApiOffer[] };
    const ids = api.items.map((o) => o.id);
    const now = Date.now();
    let outside = 0;
    for (let id = Math.min(...ids) - 6; id <= Math.max(...ids) + 6; id++) {
      if (id < 1 || ids.includes(id)) continue;
      const r = await tenantHttp(tenant.slug, `/api/offers/${id}`);
      if (r.status !== 200) continue;
      const offer = r.json as ApiOffer;
      expect(Date.parse(offer.start) > now || Date.parse(offer.expiry) <= now, `offer ${id} is outside its window`).toBe(true);
      expect((await tenantHttp(tenant.slug, `/offers/${id}`)).status, `/offers/${id} (outside its window)`).toBe(404);
      outside++;
    }
    expect(outside, 'the demo data has offers outside their window').toBeGreaterThan(0);
  });

  test('dealer-group promotions: on /special-offers and a page of their own only inside their window', async ({ page, tenant, expectNoAxeViolations }) => {
    if (!tenant.features.specialOffers) return expectNoOfferPages(tenant);
    if (tenant.promotions.length === 0) {
      await page.goto('/special-offers');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Dealer group promotions' })).toHaveCount(0);
      return;
    }
    for (const promotion of tenant.promotions) {
      // The tenants write each window with its offset, so the instants are the values as written.
      expect(`${promotion.start} ${promotion.expiry}`).toMatch(/^\S+(Z|[+-]\d\d:\d\d) \S+(Z|[+-]\d\d:\d\d)$/);
      const [start, end] = [new Date(promotion.start), new Date(promotion.expiry)];
      const audience = `For ${(['new', 'demo', 'used'] as const).filter((t) => (promotion.display ?? ['new', 'demo', 'used']).includes(t)).join(', ').replace(/, ([a-z]+)$/, ' and $1')} cars`;

      // Inside the window: listed with who it is for and its closing date, and its page answers.
      await setServerClock(page, new Date(start.getTime() + 3_600_000).toISOString());
      await page.goto('/special-offers');
      const section = page.getByRole('region', { name: 'Dealer group promotions' });
      const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: promotion.node.heading }) });
      await expect(card).toContainText(audience);
      await expect(card).toContainText(`Offer ends ${day(new Date(end.getTime() - 1), tenant.timeZone)}`);
      await card.getByRole('link', { name: promotion.node.heading }).click();
      await expect(page).toHaveURL(new RegExp(`/offers/${promotion.id}$`));
      const response = await page.goto(`/offers/${promotion.id}`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(`${promotion.node.heading} | ${tenant.name}`);
      await expect(page.getByRole('heading', { level: 1, name: promotion.node.heading })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(audience);
      await expectNoAxeViolations(page);

      // After the window: neither listed nor a page.
      const after = new Date(end.getTime() + 1000).toISOString();
      await setServerClock(page, after);
      expect((await page.goto(`/offers/${promotion.id}`))?.status(), `${promotion.id} after its window`).toBe(404);
      await page.goto('/special-offers');
      await expect(page.getByRole('heading', { name: promotion.node.heading })).toHaveCount(0);
    }
  });

  test('the warranty section sits under the offers only for the brand that has one', async ({ page, tenant }) => {
    if (!tenant.features.specialOffers) return expectNoOfferPages(tenant);
    await page.goto('/special-offers');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Driving confidence, built in' })).toHaveCount(tenant.features.warrantySection ? 1 : 0);
  });
});
