import { describe, expect, it } from 'vitest';
import { createSearchService } from './service.ts';
import { algoliaIndexSettings, algoliaSynonyms } from './settings.ts';

describe('algoliaIndexSettings', () => {
  it('describes the primary index and its sort replicas as the embedded engine ranks them', () => {
    const settings = algoliaIndexSettings();

    expect(Object.keys(settings)).toEqual(['cars', 'cars_latest', 'cars_price_desc', 'cars_price_asc']);
    expect(settings.cars?.customRanking).toEqual(['desc(rank)', 'desc(created_at)']);
    expect(settings.cars?.replicas).toEqual(['cars_latest', 'cars_price_desc', 'cars_price_asc']);
    expect(settings.cars_latest?.ranking?.[0]).toBe('desc(created_at)');
    expect(settings.cars_price_desc?.ranking?.[0]).toBe('desc(price)');
    expect(settings.cars_price_asc?.ranking?.[0]).toBe('asc(price)');
    expect(settings.cars?.searchableAttributes).toEqual(['make', 'model', 'badge', 'series', 'year', 'name', 'simple_body', 'simple_fuel', 'simple_drive', 'stocknum']);
    expect(settings.cars).toMatchObject({ typoTolerance: true, minWordSizefor1Typo: 4, minWordSizefor2Typos: 8, disableTypoToleranceOnAttributes: ['stocknum'] });
    expect(settings.cars?.attributesForFaceting).toContain('searchable(make_model)');
  });

  it('turns tenant synonym groups into Algolia synonym objects', () => {
    expect(algoliaSynonyms([['ute', 'pick-up'], ['4wd', '4x4']])).toEqual([
      { objectID: 'tenant-synonym-1', type: 'synonym', synonyms: ['ute', 'pick-up'] },
      { objectID: 'tenant-synonym-2', type: 'synonym', synonyms: ['4wd', '4x4'] },
    ]);
  });

  it('is served at GET /1/indexes/{index}/settings', () => {
    const service = createSearchService();

    const result = service.handle('demo', 'GET', '/1/indexes/cars_price_asc/settings', undefined, {});

    expect({ status: result.status, json: result.json }).toEqual({ status: 200, json: algoliaIndexSettings().cars_price_asc });
    expect(result.text?.()).toBe(JSON.stringify(result.json));
  });
});
