import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateTenantSet } from '../../schema/validate.ts';
import { loadTenantValidator, tenantValidatorFile } from './tenant-validator-cache.ts';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const roots: string[] = [];
/** A temporary "repository" (its own cache folder) whose node_modules are the real ones. */
function repo(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-validator-cache-'));
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  roots.push(root);
  return root;
}
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

const tenant = JSON.parse(fs.readFileSync(path.join(REPO, 'tenants', 'range-road-kia.json'), 'utf8')) as Record<string, unknown>;
/** A file with a schema error (a colour that is not one) and an unknown property. */
const broken = { ...tenant, theme: { ...(tenant.theme as object), primary: 'blue-ish' }, madeUp: true };
const files = [
  { file: 'range-road-kia.json', text: JSON.stringify(tenant) },
  { file: 'broken.json', text: JSON.stringify({ ...broken, slug: 'broken' }) },
];

describe('the tenant validator kept between starts', () => {
  test('is compiled and kept the first time, imported the next, and finds exactly the issues a fresh compile finds', async () => {
    const root = repo();
    const fresh = validateTenantSet(files).map((v) => v.issues);
    expect(fresh[1]!.length).toBeGreaterThan(0);

    expect(await loadTenantValidator(root)).toBe(false);
    const file = tenantValidatorFile(root);
    expect(fs.existsSync(file)).toBe(true);
    expect(validateTenantSet(files).map((v) => v.issues)).toEqual(fresh);

    expect(await loadTenantValidator(root)).toBe(true);
    expect(validateTenantSet(files).map((v) => v.issues)).toEqual(fresh);
    expect(validateTenantSet(files)[0]!.config?.slug).toBe('range-road-kia');
  });

  test('a kept file that cannot be imported is compiled again', async () => {
    const root = repo();
    const file = tenantValidatorFile(root);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'this is not JavaScript (');
    expect(await loadTenantValidator(root)).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toContain('createRequire');
  });
});
