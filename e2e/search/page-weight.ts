import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_BUDGET, formatKb } from '../../build/budgets.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test } from '../lib/fixtures.ts';
import { E2E_PORT } from '../lib/tenants.ts';

// What a shopper's browser really downloads and does while a page lands, for performance.spec.ts
// and for the tests that load the same page for other checks (the search results page's landing
// in search.spec.ts): one page load for all of them.

const DIST = join(import.meta.dirname, '..', '..', 'dist');

/** The bytes the server sends for `path`, gzip-compressed (as a browser asks for it). */
export function gzipBytes(slug: string, path: string): Promise<number> {
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
export async function watchLayoutShift(page: Page): Promise<void> {
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
export async function expectLandingWithinBudget(page: Page, tenant: ResolvedTenant, path: string): Promise<void> {
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

// A page carries its CSS in one <style> in its head: a phone's connection took four to five
// round trips for a car page's 25 stylesheets before anything painted. Each stylesheet the page
// carries is named by a disabled link, so Vite's preload helper does not download it again when
// the app starts (a disabled stylesheet is neither downloaded nor applied).
/** The stylesheets the page downloads from now on (call before `goto`; read after the page has hydrated and settled). */
export function watchStylesheets(page: Page): string[] {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(request.url());
  });
  return stylesheets;
}

/** The hydrated, settled page downloaded no stylesheet and carries each of its own, as built, in one <style> in its head. */
export async function expectCssInItsHead(page: Page, tenant: ResolvedTenant, stylesheets: string[]): Promise<void> {
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

/** Counts the components each of the page's commits renders, from its start (call before `goto`). */
export async function watchCommits(page: Page): Promise<void> {
  await page.addInitScript({ content: COMMIT_PROBE });
}

/**
 * The page has hydrated and settled (InstantSearch started, the device's state read: the page says
 * when its effects have run; then the frames after them, and no request left whose answer would
 * render), and no commit after hydration rendered the whole results page again (after `watchCommits`).
 */
export async function expectNotRenderedAgainAsAWhole(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { fcHydrated?: unknown }).fcHydrated === true);
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
}
