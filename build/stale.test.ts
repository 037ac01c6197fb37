import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTenantStale, sharedInputHash, staleTenants, tenantInputHash } from './stale.ts';

let repo: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(repo, path)), { recursive: true });
  writeFileSync(join(repo, path), text);
}

/** Writes dist/<slug>/build-report.json as a build from the current inputs would. */
function markBuilt(slug: string, tenantText: string): void {
  write(`dist/${slug}/build-report.json`, JSON.stringify({ inputHash: tenantInputHash(tenantText, sharedInputHash(repo)) }));
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'fc-stale-'));
  write('site/src/main.tsx', 'export {};');
  write('schema/resolve.ts', 'export {};');
  write('build/matrix.ts', 'export {};');
  write('package-lock.json', '{}');
  write('tenants/alpha.json', '{"slug":"alpha"}');
  write('tenants/beta.json', '{"slug":"beta"}');
});

afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe('stale detection', () => {
  it('treats a tenant without a build report as stale', () => {
    markBuilt('alpha', '{"slug":"alpha"}');

    expect(isTenantStale('alpha', { repoRoot: repo })).toBe(false);
    expect(isTenantStale('beta', { repoRoot: repo })).toBe(true);
    expect(staleTenants({ repoRoot: repo })).toEqual(['beta']);
  });

  it('marks a tenant stale when its own file changes, and only that tenant', () => {
    markBuilt('alpha', '{"slug":"alpha"}');
    markBuilt('beta', '{"slug":"beta"}');

    write('tenants/beta.json', '{"slug":"beta","name":"Beta Cars"}');

    expect(staleTenants({ repoRoot: repo })).toEqual(['beta']);
  });

  it.each(['site/src/routes/index.tsx', 'schema/resolve.ts', 'build/plugins/new-plugin.ts', 'package-lock.json'])(
    'marks every tenant stale when %s changes',
    (path) => {
      markBuilt('alpha', '{"slug":"alpha"}');
      markBuilt('beta', '{"slug":"beta"}');

      write(path, '// changed');

      expect(staleTenants({ repoRoot: repo })).toEqual(['alpha', 'beta']);
    },
  );

  it.each(['site/src/main.test.tsx', 'build/test-fixtures/repo/site/index.html', 'site/src/routeTree.gen.ts', 'site/node_modules/x/index.js'])(
    'ignores %s, which is not an input of the bundle',
    (path) => {
      markBuilt('alpha', '{"slug":"alpha"}');

      write(path, '// changed');

      expect(isTenantStale('alpha', { repoRoot: repo })).toBe(false);
    },
  );

  it('treats an unreadable report as stale and an unknown tenant as an error', () => {
    write('dist/alpha/build-report.json', '{ not json');

    expect(isTenantStale('alpha', { repoRoot: repo })).toBe(true);
    expect(() => isTenantStale('gamma', { repoRoot: repo })).toThrow('tenants/gamma.json does not exist');
  });
});
