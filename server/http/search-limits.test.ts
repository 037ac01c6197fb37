import { describe, expect, it } from 'vitest';
import { typicalRequest } from '../search/bench.ts';
import { createSearchService } from '../search/service.ts';
import { generateSearchRecords } from '../search/test-records.ts';
import { HttpError } from './core.ts';
import { SEARCH_LIMITS, runSearchCall } from './search-limits.ts';
import { slicer } from '../time-slice.ts';

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

  it('answers a quick call in one go, and gives other requests a turn once a call has run for a slice', async () => {
    // A clock the searches drive: each search of the call takes `took` milliseconds.
    let now = 0;
    let took = 0;
    const timed = (method: string, pathname: string, body: unknown, query: Record<string, string>) => {
      now += took;
      return handle(method, pathname, body, query);
    };
    const turnsIn = async (searches: number, ms: number) => {
      took = ms;
      const turns: number[] = [];
      const pace = slicer(4, () => now);
      let asked = 0;
      const pause = () => {
        asked += 1;
        const turn = pace();
        if (turn) turns.push(asked + 1);
        return turn;
      };
      const call = { requests: Array.from({ length: searches }, () => typicalRequest(1).requests[0]) };
      const answer = await runSearchCall(timed, QUERIES, 'POST', call, {}, pause);
      expect((answer.json as { results: unknown[] }).results).toHaveLength(searches);
      return turns;
    };
    // The search page's call (hits and facet counts, 1 ms each): no turn between its searches.
    expect(await turnsIn(4, 1)).toEqual([]);
    // Ten searches of 3 ms against slices of 4 ms: a turn before the 3rd, 5th, 7th and 9th.
    expect(await turnsIn(10, 3)).toEqual([3, 5, 7, 9]);
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
