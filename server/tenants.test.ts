import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateTenantSet } from '../schema/validate.ts';
import { loadTenantSet, watchTenants, type HostedTenant } from './tenants.ts';

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-tenants-'));
fs.cpSync(FIXTURES, dir, { recursive: true });

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('re-reading the tenant files after an edit', () => {
  test('only the edited tenant is checked again and updated; the others keep their config', () => {
    const set = loadTenantSet(dir);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
    expect(files.length).toBeGreaterThanOrEqual(2);
    const checked: string[][] = [];
    const changed: HostedTenant[] = [];
    const watcher = watchTenants(dir, set, {
      // The shared validator with its cache, counting which files it is asked to check on their own.
      validate: (() => {
        const cache = new Map<string, ReturnType<typeof validateTenantSet>[number]>();
        return (list) => {
          checked.push(list.filter(({ file, text }) => !cache.has(`${file}\0${text}`)).map(({ file }) => file));
          return validateTenantSet(list, { cache }).flatMap((v) => v.issues);
        };
      })(),
      log: () => {},
      known: () => new Set(set.tenants.map((t) => t.slug)),
      onChange: (t) => changed.push(t),
    });
    try {
      watcher.reload(); // the first read fills the cache
      changed.length = 0;
      const edited = files[0]!;
      const doc = JSON.parse(fs.readFileSync(path.join(dir, edited), 'utf8')) as { name: string; slug: string };
      fs.writeFileSync(path.join(dir, edited), JSON.stringify({ ...doc, name: `${doc.name} Renamed` }, null, 2));
      watcher.reload();
      expect(checked.at(-1)).toEqual([edited]);
      expect(changed.map((t) => t.slug)).toEqual([doc.slug]);
      expect(set.tenants.find((t) => t.slug === doc.slug)?.config.name).toBe(`${doc.name} Renamed`);
    } finally {
      watcher.close();
    }
  });

  test('a cached file still meets the rules across files: a host taken by an edited file is refused', () => {
    const cache = new Map<string, ReturnType<typeof validateTenantSet>[number]>();
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), 'utf8') }));
    expect(validateTenantSet(files, { cache }).flatMap((v) => v.issues).filter((i) => i.severity === 'error')).toEqual([]);
    const first = JSON.parse(files[0]!.text) as { siteUrl: string };
    const second = JSON.parse(files[1]!.text) as Record<string, unknown>;
    const clash = [files[0]!, { file: files[1]!.file, text: JSON.stringify({ ...second, siteUrl: first.siteUrl }) }, ...files.slice(2)];
    const issues = validateTenantSet(clash, { cache }).flatMap((v) => v.issues).filter((i) => i.severity === 'error');
    expect(issues.map((i) => [i.file, i.pointer])).toEqual([[files[1]!.file, '/siteUrl']]);
    // Back to the original files: the cached verdicts were not changed by the clash.
    expect(validateTenantSet(files, { cache }).flatMap((v) => v.issues).filter((i) => i.severity === 'error')).toEqual([]);
  });
});
