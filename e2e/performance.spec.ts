import { request as httpRequest } from 'node:http';
import { DEFAULT_BUDGET, formatKb } from '../build/budgets.ts';
import { expect, test } from './lib/fixtures.ts';
import { E2E_PORT } from './lib/tenants.ts';

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

for (const [name, path] of [
  ['home page', '/'],
  ['search results page', '/search/new-used-and-demo-cars/'],
] as const) {
  test(`landing on the ${name} stays within the JS budget and does not shift layout`, async ({ page, tenant }) => {
    await page.addInitScript(() => {
      (window as unknown as { fcCls: number }).fcCls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { fcCls: number }).fcCls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
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
  });
}
