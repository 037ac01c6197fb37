import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LocationSchema, ReviewsResponseSchema } from '../schema/api/index.ts';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';

/*
 * Dealer presence over HTTP: locations with hours and holiday hours, and the reviews
 * block fed by the bundled sample set (spec §9: 122 reviews averaging 4.7; shown: rating 4 or
 * more, 12 of them by default).
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let A: string;
const call = (host: string, p: string) => request(server.port, host, p);

beforeAll(async () => {
  dataDir = freshDataDir('fc-presence-');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 60, log: () => {} });
  A = `alpha-motors.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('reviews (bundled sample set)', () => {
  test('every location carries the 122-review sample set averaging 4.7', async () => {
    const r = await call(A, '/api/locations');
    expect(r.status).toBe(200);
    const locations = (r.json as unknown[]).map((l) => LocationSchema.parse(l));
    expect(locations.length).toBeGreaterThan(0);
    for (const l of locations) expect(l.reviews).toEqual({ average_rating: 4.7, count: 122 });
  });

  test('the reviews call shows 12 reviews rated 4 or more, newest first, by default', async () => {
    const [first] = (await call(A, '/api/locations')).json as { slug: string }[];
    const r = await call(A, `/api/locations/${first!.slug}/reviews`);
    expect(r.status).toBe(200);
    const body = ReviewsResponseSchema.parse(r.json);
    expect(body.count).toBe(122);
    expect(body.average_rating).toBe(4.7);
    expect(body.reviews).toHaveLength(12);
    expect(body.reviews.every((x) => x.rating >= 4)).toBe(true);
    const dates = body.reviews.map((x) => x.review_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('minimum rating and quantity come from the caller (tenant configuration)', async () => {
    const [first] = (await call(A, '/api/locations')).json as { slug: string }[];
    const r = await call(A, `/api/locations/${first!.slug}/reviews?min_rating=5&limit=30`);
    const body = ReviewsResponseSchema.parse(r.json);
    expect(body.reviews).toHaveLength(30);
    expect(body.reviews.every((x) => x.rating === 5)).toBe(true);
    const bad = await call(A, `/api/locations/${first!.slug}/reviews?min_rating=9`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('min_rating');
  });

  test('an unknown location is a 404', async () => {
    const r = await call(A, '/api/locations/nowhere/reviews');
    expect(r.status).toBe(404);
  });
});

describe('locations', () => {
  test('each location has seven days of hours and upcoming holiday hours', async () => {
    const r = await call(A, '/api/locations');
    for (const raw of r.json as unknown[]) {
      const l = LocationSchema.parse(raw);
      expect(l.contact_detail.opening_hours.map((h) => h.weekday).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(l.special_hours.length).toBeGreaterThan(0);
      expect(l.address.lat).toBeLessThan(-9);
      expect(l.address.long).toBeGreaterThan(112);
    }
  });
});

describe('place suggestions (offline, Australia only)', () => {
  test('a suburb prefix suggests the matching localities with postcode and coordinates', async () => {
    const r = await call(A, '/api/places/autocomplete?input=newst');
    expect(r.status).toBe(200);
    const names = (r.json.predictions as { description: string }[]).map((p) => p.description);
    expect(names).toContain('Newstead QLD 4006');
    const newstead = r.json.predictions.find((p: { postcode: string }) => p.postcode === '4006');
    expect(newstead.lat).toBeCloseTo(-27.45, 1);
    expect(newstead.lng).toBeCloseTo(153.04, 1);
  });

  test('a postcode prefix suggests postcodes; at most 8', async () => {
    const r = await call(A, '/api/places/autocomplete?input=40');
    expect(r.json.predictions.length).toBe(8);
    expect(r.json.predictions.every((p: { postcode: string }) => p.postcode.startsWith('40'))).toBe(true);
  });

  test('nothing matches → no predictions; empty input → 400 naming the field', async () => {
    expect((await call(A, '/api/places/autocomplete?input=zzzzqqq')).json.predictions).toEqual([]);
    const bad = await call(A, '/api/places/autocomplete?input=');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('input');
  });
});

describe('generated location maps (GET /api/maps/locations.svg)', () => {
  test("an SVG of the site's own locations: cached, the current one in the brand colour", async () => {
    const r = await call(A, '/api/maps/locations.svg?locations=alpha-toyota-brisbane,alpha-toyota-service&current=alpha-toyota-brisbane&width=640&height=360&span_km=3');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=3600');
    // Scripts can never run in it, even opened on its own.
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.text).toContain('<title>Map of Alpha Toyota Brisbane, Alpha Toyota Service</title>');
    // Two locations next door are one pin, labelled with the suburb.
    expect(r.text.match(/<path d="M0 0 C/g)).toHaveLength(1);
    expect(r.text).toContain('>Woolloongabba</text>');
    const again = await request(server.port, A, '/api/maps/locations.svg?locations=alpha-toyota-brisbane,alpha-toyota-service&current=alpha-toyota-brisbane&width=640&height=360&span_km=3', { headers: { 'If-None-Match': String(r.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  test('compressed for browsers that accept it', async () => {
    const r = await request(server.port, A, '/api/maps/locations.svg?locations=alpha-toyota-brisbane&width=1200&height=420&span_km=10', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toBe('Accept-Encoding');
  });

  test("another site's location, an unknown one, or a bad size: a clear error naming it", async () => {
    const unknown = await call(A, '/api/maps/locations.svg?locations=alpha-toyota-brisbane,beta-rv-geelong&width=640&height=360');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('No location with slug beta-rv-geelong on this site');
    const tooWide = await call(A, '/api/maps/locations.svg?locations=alpha-toyota-brisbane&width=99999&height=360');
    expect(tooWide.status).toBe(400);
    expect(tooWide.json.error).toMatch(/^Invalid query: width: /);
    const notSlugs = await call(A, '/api/maps/locations.svg?locations=%3Cscript%3E&width=640&height=360');
    expect(notSlugs.status).toBe(400);
    expect(notSlugs.json.error).toBe('Invalid query: locations: must be location slugs separated by commas');
    const stray = await call(A, '/api/maps/locations.svg?locations=alpha-toyota-brisbane&current=alpha-toyota-service&width=640&height=360');
    expect(stray.status).toBe(400);
    expect(stray.json.error).toBe('Invalid query: current: alpha-toyota-service is not one of locations');
  });
});
