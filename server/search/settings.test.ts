import { describe, expect, it } from 'vitest';
import { createSearchService } from './service.ts';
import { algoliaIndexSettings } from './settings.ts';

describe('algoliaIndexSettings', () => {
  it('describes the primary index and its sort replicas as the embedded engine ranks them', () => {
    const settings = algoliaIndexSettings();

    expect(Object.keys(settings)).toEqual(['cars', 'cars_latest', 'cars_price_desc', 'cars_price_asc']);
    expect(settings.cars?.customRanking).toEqual(['desc(rank)', 'desc(created_at)']);
    expect(settings.cars?.replicas).toEqual(['cars_latest', 'cars_price_desc', 'cars_price_asc']);
    expect(settings.cars_latest?.ranking?.[0]).toBe('desc(created_at)');
    expect(settings.cars_price_desc?.ranking?.[0]).toBe('desc(price)');
    expect(settings.cars_price_asc?.ranking?.[0]).toBe('asc(price)');
    expect(settings.cars?.searchableAttributes).toEqual(['make', 'model', 'badge', 'series', 'year', 'name', 'stocknum']);
    expect(settings.cars?.attributesForFaceting).toContain('searchable(make_model)');
  });

  it('is served at GET /1/indexes/{index}/settings', () => {
    const service = createSearchService();

    const result = service.handle('demo', 'GET', '/1/indexes/cars_price_asc/settings', undefined, {});

    expect(result).toEqual({ status: 200, json: algoliaIndexSettings().cars_price_asc });
  });
});
