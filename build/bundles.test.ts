import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleKey, linkedBundle, parseShard, removeUnusedBundles, shardKeys } from './bundles.ts';
import { checkFeatureAbsence } from './feature-absence.ts';
import { runMatrix } from './matrix.ts';
import type { BuildReport } from './plugins/build-report.ts';
import { FIXTURE_FEATURE_MODULES, FIXTURE_REPO, fixtureTenant } from './test-fixtures/fixtures.ts';

let dist: string;
const lines: string[] = [];
// Alpha and gamma: the same switches, different dealers. Beta: other switches.
const files = [
  fixtureTenant('alpha', { compare: true, garage: false }),
  fixtureTenant('beta', { compare: false, garage: true }),
  fixtureTenant('gamma', { garage: false, compare: true }, { name: 'Gamma Prestige Cars' }),
];

function report(slug: string): BuildReport & { bundle: string } {
  return JSON.parse(readFileSync(join(dist, slug, 'build-report.json'), 'utf8')) as BuildReport & { bundle: string };
}

function javascript(slug: string): string {
  return report(slug).chunks.map((c) => readFileSync(join(dist, slug, c.file), 'utf8')).join('\n');
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fc-bundles-'));
  const result = await runMatrix({ files, repoRoot: FIXTURE_REPO, distDir: dist, concurrency: 2, log: (line) => lines.push(line) });
  if (!result.ok) throw new Error(result.results.flatMap((r) => r.messages).join('\n'));
}, 180_000);

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('bundles shared by content', () => {
  it('tenants with the same switches (in any order) link to one bundle; other switches get their own', () => {
    expect(lines).toContain('3 tenants share 2 bundles: 2 to build, 2 at a time');
    expect(linkedBundle(dist, 'alpha')).toBe(linkedBundle(dist, 'gamma'));
    expect(linkedBundle(dist, 'beta')).not.toBe(linkedBundle(dist, 'alpha'));
    expect(readdirSync(join(dist, '_bundles')).sort()).toEqual([linkedBundle(dist, 'alpha'), linkedBundle(dist, 'beta')].sort());
    // The tenant's folder holds links to the bundle's files, not copies.
    expect(lstatSync(join(dist, 'gamma', 'assets')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dist, 'gamma', 'server')).isSymbolicLink()).toBe(true);
  });

  it('each tenant keeps its own build report and index.html; its data is not in the shared JavaScript', () => {
    expect(report('gamma').slug).toBe('gamma');
    expect(report('alpha').slug).toBe('alpha');
    expect(report('gamma').configHash).not.toBe(report('alpha').configHash);
    expect(report('gamma').flags).toEqual(report('alpha').flags);
    const gammaHtml = readFileSync(join(dist, 'gamma', 'index.html'), 'utf8');
    expect(gammaHtml).toContain('<title>Gamma Prestige Cars</title>');
    expect(gammaHtml).toContain('<script type="application/json" id="fc-tenant">');
    expect(gammaHtml).toContain('"slug":"gamma"');
    expect(readFileSync(join(dist, 'alpha', 'index.html'), 'utf8')).toContain('<title>Alpha Motors</title>');
    expect(javascript('gamma')).not.toContain('Gamma Prestige Cars');
    expect(javascript('alpha')).not.toContain('Alpha Motors');
  });

  it('each tenant’s report records which pages its site has, asked of its bundle’s route tree: a switched-off feature’s page is none', () => {
    const exists = (slug: string) => Object.fromEntries(Object.entries(report(slug).routes).map(([file, route]) => [file, route.exists]));
    // Compare is on for alpha and gamma, off for beta; home and the layout are pages everywhere.
    expect(exists('alpha')).toEqual({ 'site/src/routes/__root.ts': true, 'site/src/routes/compare.ts': true, 'site/src/routes/index.ts': true });
    expect(exists('beta')).toEqual({ 'site/src/routes/__root.ts': true, 'site/src/routes/compare.ts': false, 'site/src/routes/index.ts': true });
    expect(report('beta').routes['site/src/routes/compare.ts']?.routeId).toBe('/compare');
    // And which routes load each feature's code: compare by its page, the garage link by the layout.
    expect(report('alpha').features.compare?.routes).toEqual(['site/src/routes/compare.ts']);
    expect(report('beta').features.garage?.routes).toEqual(['site/src/routes/__root.ts']);
    // The bundle's own report, shared by tenants, says nothing of any tenant's pages.
    const bundleReport = JSON.parse(readFileSync(join(dist, '_bundles', linkedBundle(dist, 'beta')!, 'build-report.json'), 'utf8')) as BuildReport;
    expect(Object.values(bundleReport.routes).some((route) => 'exists' in route)).toBe(false);
  });

  it('keeps the card’s promise for every tenant: off features absent, on features present, in the browser and the server bundle', () => {
    const result = checkFeatureAbsence(dist, ['alpha', 'beta', 'gamma'], FIXTURE_FEATURE_MODULES);
    expect(result.problems).toEqual([]);
    expect(result.checks).toEqual([
      { slug: 'alpha', present: ['compare'], absent: ['garage'] },
      { slug: 'beta', present: ['garage'], absent: ['compare'] },
      { slug: 'gamma', present: ['compare'], absent: ['garage'] },
    ]);
  });

  it('a change that is not a switch (the dealer’s name) builds nothing: the tenant is linked again', async () => {
    const renamed = fixtureTenant('gamma', { compare: true, garage: false }, { name: 'Gamma Renamed Cars' });
    const again: string[] = [];
    const result = await runMatrix({ files: [files[0]!, files[1]!, renamed], only: ['gamma'], repoRoot: FIXTURE_REPO, distDir: dist, log: (line) => again.push(line) });
    expect(result.ok).toBe(true);
    expect(again).toContain('1 tenant shares 1 bundle: 0 to build');
    expect(readFileSync(join(dist, 'gamma', 'index.html'), 'utf8')).toContain('<title>Gamma Renamed Cars</title>');
    expect(report('gamma').routes['site/src/routes/compare.ts']?.exists).toBe(true);
  }, 60_000);

  it('a whole build removes bundles no tenant links to any more, keeping the ones named', () => {
    const kept = linkedBundle(dist, 'alpha')!;
    expect(removeUnusedBundles(dist, ['alpha', 'gamma'], [])).toEqual([linkedBundle(dist, 'beta')]);
    expect(readdirSync(join(dist, '_bundles'))).toEqual([kept]);
  });
});

describe('content addresses and shards', () => {
  it('the address changes with a switch or the sources, not with the order of the switches', () => {
    const key = bundleKey({ compare: true, garage: false }, 'sources-1');
    expect(bundleKey({ garage: false, compare: true }, 'sources-1')).toBe(key);
    expect(bundleKey({ compare: false, garage: false }, 'sources-1')).not.toBe(key);
    expect(bundleKey({ compare: true, garage: false }, 'sources-2')).not.toBe(key);
    expect(bundleKey({ compare: true, garage: false, similarCarsLayout: 'grid' }, 'sources-1')).not.toBe(bundleKey({ compare: true, garage: false, similarCarsLayout: 'carousel' }, 'sources-1'));
  });

  it('--shard i/N gives every distinct bundle to exactly one runner, evenly', () => {
    const keys = ['k5', 'k1', 'k3', 'k1', 'k2', 'k4', 'k3', 'k6', 'k7'];
    const shards = [1, 2, 3].map((index) => shardKeys(keys, { index, count: 3 }));
    expect(shards.map((s) => [...s].sort())).toEqual([
      ['k1', 'k4', 'k7'],
      ['k2', 'k5'],
      ['k3', 'k6'],
    ]);
    expect(shardKeys(keys, { index: 1, count: 1 }).size).toBe(7);
  });

  it('refuses a malformed --shard with the option named', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '2', '']) {
      expect(parseShard(bad)).toEqual({ error: `--shard must be i/N with 1 ≤ i ≤ N (e.g. --shard 2/4), got "${bad}"` });
    }
  });
});
