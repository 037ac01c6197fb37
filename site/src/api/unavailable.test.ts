import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './http.ts';
import { isPlatformUnavailable, rendersUnavailable, watchPlatformFailures } from './unavailable.ts';

// What the platform answers while its database cannot serve (server/app/api.ts): 503, Retry-After 30.
const outage = () => new ApiRequestError('/api/cars/2023-mazda-cx-5', 503, '/api/cars/2023-mazda-cx-5: HTTP 503', false, { error: 'We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.' });

describe('a page whose data the platform could not serve just now', () => {
  it('is told apart from a fault, a refusal, a missing record and a lost connection', () => {
    expect(isPlatformUnavailable(outage())).toBe(true);
    expect(isPlatformUnavailable(new ApiRequestError('/api/cars/x', 500, 'HTTP 500', false, { error: 'Internal server error' }))).toBe(false);
    expect(isPlatformUnavailable(new ApiRequestError('/api/cars/x', 429, 'HTTP 429', false, { message: 'Too many requests.' }))).toBe(false);
    expect(isPlatformUnavailable(new ApiRequestError('/api/cars/x', 404, 'HTTP 404'))).toBe(false);
    expect(isPlatformUnavailable(new TypeError('Failed to fetch'))).toBe(false);
    // Only the platform's own answer counts: any other object saying 503 does not.
    expect(isPlatformUnavailable({ status: 503 })).toBe(false);
  });

  it("is still told apart in the browser's first render, where the server render's error arrives as a plain Error with its message only", () => {
    expect(isPlatformUnavailable(new Error('We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.'))).toBe(true);
    expect(isPlatformUnavailable(new Error('/api/cars/x: HTTP 500'))).toBe(false);
  });

  it('makes the render a 503 only when a route ended on its error page for it', () => {
    expect(rendersUnavailable([{ status: 'success' }, { status: 'error', error: outage() }])).toBe(true);
    expect(rendersUnavailable([{ status: 'success' }, { status: 'success' }])).toBe(false);
    // A route that failed otherwise stays the router's 500; a not-found stays its 404.
    expect(rendersUnavailable([{ status: 'success' }, { status: 'error', error: new TypeError("Cannot read properties of undefined (reading 'price')") }])).toBe(false);
    expect(rendersUnavailable([{ status: 'notFound', error: outage() }])).toBe(false);
  });
});

describe("a server render's calls to the platform", () => {
  it('are told failed once one answered 5xx, not for a refusal or a missing record; each answer passes through unchanged', async () => {
    const answers: Record<string, number> = { '/api/site': 200, '/api/cars/x': 404, '/api/leads': 429, '/api/locations': 503 };
    const platform = watchPlatformFailures(async (path: string) => new Response(path, { status: answers[path] ?? 500 }));
    for (const path of ['/api/site', '/api/cars/x', '/api/leads']) expect((await platform.fetch(path)).status).toBe(answers[path]);
    expect(platform.failed()).toBe(false);
    const locations = await platform.fetch('/api/locations');
    expect([locations.status, await locations.text()]).toEqual([503, '/api/locations']);
    expect(platform.failed()).toBe(true);
    const other = watchPlatformFailures(async (_path: string) => new Response('', { status: 500 }));
    await other.fetch('/api/offers');
    expect(other.failed()).toBe(true);
  });
});

