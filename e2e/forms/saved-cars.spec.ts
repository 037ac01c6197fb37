import type { Locator, Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test, keepScreenshot, onOneTenant, watchConsole } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { eventsWithId } from '../lib/analytics.ts';

// Favourites and the compare list on the device (spec §3, §4 "Favourite/compare: toggle the car
// in a local list; labels SAVED / SAVE / Compare"), run for every tenant as it is switched:
// favourites (features.favouritesMechanism 'favourites'): the heart on cards and on the vehicle
// page, the favourites page (server renders the list pending, never a wrong empty state; the
// device's list after hydration, today's prices, Remove, kept across reloads);
// compare (features.compare): Compare on cards and the vehicle page, the limit
// (limits.compareCars), the side-by-side page with its differences. Switched off: no control,
// and the page is a 404. Counts, headings and toasts use the site's stock word (search.itemType:
// caravans on a caravan site, motorcycles on a motorcycle site), never 'cars' there.

const DEFAULT_PATH = '/search/new-used-and-demo-cars/';

const hydrated = (page: Page) => page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);

async function waitForResults(page: Page) {
  await expect(page.getByTestId('result-count')).toHaveText(/found/);
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
  await hydrated(page);
}

/** Available cards of the first results page (sold cards have no save control). */
function availableCards(page: Page): Locator {
  return page.getByTestId('car-card').filter({ hasNot: page.getByText('SOLD', { exact: true }) });
}

async function cardTitle(card: Locator): Promise<string> {
  return ((await card.getByRole('heading').first().textContent()) ?? '').trim();
}

/** Server HTML without React's text separators (`a <!-- -->b`), so texts read as shown. */
const visibleHtml = (html: string) => html.replaceAll('<!-- -->', '');

/** The first page of the stock as the server sends it, and how many cards it has. */
async function serverCards(tenant: ResolvedTenant): Promise<{ html: string; count: number }> {
  const response = await tenantHttp(tenant.slug, DEFAULT_PATH);
  expect(response.status).toBe(200);
  return { html: response.text, count: (response.text.match(/data-testid="car-card"/g) ?? []).length };
}

const money = (n: number) => `$${Math.round(n).toLocaleString('en-AU')}`;

/** The cash price text of a car by spec §4, worked out here from the API's record. */
async function expectedPrice(tenant: ResolvedTenant, slug: string): Promise<string> {
  const response = await tenantHttp(tenant.slug, `/api/cars/${slug}`);
  const car = response.json as { price: number; offer_price: number | null; before_price: number | null; preorder: boolean; subscription_price: number | null; status: string; sold: boolean };
  if (tenant.features.subscriptionLayout && (car.subscription_price ?? 0) > 10) return money(car.subscription_price ?? 0);
  if (car.offer_price !== null && car.offer_price > 10 && car.offer_price < car.price) return money(car.offer_price);
  if (car.price <= 10) return car.preorder ? tenant.labels.preorder : tenant.labels.noPrice;
  return money(car.price);
}

/** The stock word of each kind of site (spec §3 item_type), written out here. */
const STOCK_WORDS: Record<ResolvedTenant['search']['itemType'], { one: string; many: string; heading: string }> = {
  car: { one: 'car', many: 'cars', heading: 'Cars' },
  caravan: { one: 'caravan', many: 'caravans', heading: 'Caravans' },
  motorcycle: { one: 'motorcycle', many: 'motorcycles', heading: 'Motorcycles' },
  truck: { one: 'truck', many: 'trucks', heading: 'Trucks' },
};

test.describe('favourites on the device', () => {
  test('the heart on cards and the vehicle page, and the favourites page', onOneTenant({ has: (t) => t.features.favouritesMechanism === 'favourites', variant: (t) => t.search.itemType }), async ({ page, tenant, expectNoAxeViolations }) => {
    test.slow();
    // The list works the same on every site that has it; its words follow the stock word.
    const problems = watchConsole(page);
    const favourites = tenant.features.favouritesMechanism === 'favourites';
    const page404 = await tenantHttp(tenant.slug, '/favourites');
    if (!favourites) {
      expect(page404.status).toBe(404);
      // The stock's cards as the server sends them (hydration renders the same): no heart on any.
      const cards = await serverCards(tenant);
      expect(cards.count, 'cards on the stock page').toBeGreaterThan(0);
      expect(cards.html.match(/<button [^>]*aria-label="(SAVE|SAVED): [^"]*"[^>]*><svg/g) ?? []).toEqual([]);
      return;
    }
    // Server render: the list is pending, not the empty state (which would be wrong for a shopper with favourites).
    expect(page404.status).toBe(200);
    const html = visibleHtml(page404.text);
    expect(html.includes('Looking for your favourites on this device'), 'the server renders the list pending').toBe(true);
    expect(html.includes('You have no favourites yet'), 'the server does not claim the list is empty').toBe(false);
    expect(/<meta name="robots" content="noindex/.test(html), 'noindex').toBe(true);

    // A fresh device: the empty state after hydration, leading to the stock.
    await page.goto('/favourites');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 2, name: 'You have no favourites yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse our stock' })).toHaveAttribute('href', tenant.routes.defaultSearchPath);

    // The heart on a card: SAVE → SAVED, a toast that leads to the page, event 39.
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const cards = availableCards(page);
    const first = cards.nth(0);
    const second = cards.nth(1);
    const firstTitle = await cardTitle(first);
    const secondTitle = await cardTitle(second);
    const secondHref = (await second.getByRole('heading').getByRole('link').getAttribute('href')) ?? '';
    await first.getByRole('button', { name: `${tenant.labels.save}: ${firstTitle}` }).click();
    await expect(first.getByRole('button', { name: `${tenant.labels.saved}: ${firstTitle}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Saved to your favourites').first()).toBeVisible();
    expect(await eventsWithId(page, 39)).toHaveLength(1);
    await expect(page.getByTestId('saved-cars-links').getByRole('link', { name: 'Favourites (1)' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(first, { path: `test-results/forms/favourites-${tenant.slug}-card-phone.png` });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The heart on the vehicle page sidebar.
    await page.goto(secondHref);
    await hydrated(page);
    const sidebar = page.getByTestId('saved-car-controls');
    // The vehicle page names the car by its own title rule (series display), so by the label alone.
    await sidebar.getByRole('button', { name: new RegExp(`^${tenant.labels.save}: `) }).click();
    await expect(sidebar.getByRole('button', { name: new RegExp(`^${tenant.labels.saved}: `) })).toHaveAttribute('aria-pressed', 'true');
    await keepScreenshot(page, { path: `test-results/forms/favourites-${tenant.slug}-vehicle.png` });
    await page.getByRole('button', { name: 'View Favourites' }).click();
    await expect(page).toHaveURL(/\/favourites$/);

    // The page: newest first, today's price from the stock, no hydration problem.
    const rows = page.getByTestId('favourite-car');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('heading')).toHaveText(secondTitle);
    await expect(rows.nth(1).getByRole('heading')).toHaveText(firstTitle);
    await expect(rows.nth(0).getByTestId('favourite-price')).toContainText(await expectedPrice(tenant, secondHref.replace('/cars/', '')));
    const noun = STOCK_WORDS[tenant.search.itemType];
    await expect(page.getByText(`2 ${noun.many} saved on this device`)).toBeVisible();
    await expect(page.getByRole('list', { name: `Favourite ${noun.many}` })).toBeVisible();
    if (noun.many !== 'cars') await expect(page.getByRole('main')).not.toContainText(/\bcars?\b/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `test-results/forms/favourites-${tenant.slug}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, { path: `test-results/forms/favourites-${tenant.slug}-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Remove one; the device keeps the change across a reload (a hydrating render, not a navigation).
    await rows.nth(0).getByRole('button', { name: `Remove ${secondTitle} from your favourites` }).click();
    await expect(rows).toHaveCount(1);
    await page.reload();
    await hydrated(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).getByRole('heading')).toHaveText(firstTitle);
    expect(problems).toEqual([]);
  });
});

test.describe('compare list on the device', () => {
  test('Compare on cards up to the limit, and the side-by-side page', onOneTenant({ has: (t) => t.features.compare, variant: (t) => `${t.search.itemType} ${t.limits.compareCars}` }), async ({ page, tenant, expectNoAxeViolations }) => {
    test.slow();
    const problems = watchConsole(page);
    const response = await tenantHttp(tenant.slug, '/compare');
    if (!tenant.features.compare) {
      expect(response.status).toBe(404);
      // The stock's cards as the server sends them (hydration renders the same): no Compare on any.
      const cards = await serverCards(tenant);
      expect(cards.count, 'cards on the stock page').toBeGreaterThan(0);
      expect(cards.html).not.toContain(`aria-label="${tenant.labels.compare}: `);
      return;
    }
    expect(response.status).toBe(200);
    const html = visibleHtml(response.text);
    expect(html.includes('Looking for your compare list on this device'), 'the server renders the list pending').toBe(true);
    expect(html.includes('Your compare list is empty'), 'the server does not claim the list is empty').toBe(false);

    const limit = tenant.limits.compareCars;
    const noun = STOCK_WORDS[tenant.search.itemType];
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const cards = availableCards(page);
    const titles: string[] = [];
    for (let i = 0; i < limit; i++) {
      const card = cards.nth(i);
      const title = await cardTitle(card);
      titles.push(title);
      await card.getByRole('button', { name: `${tenant.labels.compare}: ${title}` }).click();
      await expect(card.getByRole('button', { name: `${tenant.labels.compare}: ${title}` })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(`Added to compare (${i + 1} of ${limit})`).first()).toBeVisible();
    }
    // One more than the limit: refused, and said so.
    const extra = cards.nth(limit);
    const extraTitle = await cardTitle(extra);
    await extra.getByRole('button', { name: `${tenant.labels.compare}: ${extraTitle}` }).click();
    await expect(page.getByText(`You can compare up to ${limit} ${noun.many}`).first()).toBeVisible();
    await expect(page.getByText(`Remove a ${noun.one} from your compare list to add the ${extraTitle}.`).first()).toBeVisible();
    await expect(extra.getByRole('button', { name: `${tenant.labels.compare}: ${extraTitle}` })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('saved-cars-links').getByRole('link', { name: `Compare (${limit})` })).toBeVisible();

    await page.getByRole('button', { name: 'Compare Now' }).click();
    await expect(page).toHaveURL(/\/compare$/);
    const table = page.getByTestId('compare-table');
    const columns = table.getByTestId('compare-car');
    await expect(columns).toHaveCount(limit);
    await expect(page.getByRole('heading', { level: 1, name: `Compare ${noun.many}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^Compare ${noun.many} \\|`));
    await expect(page.getByText(`${limit} of ${limit} ${noun.many}`)).toBeVisible();
    await expect(table.locator('caption')).toContainText(`${limit} ${limit === 1 ? noun.one : noun.many} side by side`);
    await expect(table.locator('thead')).toContainText(`${noun.heading} compared`);
    for (const [index, title] of titles.entries()) await expect(columns.nth(index)).toContainText(title);
    await expect(table.getByRole('rowheader', { name: /^Price/ })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: /^Year/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `test-results/forms/compare-${tenant.slug}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, { path: `test-results/forms/compare-${tenant.slug}-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Only differences: rows where the cars are alike are hidden.
    const allRows = await table.locator('tbody tr').count();
    const alike = await table.locator('tbody tr[data-differs="false"]').count();
    await page.getByRole('checkbox', { name: 'Show only differences' }).click();
    await expect(table.locator('tbody tr[data-differs="false"]')).toHaveCount(0);
    if (alike > 0 && alike < allRows) await expect(table.locator('tbody tr')).toHaveCount(allRows - alike);

    // Remove: the column goes, the device keeps it across a reload.
    await columns.nth(0).getByRole('button', { name: `Remove ${titles[0]} from compare` }).click();
    await expect(columns).toHaveCount(limit - 1);
    await page.reload();
    await hydrated(page);
    await expect(columns).toHaveCount(limit - 1);
    await expect(columns.nth(0)).toContainText(titles[1] ?? '');

    // The vehicle page's Compare control adds the car that was refused before.
    const extraHref = (await page.goto(DEFAULT_PATH), await waitForResults(page), await extra.getByRole('heading').getByRole('link').getAttribute('href')) ?? '';
    await page.goto(extraHref);
    await hydrated(page);
    const controls = page.getByTestId('saved-car-controls');
    const compareButton = controls.getByRole('button', { name: new RegExp(`^${tenant.labels.compare}: `) });
    await compareButton.click();
    await expect(compareButton).toHaveAttribute('aria-pressed', 'true');
    await expect(controls.getByRole('link', { name: `Compare (${limit})` })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
