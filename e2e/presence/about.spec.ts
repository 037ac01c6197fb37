import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { salesThisMonth } from '../../site/src/domain/sales-this-month.ts';
import { formatNumber } from '../../schema/number-format.ts';

// About us (spec §2 /about-us, §9 sales-this-month counter), every tenant: the dealer's
// page with its head; the counter under it where switched on, with the figure of the spec's rule
// at the page's time (checked at a fixed time through the test server's clock), absent elsewhere;
// a tenant without its own copy shows standard text about its locations. axe on the page.

test('about us: the dealer’s page, with the sales-this-month counter where switched on', async ({ page, tenant, expectNoAxeViolations }) => {
  const own = tenant.content.pages?.aboutUs;
  if (!own) {
    // Every site has an About us: without the dealer's copy, standard text about its own locations.
    const response = await page.goto('/about-us');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${tenant.name}`);
    for (const location of tenant.dealer.locations.filter((l) => l.visible !== false)) await expect(page.getByRole('main')).toContainText(location.name);
    await expectNoAxeViolations(page);
    return;
  }
  const about = own;
  // 3 July 2025 00:15 Brisbane time: spec §9's example, 2 × 192 + 2 = 386 with the default rates.
  const now = new Date('2025-07-03T00:15:00+10:00');
  await page.setExtraHTTPHeaders({ 'x-forecourt-test-now': now.toISOString() });
  const response = await page.goto('/about-us');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.title);
  expect(await page.title()).toBe(`${about.title} | ${tenant.name}`);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${new URL(tenant.siteUrl).origin}/about-us`);
  const counter = page.getByRole('region', { name: `cars sold this month by ${tenant.name}` });
  if (tenant.features.salesThisMonthCounter) {
    const rates = { perDay: tenant.limits.salesPerDay, secondsPerExtra: tenant.limits.salesSecondsPerExtra };
    // The server rendered the figure at the test clock's time (the page's HTML, before any refresh).
    const html = (await tenantHttp(tenant.slug, '/about-us', { headers: { 'x-forecourt-test-now': now.toISOString() } })).text;
    const figure = formatNumber(salesThisMonth(now, tenant.timeZone, rates));
    expect(html).toContain(`>${figure}</p>`);
    // Hydrated from the same clock: the browser shows the server's figure (it refreshes after 150 s).
    await expect(counter).toContainText(figure);
  } else {
    await expect(counter).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});
