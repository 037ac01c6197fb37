import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { clockHeaders, setServerClock } from '../lib/test-clock.ts';

// About us (spec §2 /about-us, §9 sales-this-month counter), every tenant: the dealer's
// page with its head; the counter under it where switched on, with the figure of the spec's rule
// at the page's time (checked at a fixed time through the test server's clock), absent elsewhere;
// a tenant without its own copy shows standard text about its locations. axe on the page.


/**
 * Spec §9's sales-this-month figure, worked out here: 192 a day for the days of the month gone by
 * plus one per 450 seconds of today, on the site's own wall clock (the tenant's rates where it
 * sets others).
 */
function salesFigure(now: Date, timeZone: string, perDay: number, secondsPerExtra: number): number {
  const wall = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', { timeZone, day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }).formatToParts(now).map((p) => [p.type, Number(p.value)]),
  ) as Record<'day' | 'hour' | 'minute' | 'second', number>;
  return perDay * (wall.day - 1) + Math.floor((wall.hour * 3600 + wall.minute * 60 + wall.second) / secondsPerExtra);
}

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
  await setServerClock(page, now.toISOString());
  const response = await page.goto('/about-us');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.title);
  expect(await page.title()).toBe(`${about.title} | ${tenant.name}`);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${new URL(tenant.siteUrl).origin}/about-us`);
  const counter = page.getByRole('region', { name: `cars sold this month by ${tenant.name}` });
  if (tenant.features.salesThisMonthCounter) {
    const count = salesFigure(now, tenant.timeZone, tenant.limits.salesPerDay, tenant.limits.salesSecondsPerExtra);
    // The spec's own example: on Brisbane's clock (and Sydney's and Melbourne's in July) with the default rates.
    if (new Intl.DateTimeFormat('en-AU', { timeZone: tenant.timeZone, timeZoneName: 'shortOffset' }).format(now).endsWith('GMT+10') && tenant.limits.salesPerDay === 192 && tenant.limits.salesSecondsPerExtra === 450) expect(count).toBe(386);
    // The server rendered the figure at the test clock's time (the page's HTML, before any refresh).
    const html = (await tenantHttp(tenant.slug, '/about-us', { headers: clockHeaders(now.toISOString()) })).text;
    const figure = count.toLocaleString('en-AU');
    expect(html).toContain(`>${figure}</p>`);
    // Hydrated from the same clock: the browser shows the server's figure (it refreshes after 150 s).
    await expect(counter).toContainText(figure);
  } else {
    await expect(counter).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});
