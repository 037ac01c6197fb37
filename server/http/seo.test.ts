import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveTenant } from '../../schema/resolve.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';
import { createSitemaps } from './seo.ts';

/*
 * The sitemap's model pages (issue 13): /models/{slug} of the makes the site sells, asked of the
 * platform's models, only for tenants with model pages.
 */

const tenant = (slug: string) => {
  const config = resolveTenant(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'tenants', `${slug}.json`), 'utf8')) as TenantConfig);
  return { slug, config, hosts: [] };
};

describe('sitemap model pages', () => {
  test('lists the model pages of the makes a tenant with model pages sells', async () => {
    const asked: string[][] = [];
    const sitemaps = createSitemaps(null, () => new Date('2026-11-26T00:00:00Z'), async (makes) => {
      asked.push(makes);
      return makes.includes('kia') ? ['kia-sportage', 'kia-carnival'] : [];
    });
    const { files } = await sitemaps.files(tenant('range-road-kia'), false);
    expect(asked).toEqual([['kia']]);
    expect(files[0]).toContain('<loc>https://www.rangeroadkia.example.com.au/models/kia-carnival</loc>');
    expect(files[0]).toContain('<loc>https://www.rangeroadkia.example.com.au/models/kia-sportage</loc>');
  });

  test('asks nothing and lists none for a tenant without model pages', async () => {
    let asked = 0;
    const sitemaps = createSitemaps(null, () => new Date('2026-11-26T00:00:00Z'), async () => {
      asked++;
      return ['kia-sportage'];
    });
    const { files } = await sitemaps.files(tenant('harbourside-motor-group'), false);
    expect(asked).toBe(0);
    expect(files[0]).not.toContain('/models/');
  });
});
