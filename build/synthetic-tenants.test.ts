import { describe, expect, it } from 'vitest';
import { validateTenantSet } from '../schema/validate.ts';
import { readTenantFiles } from './stale.ts';
import { syntheticTenants } from './synthetic-tenants.ts';

describe('synthetic tenants for the build benchmark', () => {
  const samples = readTenantFiles();
  const tenants = syntheticTenants(samples, 100, 24);

  it('are valid together (unique slugs and hosts) and each is its own dealer', () => {
    const errors = validateTenantSet(tenants).flatMap((v) => v.issues.filter((i) => i.severity === 'error').map((i) => `${v.file} ${i.pointer}: ${i.message}`));
    expect(errors).toEqual([]);
    const docs = tenants.map((t) => JSON.parse(t.text) as { slug: string; name: string; siteUrl: string; theme: { colours: { primary: string } } });
    expect(new Set(docs.map((d) => d.slug)).size).toBe(100);
    expect(new Set(docs.map((d) => d.name)).size).toBe(100);
    expect(new Set(docs.map((d) => d.theme.colours.primary)).size).toBeGreaterThan(4);
    for (const [i, t] of tenants.entries()) expect(t.file).toBe(`${docs[i]!.slug}.json`);
  });

  it('share exactly the number of distinct feature sets asked for', () => {
    const sets = (list: typeof tenants) => new Set(list.map((t) => JSON.stringify(Object.entries((JSON.parse(t.text) as { features: Record<string, unknown> }).features).sort()))).size;
    expect(sets(tenants)).toBe(24);
    expect(sets(syntheticTenants(samples, 500, 24))).toBe(24);
    expect(sets(syntheticTenants(samples, 12, 6))).toBe(6);
  });
});
