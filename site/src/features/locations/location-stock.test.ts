import { expect, test, vi } from 'vitest';
import { featureFlagDefines } from '../../../../schema/resolve.ts';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import type { SearchRequester, SiteServices } from '../../lib/services.ts';
import { fetchLocationStock } from './location-stock.ts';

// Spec §7 "Stock fetch by filter expression with limit: used for featured lists": a sales
// location's page lists the first cars of the stock at that location, with its count.

const NOW_MS = Date.UTC(2026, 10, 29, 0, 0, 0);

function servicesAnswering(hits: Record<string, unknown>[], nbHits: number) {
  const sent: { url: string; body: { requests: Record<string, unknown>[] } }[] = [];
  const requester = {
    send: vi.fn(async (request: { url: string; data?: string }) => {
      sent.push({ url: request.url, body: JSON.parse(request.data ?? '{}') });
      return { content: JSON.stringify({ results: [{ hits, nbHits, page: 0, nbPages: 1, hitsPerPage: 4, processingTimeMS: 1, query: '', params: '' }] }), status: 200, isTimedOut: false };
    }),
  } as unknown as SearchRequester;
  const services: SiteServices = { fetch: () => Promise.reject(new Error('no API call expected')), origin: { host: 'test-motor-group.localhost', protocol: 'http:' }, searchRequester: requester, cookie: () => '', now: () => NOW_MS };
  return { services, sent };
}

test("one search of the newest cars with the site's stock filter and the location's name, at most 4", async () => {
  for (const [name, value] of Object.entries(featureFlagDefines(tenantFixture()))) vi.stubGlobal(name, JSON.parse(value));
  try {
    const { services, sent } = servicesAnswering(
      [{ objectID: '7', slug: '2022-toyota-corolla-ascent-7', year: 2022, make: 'Toyota', model: 'Corolla', badge: 'Ascent', series: null, name: '', price: 27990, km: 31000, primary_image_url: '/images/cars/7/1.webp' }],
      12,
    );
    const stock = await fetchLocationStock(tenantFixture(), services, 'Test Toyota Newstead');
    expect(sent).toHaveLength(1);
    const request = sent[0]!.body.requests[0]!;
    expect(request.indexName).toBe('cars_latest');
    expect(request.hitsPerPage).toBe(4);
    // Spec §7's dealer filter (in stock, coming soon or sold within the default 3 days, shown on
    // the website), then the location.
    const soldSince = NOW_MS / 1000 - 3 * 86_400;
    expect(request.filters).toBe(`(show_on_dealer_website:true AND (status:in_stock OR status:coming_soon OR sold_date_timestamp >= ${soldSince})) AND location_name:"Test Toyota Newstead"`);
    expect(stock).toEqual({
      count: 12,
      cars: [{ id: '7', slug: '2022-toyota-corolla-ascent-7', title: '2022 Toyota Corolla Ascent', price: '$27,990', km: 31000, image: '/images/cars/7/1.webp' }],
    });
  } finally {
    vi.unstubAllGlobals();
  }
});

test('a name with quotes is searched as written, not as filter syntax', async () => {
  for (const [name, value] of Object.entries(featureFlagDefines(tenantFixture()))) vi.stubGlobal(name, JSON.parse(value));
  try {
    const { services, sent } = servicesAnswering([], 0);
    expect(await fetchLocationStock(tenantFixture(), services, 'Smith "Big" Yard')).toEqual({ count: 0, cars: [] });
    expect(String(sent[0]!.body.requests[0]!.filters)).toMatch(/ AND location_name:"Smith \\"Big\\" Yard"$/);
  } finally {
    vi.unstubAllGlobals();
  }
});
