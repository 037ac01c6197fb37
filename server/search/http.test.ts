import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
// The request builder react-instantsearch uses (a dependency of react-instantsearch-core).
import algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../schema/api/search.ts';
import type { SearchRecord } from './columns.ts';
import { serveSearchRequest } from './http.ts';
import { createSearchService } from './service.ts';
import { generateSearchRecords } from './test-records.ts';

/*
 * The real algoliasearch clients (and the helper instantsearch builds its queries with) against a
 * node:http server mounting the search routes, as the platform server does on each tenant host.
 */

const service = createSearchService();
service.setRecords('demo', generateSearchRecords(800, 9) as unknown as SearchRecord[]);
let server: Server;
let host: string;
const contentEncodings: (string | undefined)[] = [];

function direct(indexName: string, params: Record<string, unknown>) {
  const result = service.handle('demo', 'POST', `/1/indexes/${indexName}/query`, params, {});
  expect(result.status).toBe(200);
  return SearchResponseSchema.parse(result.json);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/1/')) {
      contentEncodings.push(req.headers['content-encoding']);
      void serveSearchRequest(service, 'demo', req, res);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const hosts = () => [{ url: host, accept: 'readWrite' as const, protocol: 'http' as const }];

describe('algoliasearch liteClient over HTTP', () => {
  it('runs a multi-query with fields and with a urlencoded params string', async () => {
    const client = liteClient('forecourt', 'search-key', { hosts: hosts() });
    const { results } = await client.search([
      { indexName: 'cars', params: { query: 'toyota', hitsPerPage: 5, facets: ['make', 'price'], filters: 'car_type:used' } },
      { indexName: 'cars_price_asc', params: { hitsPerPage: 3, numericFilters: ['price>0'] } },
    ]);
    const first = SearchResponseSchema.parse(results[0]);
    const expected = direct('cars', { query: 'toyota', hitsPerPage: 5, facets: ['make', 'price'], filters: 'car_type:used' });
    expect(first.nbHits).toBe(expected.nbHits);
    expect(first.hits.map((h) => h.objectID)).toEqual(expected.hits.map((h) => h.objectID));
    expect(first.facets).toEqual(expected.facets);
    expect(first.facets_stats?.price?.min).toBeGreaterThan(0);
    const prices = SearchResponseSchema.parse(results[1]).hits.map((h) => h.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('searches facet values through a multi-query of type facet', async () => {
    const client = liteClient('forecourt', 'search-key', { hosts: hosts() });
    const { results } = await client.search({
      requests: [{ indexName: 'cars', type: 'facet', facet: 'make', facetQuery: 'to' }],
    });
    expect(results[0]).toMatchObject({ facetHits: [{ value: 'Toyota', highlighted: '<em>To</em>yota' }] });
  });

  it('sends gzip-compressed bodies when the client is set to compress', async () => {
    const client = liteClient('forecourt', 'search-key', { hosts: hosts(), compression: 'gzip' });
    contentEncodings.length = 0;
    const makes = Array.from({ length: 200 }, (_, i) => `make:Unknown ${i}`).concat('make:Kia');
    const { results } = await client.search([{ indexName: 'cars', params: { facetFilters: [makes], hitsPerPage: 1 } }]);
    expect(SearchResponseSchema.parse(results[0]).nbHits).toBe(direct('cars', { filters: 'make:Kia' }).nbHits);
    expect(contentEncodings).toEqual(['gzip']);
  });

  it('rejects malformed filters with the 400 message', async () => {
    const client = liteClient('forecourt', 'search-key', { hosts: hosts() });
    await expect(client.search([{ indexName: 'cars', params: { filters: 'price > 5 AND (make:Kia' } }])).rejects.toMatchObject({
      status: 400,
      message: "filters: unexpected end of input at position 24, expected ')'",
    });
  });
});

describe('algoliasearch searchClient over HTTP', () => {
  it('searches a single index and gets an object', async () => {
    const client = algoliasearch('forecourt', 'search-key', { hosts: hosts() });
    const result = await client.searchSingleIndex({ indexName: 'cars_latest', searchParams: { query: 'mazda', hitsPerPage: 4 } });
    const expected = direct('cars_latest', { query: 'mazda', hitsPerPage: 4 });
    expect(result.hits.map((h) => h.objectID)).toEqual(expected.hits.map((h) => h.objectID));
    const object = await client.getObject({ indexName: 'cars', objectID: '5', attributesToRetrieve: ['make', 'price'] });
    expect(Object.keys(object).sort()).toEqual(['make', 'objectID', 'price']);
  });
});

describe('the instantsearch request builder over HTTP', () => {
  it('gets the same disjunctive facet counts as equivalent direct queries', async () => {
    const client = liteClient('forecourt', 'search-key', { hosts: hosts() });
    const helper = algoliasearchHelper(client, 'cars');
    const { content } = await helper.searchOnce({
      index: 'cars',
      query: '',
      hitsPerPage: 21,
      disjunctiveFacets: ['make', 'car_type', 'price'],
      facets: ['simple_body'],
      disjunctiveFacetsRefinements: { make: ['Toyota', 'Mazda'], car_type: ['used'] },
      numericRefinements: { price: { '>=': [10000], '<=': [80000] } },
      maxValuesPerFacet: 50,
    });
    const numeric = ['price>=10000', 'price<=80000'];
    const makes = ['make:Mazda', 'make:Toyota'];
    const hits = direct('cars', { facetFilters: [['car_type:used'], makes], numericFilters: numeric, hitsPerPage: 21, facets: ['simple_body'] });
    expect(content.nbHits).toBe(hits.nbHits);
    expect(content.hits.map((h: { objectID: string }) => h.objectID)).toEqual(hits.hits.map((h) => h.objectID));
    const makeCounts = direct('cars', { facetFilters: [['car_type:used']], numericFilters: numeric, hitsPerPage: 0, facets: ['make'] }).facets?.make;
    const values = content.getFacetValues('make', { sortBy: ['name:asc'] }) as { name: string; count: number }[];
    expect(Object.fromEntries(values.map((v) => [v.name, v.count]))).toEqual(makeCounts);
    expect(Object.keys(makeCounts ?? {}).length).toBeGreaterThan(2);
  });
});

describe('the instantsearch facet search over HTTP', () => {
  it('searches facet values of a refined disjunctive facet', async () => {
    const client = liteClient('forecourt', 'search-key', { hosts: hosts() });
    const helper = algoliasearchHelper(client, 'cars', { disjunctiveFacets: ['make_model'], hitsPerPage: 21 });
    helper.addDisjunctiveFacetRefinement('make_model', 'Kia Sportage');
    const answer = await helper.searchForFacetValues('make_model', 'toyota l', 5);
    const expected = direct('cars', { hitsPerPage: 0, facets: ['make_model'] }).facets?.make_model ?? {};
    expect(answer.facetHits.map((hit) => [hit.value, hit.count, hit.highlighted])).toEqual([
      ['Toyota LandCruiser', expected['Toyota LandCruiser'], '<em>Toyota</em> <em>L</em>andCruiser'],
    ]);
  });
});

describe('CORS', () => {
  it('answers a preflight from another origin', async () => {
    const response = await fetch(`http://${host}/1/indexes/*/queries`, {
      method: 'OPTIONS',
      headers: { origin: 'http://other.localhost:8080', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-algolia-api-key, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-algolia-api-key, content-type');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
