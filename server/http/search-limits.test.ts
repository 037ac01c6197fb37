import { describe, expect, it } from 'vitest';
import { typicalRequest } from '../search/bench.ts';
import { createSearchService } from '../search/service.ts';
import { generateSearchRecords } from '../search/test-records.ts';
import { HttpError } from './core.ts';
import { SEARCH_LIMITS, runSearchCall } from './search-limits.ts';

const QUERIES = '/1/indexes/*/queries';

describe('runSearchCall (a multi-query answered one search at a time)', () => {
  const service = createSearchService();
  service.setRecords('t', generateSearchRecords(800, 5));
  const handle = (method: string, pathname: string, body: unknown, query: Record<string, string>) => service.handle('t', method, pathname, body, query);
  const textOnly = (method: string, pathname: string, body: unknown, query: Record<string, string>) => {
    const { status, json } = service.handle('t', method, pathname, body, query);
    return { status, json, text: () => JSON.stringify(json) };
  };

  it("writes the call's answer exactly as JSON.stringify of its results, from the engine's pieces", async () => {
    for (let i = 0; i < 40; i += 1) {
      const answer = await runSearchCall(handle, QUERIES, 'POST', typicalRequest(i), {});
      expect(answer.status).toBe(200);
      expect(answer.text?.()).toBe(JSON.stringify(answer.json));
      expect(answer.bytes?.().equals(Buffer.from(JSON.stringify(answer.json)))).toBe(true);
      expect((answer.json as { results: unknown[] }).results).toHaveLength(4);
    }
  });

  it('writes answers without pieces (another engine) from their text, as before', async () => {
    const answer = await runSearchCall(textOnly, QUERIES, 'POST', typicalRequest(3), {});
    expect(answer.text?.()).toBe(JSON.stringify(answer.json));
  });

  it('refuses an answer past its byte limit, counted from the pieces', async () => {
    // Every car of the stock, 1,000 a page, in enough queries to pass the limit.
    const request = { indexName: 'cars', params: { query: '', hitsPerPage: 1000, page: 0, facets: ['*'], maxValuesPerFacet: 1000, attributesToSnippet: ['name'] } };
    const one = JSON.stringify(service.handle('t', 'POST', QUERIES, { requests: [request] }, {}).json).length;
    const call = { requests: Array.from({ length: Math.ceil(SEARCH_LIMITS.answerBytes / one) + 1 }, () => request) };
    await expect(runSearchCall(handle, QUERIES, 'POST', call, {})).rejects.toThrow(HttpError);
    await expect(runSearchCall(handle, QUERIES, 'POST', call, {})).rejects.toThrow(`larger than ${SEARCH_LIMITS.answerBytes} bytes`);
  });
});
