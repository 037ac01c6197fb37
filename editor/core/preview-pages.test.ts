import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveTenant } from '../../schema/resolve.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';
import { previewPages } from '../shared/preview-pages.ts';

const tenant = (slug: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'tenants', `${slug}.json`), 'utf8')) as TenantConfig;

describe("the preview's Page picker", () => {
  test('lists the tenant’s own locations and information pages, from the config as edited', () => {
    const config = tenant('range-road-kia');
    config.dealer.locations.push({ ...structuredClone(config.dealer.locations[0]!), slug: 'range-road-kia-southport', name: 'Range Road Kia Southport', primary: false });
    const pages = previewPages(resolveTenant(config), { slug: 'a-kia-car-123' });
    const paths = pages.map((p) => p.path);
    expect(paths.slice(0, 3)).toEqual(['/', '/search/new-used-and-demo-cars/', '/cars/a-kia-car-123']);
    // Every location of the file, the new one included, under its own name.
    for (const loc of config.dealer.locations) expect(pages).toContainEqual(expect.objectContaining({ label: `Location: ${loc.name}`, path: `/locations/${loc.slug}` }));
    // The information pages this tenant has copy for, at their addresses (spec §2).
    expect(paths).toEqual(expect.arrayContaining(['/about-us', '/privacy-policy', '/terms-and-conditions']));
    expect(pages.find((p) => p.path === '/about-us')?.label).toBe(config.content?.pages?.aboutUs?.title);
  });

  test("never another dealer's page: no car without this tenant's stock, no page without copy, no hidden location", () => {
    const config = tenant('big-lot-car-superstore');
    config.dealer.locations[0]!.visible = false;
    const pages = previewPages(resolveTenant(config));
    expect(pages.some((p) => p.path.startsWith('/cars/'))).toBe(false);
    expect(pages.some((p) => p.path === `/locations/${config.dealer.locations[0]!.slug}`)).toBe(false);
    // Big Lot has no about-us copy: its site shows the standard text, and the picker says so.
    expect(pages.find((p) => p.path === '/about-us')?.label).toBe('About us (standard text)');
    // No warranty copy: no warranty page (it would be a 404).
    expect(pages.some((p) => p.path === '/pages/warranty')).toBe(false);
    const own = new Set(config.dealer.locations.map((l) => `/locations/${l.slug}`));
    expect(pages.filter((p) => p.path.startsWith('/locations/')).every((p) => own.has(p.path))).toBe(true);
  });
});
