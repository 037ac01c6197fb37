import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { VEHICLE_LANDING_AIM } from '../build/bench.ts';
import { DEFAULT_BUDGET, formatKb } from '../build/budgets.ts';
import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { expect, test } from './lib/fixtures.ts';
import { builtChunks, lateLibraryIn, noteScriptsAtHydration, richestCarSlug, scriptsBeforeHydration } from './lib/hydration-scripts.ts';
import { E2E_PORT } from './lib/tenants.ts';

const DIST = join(import.meta.dirname, '..', 'dist');

// What a shopper's browser really downloads: every script the page loaded (entry, route chunks,
// the loader's dynamic imports), measured as the server sends it gzip-compressed. The build
// report's figures are a static estimate; this is the check that counts.

function gzipBytes(slug: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: E2E_PORT, path, headers: { host: `${slug}.localhost:${E2E_PORT}`, 'accept-encoding': 'gzip' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.headers['content-encoding'] === 'gzip' || bytes < 1024 ? resolve(bytes) : reject(new Error(`${path} was not gzip-compressed`))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** From the page's start, the layout shifts made without the shopper's input add up in `window.fcCls`. Call before `goto`. */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { fcCls: number }).fcCls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { fcCls: number }).fcCls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Every script the page has loaded so far is within the landing budget (gzip, as the server sends it), and nothing shifted the layout. */
async function expectLandingWithinBudget(page: Page, tenant: ResolvedTenant, path: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.pathname.endsWith('.js'))
      .map((u) => u.pathname),
  );
  const sizes = await Promise.all([...new Set(scripts)].map((p) => gzipBytes(tenant.slug, p)));
  const total = sizes.reduce((a, b) => a + b, 0);
  test.info().annotations.push({ type: 'landing JS gzip', description: `${tenant.slug} ${path}: ${formatKb(total)} in ${sizes.length} files` });
  expect(total, `JS loaded landing on ${path}: ${formatKb(total)}`).toBeLessThanOrEqual(DEFAULT_BUDGET.landingJsGzip);

  const cls = await page.evaluate(() => (window as unknown as { fcCls: number }).fcCls);
  expect(cls, 'cumulative layout shift').toBeLessThan(0.1);
}

test('landing on the home page stays within the JS budget and does not shift layout', async ({ page, tenant }) => {
  await watchLayoutShift(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expectLandingWithinBudget(page, tenant, '/');
});

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

for (const [name, path] of [
  ['the contact page', '/contact-us/'],
  ['the enquiry page', '/enquire/'],
] as const) {
  test(`${name} hydrates with the JS it needs, zod and carousels later`, async ({ page, tenant }) => {
    await noteScriptsAtHydration(page);
    await page.goto(path);
    await expectHydratesWithTheJsItNeeds(page, tenant, path, DEFAULT_BUDGET.landingJsGzip);
  });
}

// A page carries its CSS in one <style> in its head: a phone's connection took four to five
// round trips for a car page's 25 stylesheets before anything painted. Each stylesheet the page
// carries is named by a disabled link, so Vite's preload helper does not download it again when
// the app starts (a disabled stylesheet is neither downloaded nor applied).
/** The stylesheets the page downloads from now on (call before `goto`; read after the page has hydrated and settled). */
function watchStylesheets(page: Page): string[] {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(request.url());
  });
  return stylesheets;
}

/** The hydrated, settled page downloaded no stylesheet and carries each of its own, as built, in one <style> in its head. */
async function expectCssInItsHead(page: Page, tenant: ResolvedTenant, stylesheets: string[]): Promise<void> {
  expect(stylesheets, 'stylesheets downloaded').toEqual([]);
  const head = await page.evaluate(() => ({
    linked: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].map((link) => link.href),
    named: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map((link) => new URL(link.href).pathname),
    style: document.querySelector('style[data-tsr-inline-css]')?.textContent ?? '',
  }));
  expect(head.linked, 'stylesheets linked').toEqual([]);
  expect(head.named.length, 'stylesheets the page carries').toBeGreaterThan(1);
  // The <style> holds each named file as the build wrote it, in the order the page names them.
  const texts = head.named.map((file) => readFileSync(join(DIST, tenant.slug, file), 'utf8'));
  expect(head.style).toBe(texts.join(''));
}

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

// After hydration, nothing may render the whole page again: on a phone each such render is one
// long, unsliced task (updates after hydration are not time-sliced). Counted through React's
// DevTools hook, which production React calls on every commit: the components that rendered in
// each commit after the first (fibers cloned in that commit and marked as having rendered).
const COMMIT_PROBE = `(() => {
  window.fcCommits = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {},
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      let rendered = 0;
      const walk = (fiber) => { for (let f = fiber; f; f = f.sibling) {
        if (typeof f.type === 'function' && (f.alternate === null || (f.flags & 1))) rendered += 1;
        if (f.child && (f.alternate === null || f.child !== f.alternate.child)) walk(f.child);
      } };
      const top = root.current;
      if (top.alternate === null || top.child !== top.alternate.child) walk(top.child);
      window.fcCommits.push(rendered);
    },
  };
})();`;

// One load of the search results page for its three checks (each load is a cold server render of
// results and facets): the landing budget and layout shift, the CSS in its head, and no render of
// the whole page after hydration.
test('landing on the search results page stays within the JS budget and does not shift layout; it carries its CSS in its head and downloads no stylesheet; it is not rendered again as a whole once it has hydrated', async ({ page, tenant }) => {
  const path = '/search/new-used-and-demo-cars/';
  await watchLayoutShift(page);
  const stylesheets = watchStylesheets(page);
  await page.addInitScript({ content: COMMIT_PROBE });
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { fcHydrated?: unknown }).fcHydrated === true);
  // InstantSearch starts and the device's state is read after hydration: the page says when its
  // effects have run; then the frames after them, and no request left whose answer would render.
  await expect(page.locator('[data-interactive="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const commits = await page.evaluate(() => (window as unknown as { fcCommits: number[] }).fcCommits);
  const cards = await page.getByTestId('results').locator(':scope > li').count();
  // The hydration commit renders every card's components; later commits only what changed.
  const hydration = Math.max(...commits);
  expect(hydration).toBeGreaterThan(cards * 8);
  const later = commits.slice(commits.indexOf(hydration) + 1);
  test.info().annotations.push({ type: 'components rendered per commit', description: commits.join(', ') });
  for (const rendered of later) expect(rendered, `a commit after hydration rendered ${rendered} components (all commits: ${commits.join(', ')})`).toBeLessThan(cards * 4);

  await expectLandingWithinBudget(page, tenant, path);
  await expectCssInItsHead(page, tenant, stylesheets);
});
