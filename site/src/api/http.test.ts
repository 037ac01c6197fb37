import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, getJson, shopperMessageOf } from './http.ts';

const Answer = z.object({ weekly: z.number() });

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const wrongShape = () => Promise.resolve(jsonResponse({ weekly: 'soon' }));
const htmlGateway = () => Promise.resolve(new Response('<html></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
const lostImport = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

describe('getJson', () => {
  it('parses with a schema given as an import, which starts before the answer arrives', async () => {
    const order: string[] = [];
    const schema = () => {
      order.push('schema import');
      return Promise.resolve(Answer);
    };
    const fetcher = (path: string) => {
      order.push(`fetch ${path}`);
      return Promise.resolve(jsonResponse({ weekly: 123.4, extra: true }));
    };
    await expect(getJson('/api/quote', schema, undefined, fetcher)).resolves.toEqual({ weekly: 123.4 });
    expect(order).toEqual(['schema import', 'fetch /api/quote']);
  });

  it('refuses an answer of the wrong shape with either kind of schema', async () => {
    for (const schema of [Answer, () => Promise.resolve(Answer)]) {
      const error = await getJson('/api/quote', schema, undefined, wrongShape).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiRequestError);
      expect((error as ApiRequestError).message).toMatch(/^\/api\/quote: unexpected answer/);
    }
  });

  it('fails with the import error when the schema cannot be imported, and with the HTTP error when the request fails first', async () => {
    await expect(getJson('/api/quote', lostImport, undefined, () => Promise.resolve(jsonResponse({ weekly: 1 })))).rejects.toThrow('Failed to fetch dynamically imported module');
    const refused = getJson('/api/quote', lostImport, undefined, () => Promise.resolve(jsonResponse({ error: 'Car not found' }, 404)));
    await expect(refused).rejects.toMatchObject({ status: 404, message: 'Car not found' });
  });
});

describe('shopperMessageOf', () => {
  it('gives only the words a refusal wrote for the shopper, never the summary for programs or the client\'s own text', async () => {
    const written = await getJson('/api/watchlist', Answer, undefined, () => Promise.resolve(jsonResponse({ error: 'Rate limit on /api/watchlist', message: 'Too many requests. Please wait a moment and try again.' }, 429))).catch((e: unknown) => e);
    const summaryOnly = await getJson('/api/watchlist', Answer, undefined, () => Promise.resolve(jsonResponse({ error: 'No API route /api/watchlist' }, 404))).catch((e: unknown) => e);
    const notJson = await getJson('/api/watchlist', Answer, undefined, htmlGateway).catch((e: unknown) => e);
    expect(shopperMessageOf(written)).toBe('Too many requests. Please wait a moment and try again.');
    expect(shopperMessageOf(summaryOnly)).toBe('');
    expect(shopperMessageOf(notJson)).toBe('');
    expect(shopperMessageOf(new TypeError('Cannot read properties of undefined'))).toBe('');
    expect(shopperMessageOf(undefined)).toBe('');
  });
});
