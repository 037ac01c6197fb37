import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveTenant } from '../../schema/resolve.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';
import { createSitemaps } from './seo.ts';

/*
 * The sitemap's model pages: /models/{slug} of the makes the site sells, asked of the
 * platform's models, only for tenants with model pages.
 */

const tenant = (slug: string) => {
  const config = resolveTenant(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'tenants', `${slug}.json`), 'utf8')) as TenantConfig);
  return { slug, config, hosts: [] };
};

describe('sitemap model pages', () => {
  test('lists the model pages of the makes a tenant with model pages sells', async () => {
    const asked: string[][] = [];
    const sitemaps = createSitemaps(null, () => new Date('2026-11-26T00:00:00Z'), {
      modelSlugs: async (makes) => {
        asked.push(makes);
        return makes.includes('kia') ? ['kia-sportage', 'kia-carnival'] : [];
      },
    });
    const { files } = await sitemaps.files(tenant('range-road-kia'), false);
    expect(asked).toEqual([['kia']]);
    expect(files[0]).toContain('<loc>https://www.rangeroadkia.example.com.au/models/kia-carnival</loc>');
    expect(files[0]).toContain('<loc>https://www.rangeroadkia.example.com.au/models/kia-sportage</loc>');
  });

  test('asks nothing and lists none for a tenant without model pages', async () => {
    let asked = 0;
    const sitemaps = createSitemaps(null, () => new Date('2026-11-26T00:00:00Z'), {
      modelSlugs: async () => {
        asked++;
        return ['kia-sportage'];
      },
    });
    const { files } = await sitemaps.files(tenant('harbourside-motor-group'), false);
    expect(asked).toBe(0);
    expect(files[0]).not.toContain('/models/');
  });
});

describe('sitemap articles, offers and promotions', () => {
  const articles = Array.from({ length: 23 }, (_, i) => ({ slug: `article-${i}`, category: 'Buyer Advice' }));
  const content = (at: Date[]) => async (_tenant: unknown, when: Date) => {
    at.push(when);
    return { articles, liveOfferIds: [7, 3] };
  };

  test("lists each article, the lists' later pages and the live offers; a promotion only inside its window (the tenant's time zone)", async () => {
    const asked: Date[] = [];
    // range-road-kia's eofy-2027 promotion runs 1-30 June 2027, Brisbane time (UTC+10); here with its blog and special offers on.
    const base = tenant('range-road-kia');
    const kia = { ...base, config: { ...base.config, features: { ...base.config.features, blog: true, specialOffers: true } } };
    const inside = await createSitemaps(null, () => new Date('2027-06-15T00:00:00Z'), { content: content(asked) }).files(kia, false);
    const outside = await createSitemaps(null, () => new Date('2027-06-30T14:00:00Z'), { content: content(asked) }).files(kia, false);
    const site = 'https://www.rangeroadkia.example.com.au';
    for (const files of [inside.files, outside.files]) {
      expect(files[0]).toContain(`<loc>${site}/blog/article-22</loc>`);
      expect(files[0]).toContain(`<loc>${site}/news?page=2</loc>`);
      expect(files[0]).toContain(`<loc>${site}/blog/buyer-advice?page=2</loc>`);
      expect(files[0]).not.toContain('page=3');
      expect(files[0]).toContain(`<loc>${site}/offers/7</loc>`);
    }
    expect(asked.map((d) => d.toISOString())).toEqual(['2027-06-15T00:00:00.000Z', '2027-06-30T14:00:00.000Z']);
    expect(inside.files[0]).toContain(`<loc>${site}/offers/eofy-2027</loc>`);
    // 30 June 23:59:59 in Brisbane is 13:59:59 UTC: at 14:00 it has ended.
    expect(outside.files[0]).not.toContain('/offers/eofy-2027');
    // Without special offers, no offer pages at all.
    const plain = { ...base, config: { ...base.config, features: { ...base.config.features, specialOffers: false } } };
    expect((await createSitemaps(null, () => new Date('2027-06-15T00:00:00Z'), { content: content([]) }).files(plain, false)).files[0]).not.toContain('/offers/');
  });

  test('asks nothing of the platform for a tenant with neither blog nor offers', async () => {
    const asked: Date[] = [];
    const base = tenant('harbourside-motor-group');
    const none = { ...base, config: { ...base.config, features: { ...base.config.features, blog: false, specialOffers: false } } };
    const { files } = await createSitemaps(null, () => new Date('2026-11-26T00:00:00Z'), { content: content(asked) }).files(none, false);
    expect(asked).toEqual([]);
    expect(files[0]).not.toMatch(/\/blog|\/offers\//);
  });
});

describe('sitemap cars', () => {
  test('a yard of more cars than one search can page through (1,000) is listed whole', async () => {
    const { createSearchService } = await import('../search/service.ts');
    const { generateSearchRecords } = await import('../search/test-records.ts');
    const search = createSearchService();
    const records = generateSearchRecords(2500).map((r) => ({ ...r, status: 'in_stock', show_on_dealer_website: true, sold_date_timestamp: null }));
    await search.setRecords('harbourside-motor-group', records);
    const { index, files } = await createSitemaps(search, () => new Date('2026-11-26T00:00:00Z')).files(tenant('harbourside-motor-group'), true);
    const listed = new Set(files.join('\n').match(/\/cars\/[^<]+/g));
    expect(index).toBeNull();
    expect(listed.size).toBe(2500);
    for (const r of records) expect(listed.has(`/cars/${r.slug}`)).toBe(true);
  });
});
