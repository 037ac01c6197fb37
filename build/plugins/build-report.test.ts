import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createBuildReport, moduleIdForReport, sizes, type BuildReportOptions, type ChunkInput } from './build-report.ts';

const ROOT = '/repo';

const options: BuildReportOptions = {
  slug: 'harbour-motors',
  configHash: 'c0ffee',
  inputHash: 'feed',
  flags: { compare: true, garage: false },
  defines: { __FEATURE_COMPARE__: 'true', __FEATURE_GARAGE__: 'false' },
  repoRoot: ROOT,
  routesDir: 'site/src/routes',
  featureModules: {
    compare: { folders: ['site/src/features/compare'] },
    garage: { folders: ['site/src/features/garage'] },
  },
};

function chunk(file: string, init: Partial<ChunkInput>): ChunkInput {
  return { file, name: file, isEntry: false, isDynamicEntry: false, imports: [], dynamicImports: [], modules: [], bytes: Buffer.from(`/*${file}*/`.repeat(20)), ...init };
}

const chunks: ChunkInput[] = [
  chunk('assets/index.js', {
    isEntry: true,
    css: ['assets/index.css'],
    imports: ['assets/vendor.js'],
    dynamicImports: ['assets/compare.js'],
    modules: [
      { id: `${ROOT}/site/src/main.tsx`, renderedLength: 300, bytes: 120 },
      { id: `${ROOT}/site/src/routes/__root.tsx`, renderedLength: 500, bytes: 200 },
      { id: `${ROOT}/site/src/routes/compare.tsx`, renderedLength: 200, bytes: 80 },
      // Kept by the bundler, dropped by the minifier: the source map has no bytes for it.
      { id: `${ROOT}/site/src/features/garage/garage-link.tsx`, renderedLength: 150, bytes: 0 },
      { id: '\0virtual:tenant-config', renderedLength: 900 },
    ],
  }),
  chunk('assets/vendor.js', { modules: [{ id: `${ROOT}/node_modules/react/index.js`, renderedLength: 1000, bytes: 700 }] }),
  chunk('assets/compare.js', {
    isDynamicEntry: true,
    imports: ['assets/vendor.js', 'assets/shared-table.js'],
    modules: [
      { id: `${ROOT}/site/src/routes/compare.tsx?tsr-split=component`, renderedLength: 90, bytes: 40 },
      { id: `${ROOT}/site/src/features/compare/compare-page.tsx`, renderedLength: 400, bytes: 260 },
    ],
  }),
  chunk('assets/shared-table.js', { modules: [{ id: `${ROOT}/site/src/components/ui/table.tsx`, renderedLength: 50, bytes: 30 }] }),
];

describe('createBuildReport', () => {
  it('marks the entry and its static imports as the initial load and sums their sizes', () => {
    const report = createBuildReport(options, chunks, []);

    const initial = report.chunks.filter((c) => c.initial).map((c) => c.file);
    expect(initial).toEqual(['assets/index.js', 'assets/vendor.js']);
    const expectedGzip = ['assets/index.js', 'assets/vendor.js']
      .map((f) => gzipSync(chunks.find((c) => c.file === f)?.bytes ?? Buffer.alloc(0), { level: 9 }).byteLength)
      .reduce((a, b) => a + b);
    expect(report.totals.initialJs.gzip).toBe(expectedGzip);
    expect(report.totals.js.raw).toBe(chunks.reduce((t, c) => t + c.bytes.byteLength, 0));
    expect(report.totals.chunkCount).toBe(4);
  });

  it('counts the app the entry starts after the first paint as part of the initial load', () => {
    const withStart = [
      ...chunks.map((c) => (c.isEntry ? { ...c, dynamicImports: [...c.dynamicImports, 'assets/start.js'] } : c)),
      chunk('assets/start.js', { isDynamicEntry: true, facadeModuleId: `${ROOT}/site/src/app/start.tsx`, imports: ['assets/vendor.js', 'assets/router.js'] }),
      chunk('assets/router.js', {}),
    ];
    const report = createBuildReport(options, withStart, []);
    expect(report.chunks.filter((c) => c.initial).map((c) => c.file)).toEqual(['assets/index.js', 'assets/router.js', 'assets/start.js', 'assets/vendor.js']);
    const expectedGzip = ['assets/index.js', 'assets/router.js', 'assets/start.js', 'assets/vendor.js']
      .map((f) => gzipSync(withStart.find((c) => c.file === f)?.bytes ?? Buffer.alloc(0), { level: 9 }).byteLength)
      .reduce((a, b) => a + b);
    expect(report.totals.initialJs.gzip).toBe(expectedGzip);
  });

  it('lists only modules whose code survived minification, with repo-relative ids', () => {
    const report = createBuildReport(options, chunks, []);

    const ids = report.modules.map((m) => m.id);
    expect(ids).toContain('site/src/features/compare/compare-page.tsx');
    expect(ids).toContain('virtual:tenant-config');
    expect(ids).toContain('node_modules/react/index.js');
    expect(ids).not.toContain('site/src/features/garage/garage-link.tsx');
    expect(report.modules.find((m) => m.id === 'site/src/features/compare/compare-page.tsx')).toEqual({
      id: 'site/src/features/compare/compare-page.tsx',
      chunk: 'assets/compare.js',
      bytes: 260,
      renderedLength: 400,
    });
  });

  it('maps each route file to its chunks and the extra JS navigating there costs', () => {
    const report = createBuildReport(options, chunks, []);

    const compare = report.routes['site/src/routes/compare.tsx'];
    expect(compare?.chunks).toEqual(['assets/compare.js', 'assets/index.js']);
    const gz = (f: string) => report.chunks.find((c) => c.file === f)?.gzip ?? 0;
    // compare.js and its not-yet-loaded import shared-table.js; index/vendor were loaded already.
    expect(compare?.jsGzip).toBe(gz('assets/compare.js') + gz('assets/shared-table.js'));
    expect(report.routes['site/src/routes/__root.tsx']?.jsGzip).toBe(0);
    // Landing on compare first downloads the shell plus compare's own chunks.
    expect(compare?.landingJsGzip).toBe(report.totals.initialJs.gzip + compare!.jsGzip);
    expect(report.totals.heaviestLanding).toEqual({ route: 'site/src/routes/compare.tsx', jsGzip: compare!.landingJsGzip });
  });

  it('records per feature whether it is on and which of its modules are present', () => {
    const report = createBuildReport(options, chunks, [{ file: 'assets/index.css', bytes: Buffer.from('body{margin:0}') }]);

    expect(report.features.compare).toEqual({
      value: true,
      on: true,
      folders: ['site/src/features/compare'],
      modules: ['site/src/features/compare/compare-page.tsx'],
    });
    expect(report.features.garage).toMatchObject({ value: false, on: false, modules: [] });
    expect(report.totals.css.raw).toBe(14);
    expect(report.totals.initialCss.raw).toBe(14);
    expect(report.chunks.find((c) => c.file === 'assets/index.js')?.css).toEqual(['assets/index.css']);
    expect(report).toMatchObject({ version: 2, slug: 'harbour-motors', configHash: 'c0ffee', inputHash: 'feed', flags: options.flags });
  });
});

describe('moduleIdForReport', () => {
  it('makes ids machine-independent', () => {
    expect(moduleIdForReport('/repo/site/src/a.tsx?tsr-split=component', '/repo')).toBe('site/src/a.tsx?tsr-split=component');
    expect(moduleIdForReport('/elsewhere/node_modules/.pnpm/x/node_modules/react/index.js', '/repo')).toBe('node_modules/react/index.js');
    expect(moduleIdForReport('\0virtual:tenant-config', '/repo')).toBe('virtual:tenant-config');
  });
});

describe('sizes', () => {
  it('reports raw, gzip and brotli byte counts', () => {
    const bytes = Buffer.from('const a = 1;'.repeat(200));

    const s = sizes(bytes);

    expect(s.raw).toBe(2400);
    expect(s.gzip).toBeGreaterThan(0);
    expect(s.gzip).toBeLessThan(200);
    expect(s.brotli).toBeLessThan(200);
  });
});
