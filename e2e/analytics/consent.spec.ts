import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { analyticsEvents, consentCommands, hasTags, interceptTags } from '../lib/analytics.ts';
import { expect, keepScreenshot, onOneTenant, test } from '../lib/fixtures.ts';
import { noteScriptsAtHydration, scriptsBeforeHydration } from '../lib/hydration-scripts.ts';
import { tenantHttp } from '../lib/tenant-http.ts';

// The cookie banner (Australian Privacy Principles, Google Consent Mode v2): a tenant with
// analytics ids asks before anything loads and remembers the answer; "Cookie settings" in the
// footer changes it; only after Accept are the tenant's own tags requested (answered here: there
// is no internet), each carrying the page's nonce and allowed by its Content-Security-Policy. A
// tenant without ids shows no banner and loads nothing. Real-user Core Web Vitals are measured
// and sent only after consent.

const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };

/** The tag scripts a tenant's ids stand for, in the order they load (written out here, from the providers' documented URLs). */
function expectedScripts(tenant: ResolvedTenant): string[] {
  const ids = tenant.analytics ?? {};
  return [
    ...(ids.googleTagManagerId ? [`https://www.googletagmanager.com/gtm.js?id=${ids.googleTagManagerId}`] : []),
    ...(ids.googleAnalyticsId ? [`https://www.googletagmanager.com/gtag/js?id=${ids.googleAnalyticsId}`] : []),
    ...(ids.facebookPixelId ? ['https://connect.facebook.net/en_US/fbevents.js'] : []),
  ];
}

function companies(tenant: ResolvedTenant): string {
  const ids = tenant.analytics ?? {};
  const google = Boolean(ids.googleTagManagerId || ids.googleAnalyticsId);
  const meta = Boolean(ids.facebookPixelId);
  return google && meta ? 'Google and Meta' : google ? 'Google' : 'Meta';
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
}

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Cookies and your privacy' });

/** The tag scripts the page added are the tenant's, each with the page's nonce. */
async function expectTagsCarryNonce(page: Page, tenant: ResolvedTenant, csp: string) {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const added = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[src^="https:"]')].map((s) => ({ src: s.src, nonce: s.nonce })));
  expect(added.map((s) => s.src)).toEqual(expectedScripts(tenant));
  for (const script of added) expect(script.nonce).not.toBe('');
  expect(nonce).toBeTruthy();
}

/** A tenant without ids (as the server sends its home page): the policy allows no tag host, so nothing could load one. */
async function expectNoTagHosts(tenant: ResolvedTenant) {
  const csp = (await tenantHttp(tenant.slug, '/')).headers['content-security-policy'];
  expect(String(csp)).not.toMatch(/googletagmanager|google-analytics|facebook/);
}

/** A tenant without analytics ids: no banner, no Cookie settings, no tag, no consent code, nothing in the policy. */
async function expectNoAnalytics(page: Page) {
  const tags = await interceptTags(page);
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/(consent-slot|consent-banner|analytics-tags|web-vitals)[^/]*\.js$/.test(request.url())) chunks.push(request.url());
  });
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).not.toMatch(/googletagmanager|google-analytics|facebook/);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(bannerOf(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);
  expect(tags).toEqual([]);
  expect(chunks).toEqual([]);
  expect(await consentCommands(page)).toEqual([]);
}

test.describe('cookie consent', () => {
  test.use({ cookieChoice: null });

  test('without analytics ids there is no banner and nothing loads; with them, nothing loads before consent; the banner reads plainly and passes axe on a phone and a desktop; Accept loads exactly the tenant’s tags', async ({
    page,
    tenant,
    expectNoAxeViolations,
  }) => {
    if (!hasTags(tenant)) {
      await expectNoAnalytics(page);
      return;
    }
    const tags = await interceptTags(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`${tenant.name} would like to use cookies from ${companies(tenant)} to see how shoppers use this site and to measure our advertising.`);
    await expect(banner).toContainText('Nothing is loaded unless you accept');
    await expect(banner.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Decline' })).toBeVisible();
    // The banner does not take the keyboard: focus stays where it was, the page works behind it.
    await expect(banner).not.toBeFocused();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `test-results/analytics/consent-${tenant.slug}-phone.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `test-results/analytics/consent-${tenant.slug}-desktop.png` });
    expect(tags.map((r) => r.url())).toEqual([]);
    expect(await consentCommands(page)).toEqual([['default', DENIED]]);

    // The policy allows exactly the tags' script hosts, beside the page's own scripts and nonce.
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    const origins = [...new Set(expectedScripts(tenant).map((src) => new URL(src).origin))];
    expect(scriptSrc.filter((source) => source.startsWith('https:'))).toEqual(origins);
    expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(true);

    // Accept: exactly the tenant's tags load, each with the page's nonce.
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => tags.map((r) => r.url())).toEqual(expectedScripts(tenant));
    await expectTagsCarryNonce(page, tenant, csp);
    expect(await consentCommands(page)).toEqual([
      ['default', DENIED],
      ['update', GRANTED],
    ]);
    // The footer keeps the way to change it (the next test uses it).
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible();
  });

  test('Decline is remembered; Cookie settings in the footer changes it by keyboard; Accept is remembered', onOneTenant({ has: hasTags }), async ({ page, tenant }) => {
    if (!hasTags(tenant)) {
      // No ids: the first test finds no banner and no Cookie settings here; the policy allows no tag host.
      await expectNoTagHosts(tenant);
      return;
    }
    const tags = await interceptTags(page);
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();

    // Decline: nothing loads, now or on the next page.
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    expect(await consentCommands(page)).toEqual([
      ['default', DENIED],
      ['update', DENIED],
    ]);
    await page.reload();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(banner).toHaveCount(0);
    expect(tags.map((r) => r.url())).toEqual([]);

    // Cookie settings (footer), by keyboard: the banner opens with focus, says what was chosen.
    const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeFocused();
    await expect(banner).toContainText('You have declined these cookies.');
    await banner.getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect(settings).toBeFocused();
    await expect.poll(() => tags.map((r) => r.url())).toEqual(expectedScripts(tenant));
    await expectTagsCarryNonce(page, tenant, csp);
    expect(await consentCommands(page)).toEqual([
      ['default', DENIED],
      ['update', DENIED],
      ['update', GRANTED],
    ]);

    // The choice is remembered: the next page loads the tags with no banner.
    tags.length = 0;
    await page.reload();
    await hydrated(page);
    await expect.poll(() => tags.map((r) => r.url())).toEqual(expectedScripts(tenant));
    await expect(banner).toHaveCount(0);
  });

  test('the banner’s code loads after the page has hydrated, and an Accept tapped before it arrives is applied', onOneTenant({ has: hasTags }), async ({ page, tenant }) => {
    if (!hasTags(tenant)) {
      // No ids: the first test finds that nothing of the banner loads here; the policy allows no tag host.
      await expectNoTagHosts(tenant);
      return;
    }
    const tags = await interceptTags(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await noteScriptsAtHydration(page);
    // The banner's code is held back until the shopper has tapped Accept.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const bannerCode: string[] = [];
    await page.route(/\/assets\/consent-slot-[^/]+\.js$/, async (route) => {
      bannerCode.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto('/');
    const before = await scriptsBeforeHydration(page);
    expect(before.filter((script) => script.includes('consent-slot')), 'the banner’s code is not loaded before the page hydrates').toEqual([]);
    await expect.poll(() => bannerCode.length, 'the banner’s code is asked for once the page has hydrated').toBe(1);
    await bannerOf(page).getByRole('button', { name: 'Accept' }).click();
    expect(tags).toEqual([]);
    release();
    await expect(bannerOf(page)).toBeHidden();
    await expect.poll(() => tags.map((r) => r.url())).toEqual(expectedScripts(tenant));
    expect(await consentCommands(page)).toEqual([
      ['default', DENIED],
      ['update', GRANTED],
    ]);
  });

  test('Core Web Vitals (LCP, INP, CLS) are measured and sent only after consent', onOneTenant({ has: hasTags }), async ({ page, tenant }) => {
    if (!hasTags(tenant)) {
      // No ids, no consent to wait for: the policy allows no tag host, so nothing could send them.
      await expectNoTagHosts(tenant);
      return;
    }
    await interceptTags(page);
    const vitalsChunk: string[] = [];
    page.on('request', (request) => {
      if (/web-vitals/.test(request.url())) vitalsChunk.push(request.url());
    });
    await page.goto('/');
    await expect(bannerOf(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(vitalsChunk).toEqual([]);
    await bannerOf(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => vitalsChunk.length).toBe(1);
    // The library reports a page's values once they are final: LCP at the shopper's next input
    // (a key press), CLS when the page goes to the background (a tab switch, simulated here).
    await page.waitForFunction(() => (window as { fcWebVitals?: unknown }).fcWebVitals === true);
    await page.keyboard.press('Shift');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    // Each once; INP too when the page saw an interaction slow enough to count (the Accept click may be).
    await expect.poll(async () => (await analyticsEvents(page)).map((event) => event.name).filter((name) => name === 'LCP' || name === 'CLS').sort()).toEqual(['CLS', 'LCP']);
    for (const event of await analyticsEvents(page)) {
      if (!['LCP', 'CLS', 'INP'].includes(event.name)) continue;
      expect(typeof event.params.metric_value).toBe('number');
      expect(['good', 'needs-improvement', 'poor']).toContain(event.params.metric_rating);
    }
  });
});
