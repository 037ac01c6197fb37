import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startBuilds, watchTenantBuilds } from './background.ts';
import { linkedBundle } from './bundles.ts';
import { FIXTURE_REPO, fixtureTenant } from './test-fixtures/fixtures.ts';

/*
 * npm start's builds on a fresh clone (nothing built): the sites must be servable as soon as the
 * one stand-in bundle exists, long before every tenant's own bundle is built.
 */

const root = mkdtempSync(join(tmpdir(), 'fc-background-'));
const dist = join(root, 'dist');
const tenantsDir = join(root, 'tenants');
const files = [fixtureTenant('alpha', { compare: true, garage: false }), fixtureTenant('beta', { compare: false, garage: true })];

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('npm start on a fresh clone', () => {
  it('has every site servable from the stand-in before any tenant’s own bundle is built, then links each to its own', async () => {
    mkdirSync(tenantsDir, { recursive: true });
    for (const f of files) writeFileSync(join(tenantsDir, f.file), f.text);
    const lines: string[] = [];
    const builds = startBuilds({ files, distDir: dist, repoRoot: FIXTURE_REPO, tenantsDir, log: (line) => lines.push(line) });
    let allBuilt = false;
    void builds.done.then(() => {
      allBuilt = true;
    });
    expect(builds.standInFor).toEqual(['alpha', 'beta']);

    await builds.standInReady;

    // What npm start waits for before it answers: the stand-in, not the tenants' builds.
    expect(allBuilt).toBe(false);
    expect(readdirSync(join(dist, '_bundles')).filter((name) => name.startsWith('runtime-'))).toHaveLength(1);
    expect(existsSync(join(dist, 'alpha'))).toBe(false);
    expect(existsSync(join(dist, 'beta'))).toBe(false);

    const result = await builds.done;
    expect(result?.ok).toBe(true);
    expect(linkedBundle(dist, 'alpha')).toMatch(/^[0-9a-f]{24}$/);
    expect(linkedBundle(dist, 'beta')).toMatch(/^[0-9a-f]{24}$/);
    expect(lines.some((line) => line.startsWith('Built 2 tenant(s) in '))).toBe(true);
  }, 240_000);

  it('a restart with nothing stale builds nothing and has nothing to wait for', async () => {
    const builds = startBuilds({ files, distDir: dist, repoRoot: FIXTURE_REPO, tenantsDir, log: () => {} });
    expect(builds.standInFor).toEqual([]);
    expect(await builds.done).toBeNull();
  });

  it('while it runs, an edited tenant is linked again (data) or gets its own new bundle (a switch)', async () => {
    const lines: string[] = [];
    const watcher = watchTenantBuilds({ tenantsDir, distDir: dist, repoRoot: FIXTURE_REPO, log: (line) => lines.push(line), watch: false });
    try {
      const before = readdirSync(join(dist, '_bundles')).length;
      const oldBeta = linkedBundle(dist, 'beta');
      writeFileSync(join(tenantsDir, 'alpha.json'), fixtureTenant('alpha', { compare: true, garage: false }, { name: 'Alpha Renamed Motors' }).text);
      const relinked = await watcher.run();
      expect(relinked?.results.map((r) => [r.slug, r.status])).toEqual([['alpha', 'built']]);
      expect(readdirSync(join(dist, '_bundles')).length).toBe(before);
      expect(readFileSync(join(dist, 'alpha', 'index.html'), 'utf8')).toContain('<title>Alpha Renamed Motors</title>');

      writeFileSync(join(tenantsDir, 'beta.json'), fixtureTenant('beta', { compare: true, garage: true }).text);
      const rebuilt = await watcher.run();
      expect(rebuilt?.results.map((r) => [r.slug, r.status])).toEqual([['beta', 'built']]);
      expect(linkedBundle(dist, 'beta')).not.toBe(oldBeta);
      expect(readdirSync(join(dist, '_bundles')).length).toBe(before + 1);
      expect(lines.some((line) => /^\[build\] beta rebuilt in \d+\.\d s$/.test(line))).toBe(true);
      // Nothing stale: nothing to do.
      expect(await watcher.run()).toBeNull();
    } finally {
      watcher.close();
    }
  }, 240_000);
});
