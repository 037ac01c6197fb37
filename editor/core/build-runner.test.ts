import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildRunner, summariseReport } from './build-runner.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'builds-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const report = {
  slug: 'acme',
  totals: { js: { raw: 300_000, gzip: 100_000, brotli: 90_000 } },
  chunks: [
    { file: 'assets/index.js', raw: 200_000, gzip: 70_000 },
    { file: 'assets/cars.js', raw: 30_000, gzip: 9_000 },
  ],
  routes: { 'site/src/routes/cars/$slug.tsx': { chunks: ['assets/cars.js'], jsGzip: 9_000 }, 'site/src/routes/index.tsx': { chunks: ['assets/index.js'], jsGzip: 0 } },
  modules: [{ id: 'site/src/features/finance/a.tsx', chunk: 'assets/cars.js', bytes: 4_096 }],
  features: { compare: { on: false, modules: [] }, finance: { on: true, modules: ['site/src/features/finance/a.tsx'] } },
  flags: { compare: false, finance: true, blog: false, quickView: true },
};

/** A stand-in for the worker process that replays JSON lines. */
function fakeWorker(lines: object[], exitCode = 0) {
  const child = new EventEmitter() as EventEmitter & { stdout: PassThrough; stderr: PassThrough };
  child.stdout = new PassThrough();
  child.stderr = new PassThrough();
  setTimeout(() => {
    for (const l of lines) child.stdout.write(JSON.stringify(l) + '\n');
    child.stdout.end();
    setTimeout(() => child.emit('exit', exitCode), 5);
  }, 5);
  return child as never;
}

async function until(runner: BuildRunner, jobId: string) {
  for (let i = 0; i < 100; i++) {
    const s = runner.status(jobId, 0);
    if (s.state !== 'running') return s;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('build did not finish');
}

describe('BuildRunner', () => {
  it('turns worker progress into events and summarises the report', async () => {
    const reportPath = path.join(dir, 'build-report.json');
    writeFileSync(reportPath, JSON.stringify(report));
    const runner = new BuildRunner({
      tenantsDir: dir,
      distDir: dir,
      spawnWorker: () =>
        fakeWorker([
          { type: 'progress', phase: 'validate', message: 'Validating' },
          { type: 'progress', phase: 'bundle', message: 'Bundled 10 modules', progress: 0.5 },
          { type: 'done', reportPath },
        ]),
    });

    const jobId = runner.start('acme');
    const status = await until(runner, jobId);

    expect(status.state).toBe('done');
    expect(status.events.map((e) => e.phase)).toEqual(['queued', 'validate', 'bundle', 'done']);
    expect(status.report).toMatchObject({ slug: 'acme', totalJs: { raw: 300_000, gzip: 100_000 } });
  });

  it('reports a failed build with the worker error', async () => {
    const runner = new BuildRunner({ tenantsDir: dir, distDir: dir, spawnWorker: () => fakeWorker([{ type: 'failed', error: 'tenant is invalid' }], 1) });

    const status = await until(runner, runner.start('acme'));

    expect(status).toMatchObject({ state: 'failed', error: 'tenant is invalid' });
  });

  it('fails a build whose process dies without a word', async () => {
    const runner = new BuildRunner({ tenantsDir: dir, distDir: dir, spawnWorker: () => fakeWorker([], 137) });

    const status = await until(runner, runner.start('acme'));

    expect(status.error).toMatch(/exited with code 137/);
  });

  it('returns only events after `since`', async () => {
    const runner = new BuildRunner({ tenantsDir: dir, distDir: dir, spawnWorker: () => fakeWorker([{ type: 'progress', phase: 'bundle', message: 'x' }, { type: 'failed', error: 'e' }], 1) });
    const jobId = runner.start('acme');
    const all = (await until(runner, jobId)).events;

    const later = runner.status(jobId, all[1]!.seq).events;

    expect(later).toEqual(all.slice(1));
  });
});

describe('summariseReport', () => {
  it('lists JS per page under the names staff know, and which features are in the bundle with the value chosen', () => {
    const view = summariseReport(report, '/x/build-report.json', 1234);

    expect(view.routes).toEqual([
      { route: 'Car page', address: '/cars/…', raw: 30_000, gzip: 9_000 },
      { route: 'Home page', address: '/', raw: 200_000, gzip: 0 },
    ]);
    expect(view.features.map((f) => [f.name, f.value])).toEqual([['finance', 'On'], ['blog', 'Off'], ['compare', 'Off'], ['quickView', 'On']]);
    expect(view.features.map(({ value: _v, ...f }) => f)).toEqual([
      { name: 'finance', enabled: true, inBundle: true, modules: 1, bytes: 4_096, routes: ['Car page'], effect: 'Adds 4.0 kB to Car page' },
      { name: 'blog', enabled: false, inBundle: false, modules: 0, bytes: 0, routes: [], effect: 'No code of its own: read while the site runs, bundle unchanged' },
      { name: 'compare', enabled: false, inBundle: false, modules: 0, bytes: 0, routes: [], effect: 'Its code is left out of the bundle' },
      { name: 'quickView', enabled: true, inBundle: false, modules: 0, bytes: 0, routes: [], effect: 'No code of its own: read while the site runs, bundle unchanged' },
    ]);
  });

  it('shows a choice as chosen and leaves files that are not pages out', () => {
    const withChoice = {
      ...report,
      flags: { ...(report as { flags?: object }).flags, favouritesMechanism: 'watchlist', similarCarsLayout: 'carousel' },
      routes: { ...report.routes, 'site/src/routes/-content/blog-load.ts': { chunks: ['assets/blog-load.js'], jsGzip: 1_000 } },
    };
    const view = summariseReport(withChoice, '/x/build-report.json', 1);
    expect(view.features.find((f) => f.name === 'favouritesMechanism')?.value).toBe('watchlist');
    expect(view.features.find((f) => f.name === 'similarCarsLayout')?.value).toBe('carousel');
    expect(view.routes.map((r) => r.route)).toEqual(['Car page', 'Home page']);
  });

  it('lists every setting that differs from its default with its effect, and marks unread ones', () => {
    const tenant = { features: { compare: true, blog: true }, search: { pageSize: 48 }, analytics: { googleAnalyticsId: 'G-1' } };
    const schema = {
      type: 'object',
      properties: {
        features: { type: 'object', properties: { compare: { type: 'boolean', default: false }, blog: { type: 'boolean', default: false } } },
        search: { type: 'object', properties: { pageSize: { type: 'integer', default: 24 } } },
        analytics: { type: 'object', properties: { googleAnalyticsId: { type: 'string', default: '' } } },
      },
    };

    const view = summariseReport(report, '/x/build-report.json', 1, { tenant, schema, unread: new Set(['features.blog', 'analytics.googleAnalyticsId']) });

    expect(view.changedSettings).toEqual([
      { setting: 'features.compare', label: 'Features › Compare', value: 'true', default: 'false', effect: 'Its code is left out of the bundle' },
      { setting: 'features.blog', label: 'Features › Blog', value: 'true', default: 'false', effect: 'Not used by the site yet: no effect' },
      { setting: 'search.pageSize', label: 'Search › Page size', value: '48', default: '24', effect: 'Read while the site runs (text, numbers or links on its pages); bundle unchanged' },
      { setting: 'analytics.googleAnalyticsId', label: 'Analytics › Google analytics ID', value: '"G-1"', default: '""', effect: 'Not used by the site yet: no effect' },
    ]);
  });

  it('lists only the pages the build recorded for this tenant, by their names, and names the pages that load a feature’s code', () => {
    // A tenant's report: compare is switched off (its route is no page of this site), a loader
    // beside the routes is no page, and the build recorded which routes import each feature.
    const tenantReport = {
      slug: 'acme',
      totals: { js: { raw: 300_000, gzip: 100_000 } },
      chunks: [
        { file: 'assets/index.js', raw: 200_000, gzip: 70_000, initial: true, imports: [], dynamicImports: ['assets/cars.js', 'assets/compare.js', 'assets/checkout.js'] },
        { file: 'assets/cars.js', raw: 30_000, gzip: 9_000, imports: [], dynamicImports: ['assets/vehicle-later.js'] },
        { file: 'assets/vehicle-later.js', raw: 3_000, gzip: 1_000, imports: [], dynamicImports: ['assets/finance.js'] },
        { file: 'assets/finance.js', raw: 6_000, gzip: 2_000, imports: [], dynamicImports: [] },
        { file: 'assets/compare.js', raw: 5_000, gzip: 1_500, imports: [], dynamicImports: [] },
        { file: 'assets/checkout.js', raw: 4_000, gzip: 1_200, imports: [], dynamicImports: [] },
      ],
      routes: {
        'site/src/routes/__root.tsx': { chunks: ['assets/index.js'], jsGzip: 0, exists: true, routeId: '__root__' },
        'site/src/routes/index.tsx': { chunks: ['assets/index.js'], jsGzip: 0, exists: true, routeId: '/' },
        'site/src/routes/cars/$slug.tsx': { chunks: ['assets/cars.js'], jsGzip: 9_000, exists: true, routeId: '/cars/$slug' },
        'site/src/routes/cars/$slug_.checkout.tsx': { chunks: ['assets/checkout.js'], jsGzip: 1_200, exists: true, routeId: '/cars/$slug_/checkout' },
        'site/src/routes/cars/-vehicle-later.ts': { chunks: ['assets/vehicle-later.js'], jsGzip: 1_000, exists: false },
        'site/src/routes/compare.tsx': { chunks: ['assets/compare.js'], jsGzip: 1_500, exists: false, routeId: '/compare' },
      },
      modules: [
        { id: 'site/src/features/finance-calculator/index.tsx', chunk: 'assets/finance.js', bytes: 5_120 },
        { id: 'site/src/features/compare/compare-page.tsx', chunk: 'assets/compare.js', bytes: 4_000 },
        { id: 'site/src/features/print/index.tsx', chunk: 'assets/print.js', bytes: 2_048 },
      ],
      features: {
        financeCalculator: { on: true, modules: ['site/src/features/finance-calculator/index.tsx'], routes: ['site/src/routes/cars/$slug.tsx', 'site/src/routes/compare.tsx'] },
        print: { on: true, modules: ['site/src/features/print/index.tsx'], routes: ['site/src/routes/print.tsx'] },
        compare: { on: false, modules: [] },
      },
      flags: { financeCalculator: true, compare: false, favouritesMechanism: 'watchlist' },
    };

    const view = summariseReport(tenantReport, '/x/build-report.json', 1);

    expect(view.routes.map((r) => [r.route, r.address])).toEqual([
      ['Car page', '/cars/…'],
      ['Every page (header, footer, layout)', ''],
      ['Home page', '/'],
      ['Reserve a car', '/cars/…/checkout'],
    ]);
    // Imported by the car page and by the compare page, which this site does not have.
    expect(view.features.find((f) => f.name === 'financeCalculator')?.effect).toBe('Adds 5.0 kB to Car page');
    // Its page is not on this site (no print route recorded as a page).
    expect(view.features.find((f) => f.name === 'print')?.effect).toBe('Adds 2.0 kB to the bundle; no page of this site loads it');
    expect(view.features.find((f) => f.name === 'compare')?.effect).toBe('Its code is left out of the bundle');
    expect(view.features.find((f) => f.name === 'favouritesMechanism')?.value).toBe('watchlist');
  });

  it('separates the pages that load a feature so a page name with a comma stays whole', () => {
    const commaReport = {
      slug: 'acme',
      totals: { js: { raw: 100_000, gzip: 30_000 } },
      chunks: [{ file: 'assets/index.js', raw: 100_000, gzip: 30_000, initial: true, imports: [], dynamicImports: [] }],
      routes: {
        'site/src/routes/cars/$slug.tsx': { chunks: [], jsGzip: 0, exists: true, routeId: '/cars/$slug' },
        'site/src/routes/search/$.tsx': { chunks: [], jsGzip: 0, exists: true, routeId: '/search/$' },
      },
      modules: [{ id: 'site/src/features/test-drive/index.tsx', chunk: 'assets/test-drive.js', bytes: 2_150 }],
      features: { testDrive: { on: true, modules: ['site/src/features/test-drive/index.tsx'], routes: ['site/src/routes/cars/$slug.tsx', 'site/src/routes/search/$.tsx'] } },
      flags: { testDrive: true },
    };

    const view = summariseReport(commaReport, '/x/build-report.json', 1);

    expect(view.features.find((f) => f.name === 'testDrive')?.effect).toBe('Adds 2.1 kB to Car page; Search results by make, model or type');
  });

  it('refuses a report without totals', () => {
    expect(() => summariseReport({}, 'x', 0)).toThrow(/totals/);
  });
});
