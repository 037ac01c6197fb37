import { VEHICLE_LANDING_AIM } from '../build/bench.ts';
import { DEFAULT_BUDGET, formatKb } from '../build/budgets.ts';
import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { expect, test } from './lib/fixtures.ts';
import { builtChunks, lateLibraryIn, noteScriptsAtHydration, richestCarSlug, scriptsBeforeHydration } from './lib/hydration-scripts.ts';
import { E2E_PORT } from './lib/tenants.ts';
import { expectCssInItsHead, gzipBytes, watchStylesheets } from './search/page-weight.ts';

// What a shopper's browser really downloads: every script the page loaded (entry, route chunks,
// the loader's dynamic imports), measured as the server sends it gzip-compressed. The build
// report's figures are a static estimate; this is the check that counts. The landing budget and
// layout shift of the home page are checked in the load of shell.spec.ts's home test, and the
// search results page's (with its CSS and its renders after hydration) in the load of
// search.spec.ts's landing test (helpers: search/page-weight.ts).

// What a page needs before it is interactive, as the browser loads it: the first page's scripts,
// the route's chunks and the parts the route loads before hydrating (a car page's calculators,
// gauge and forms). The aim for the vehicle page is 150 KB gzip; zod (the API schemas,
// ~26 KB) and embla load after hydration, with the first request or carousel that needs them.
async function expectHydratesWithTheJsItNeeds(page: Page, tenant: ResolvedTenant, target: string, aim: number, aimNote = ''): Promise<void> {
  const scripts = await scriptsBeforeHydration(page);
  const chunks = builtChunks(tenant.slug);
  expect(lateLibraryIn(scripts, chunks), `a library loaded before ${target} hydrated`).toBeNull();
  const sizes = await Promise.all(scripts.map((script) => gzipBytes(tenant.slug, script)));
  const total = sizes.reduce((a, b) => a + b, 0);
  test.info().annotations.push({ type: 'JS before hydration, gzip', description: `${tenant.slug} ${target}: ${formatKb(total)} in ${scripts.length} files${aimNote}` });
  expect(total, `JS loaded before ${target} hydrated: ${formatKb(total)}`).toBeLessThanOrEqual(aim);
}

// One page for both (each load is a fresh document: the note is taken again in each).
test('the contact page and the enquiry page each hydrate with the JS they need, zod and carousels later', async ({ page, tenant }) => {
  await noteScriptsAtHydration(page);
  for (const path of ['/contact-us/', '/enquire/']) {
    await page.goto(path);
    await expectHydratesWithTheJsItNeeds(page, tenant, path, DEFAULT_BUDGET.landingJsGzip);
  }
});

// One load of a car page for both of its checks (each load is a cold server render).
test('a vehicle page hydrates with the JS it needs, zod and carousels later; it carries its CSS in its head and downloads no stylesheet, as it loads or starts', async ({ page, tenant }) => {
  const car = await richestCarSlug(E2E_PORT, tenant);
  expect(car, 'an in-stock car').not.toBeNull();
  const target = `/cars/${car}`;
  const stylesheets = watchStylesheets(page);
  await noteScriptsAtHydration(page);
  await page.goto(target);
  await expectHydratesWithTheJsItNeeds(page, tenant, target, VEHICLE_LANDING_AIM, ` (aim ${formatKb(VEHICLE_LANDING_AIM)})`);
  await page.waitForFunction(() => (window as unknown as { fcHydrated?: unknown }).fcHydrated === true);
  await page.waitForLoadState('networkidle');
  await expectCssInItsHead(page, tenant, stylesheets);
});
