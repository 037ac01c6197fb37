import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuilds } from './background.ts';
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
});
