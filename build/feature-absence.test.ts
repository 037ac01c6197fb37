import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { checkFeatureAbsence } from './feature-absence.ts';
import { buildOne } from './matrix.ts';
import type { BuildReport } from './plugins/build-report.ts';
import { FIXTURE_FEATURE_MODULES, FIXTURE_REPO, fixtureResolvedTenant } from './test-fixtures/fixtures.ts';

let dist: string;

function tenant(slug: string, features: Record<string, unknown>): ResolvedTenant {
  return fixtureResolvedTenant(slug, features);
}

function bundleText(slug: string): string {
  const report = JSON.parse(readFileSync(join(dist, slug, 'build-report.json'), 'utf8')) as BuildReport;
  return report.chunks.map((c) => readFileSync(join(dist, slug, c.file), 'utf8')).join('\n');
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fc-absence-'));
  const opts = { repoRoot: FIXTURE_REPO, distDir: dist, inputHash: 'test', log: () => {} };
  const outcomes = await Promise.all([
    buildOne(tenant('alpha', { compare: true, garage: false }), opts),
    buildOne(tenant('beta', { compare: false, garage: true }), opts),
  ]);
  for (const outcome of outcomes) if (!outcome.ok) throw new Error(outcome.error);
}, 180_000);

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('checkFeatureAbsence on real fixture builds', () => {
  it('finds an on feature present and an off feature absent, per tenant', () => {
    const result = checkFeatureAbsence(dist, ['alpha', 'beta'], FIXTURE_FEATURE_MODULES);

    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.checks).toEqual([
      { slug: 'alpha', present: ['compare'], absent: ['garage'] },
      { slug: 'beta', present: ['garage'], absent: ['compare'] },
    ]);
  });

  it('holds the server entry to the same rule', () => {
    const serverText = (slug: string) => readFileSync(join(dist, slug, 'server', 'entry-server.js'), 'utf8');
    expect(serverText('alpha')).toContain('FIXTURE_COMPARE_ROW');
    expect(serverText('alpha')).not.toContain('FIXTURE_GARAGE_LINK');
    expect(serverText('beta')).toContain('FIXTURE_GARAGE_LINK');
    expect(serverText('beta')).not.toContain('FIXTURE_COMPARE_ROW');
    // A switched-off feature's code in a server entry is reported.
    const listFile = join(dist, 'alpha', 'server', 'modules.json');
    const list = JSON.parse(readFileSync(listFile, 'utf8')) as { modules: string[] };
    writeFileSync(listFile, JSON.stringify({ modules: [...list.modules, 'site/src/features/garage/garage-link.ts'] }));
    const result = checkFeatureAbsence(dist, ['alpha'], FIXTURE_FEATURE_MODULES);
    writeFileSync(listFile, JSON.stringify(list));
    expect(result.problems).toEqual(['alpha: feature "garage" is off (false) but its code is in the server entry: site/src/features/garage/garage-link.ts']);
  });

  it('agrees with the shipped code itself', () => {
    // The fixture features carry marker strings, so the minified output can be checked directly.
    expect(bundleText('alpha')).toContain('FIXTURE_COMPARE_ROW');
    expect(bundleText('alpha')).not.toContain('FIXTURE_GARAGE_LINK');
    expect(bundleText('beta')).toContain('FIXTURE_GARAGE_LINK');
    expect(bundleText('beta')).not.toContain('FIXTURE_COMPARE_ROW');
  });

  it('reports an off feature whose code is in the bundle, and an on feature whose code is missing', () => {
    // Point each flag at the other one's folder: both directions must now fail.
    const swapped = {
      compare: { folders: ['site/src/features/garage'] },
      garage: { folders: ['site/src/features/compare'] },
    };

    const result = checkFeatureAbsence(dist, ['alpha'], swapped);

    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      'alpha: feature "compare" is on (true) but no module of site/src/features/garage is in the bundle',
      'alpha: feature "garage" is off (false) but its code is in the bundle: site/src/features/compare/compare-page.ts, site/src/features/compare/compare-rows.ts',
      'alpha: feature "compare" is on (true) but no module of site/src/features/garage is in the server entry',
      'alpha: feature "garage" is off (false) but its code is in the server entry: site/src/features/compare/compare-page.ts, site/src/features/compare/compare-rows.ts',
    ]);
  });

  it('fails for a tenant without a build and for a mapped flag the config lacks', () => {
    const result = checkFeatureAbsence(dist, ['alpha', 'gamma'], { ...FIXTURE_FEATURE_MODULES, noSuchFlag: { folders: ['site/src/features/no-such-flag'] } });

    expect(result.problems).toContain('gamma: dist/gamma/build-report.json is missing — run npm run build');
    expect(result.problems).toContain('alpha: feature "noSuchFlag" is mapped in build/feature-modules.ts but the tenant config has no such flag');
  });

  it('rejects a report from another build format', () => {
    const file = join(dist, 'beta', 'build-report.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(original), version: 0 }));

    const result = checkFeatureAbsence(dist, ['beta'], FIXTURE_FEATURE_MODULES);

    writeFileSync(file, original);
    expect(result.problems).toEqual(['beta: dist/beta/build-report.json has version 0, expected 2 — rebuild']);
  });
});
