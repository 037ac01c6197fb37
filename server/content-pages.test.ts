import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { BrandDirectoryEntrySchema, OffersPageSchema } from '../schema/api/index.ts';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';

/*
 * Content for the brand directory and the special offers page over HTTP (issue 13): a brand
 * without a logo answers logo null (the site shows the image-not-found placeholder); offers
 * only inside their window, 21 per page, filtered by category, price range and text, with the
 * live categories for the filter.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
const DAY = 86_400_000;
let dataDir: string;
let server: RunningServer;
let A: string;
let siteId: number;
const call = (p: string) => request(server.port, A, p);
const offers = async (qs = '') => OffersPageSchema.parse((await call(`/api/offers${qs}`)).json);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-content-'));
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 40, log: () => {} });
  A = `alpha-motors.localhost:${server.port}`;
  siteId = (await server.db.selectFrom('sites').select('id').where('slug', '=', 'alpha-motors').executeTakeFirstOrThrow()).id;
  // A known set of offers: the seeded ones go, these stand in (now = the real clock).
  await server.db.deleteFrom('offers').where('site_id', '=', siteId).execute();
  const now = Date.now();
  const offer = (i: number, over: { category: string; price: number | null; title: string; start: number; end: number }) => ({
    site_id: siteId,
    slug: `test-offer-${i}`,
    title: over.title,
    category: over.category,
    make: 'Toyota',
    model: 'Corolla',
    car_type: 'new',
    price: over.price,
    description: `Offer ${i} for 100% of shoppers`,
    terms: 'Conditions apply.',
    starts_at: new Date(now + over.start * DAY),
    expires_at: new Date(now + over.end * DAY),
  });
  const rows = [
    ...Array.from({ length: 23 }, (_, i) => offer(i, { category: 'Drive Away', price: 25_000 + i * 2_000, title: `Corolla drive-away ${i}`, start: -5, end: 30 + i })),
    offer(100, { category: 'Finance', price: null, title: 'HiLux 1.9% finance', start: -1, end: 10 }),
    offer(101, { category: 'Servicing', price: null, title: 'Expired servicing deal', start: -40, end: -1 }),
    offer(102, { category: 'Clearance', price: 20_000, title: 'Not started yet', start: 3, end: 40 }),
  ];
  await server.db.insertInto('offers').values(rows).execute();
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('special offers search', () => {
  test('lists only offers inside their window, 21 per page, with the live categories', async () => {
    const first = await offers();
    expect(first.count).toBe(24);
    expect(first.items).toHaveLength(21);
    expect(first.pages).toBe(2);
    expect(first.categories).toEqual(['Drive Away', 'Finance']);
    const second = await offers('?page=2');
    expect(second.items).toHaveLength(3);
    const titles = [...first.items, ...second.items].map((o) => o.title);
    expect(titles).not.toContain('Expired servicing deal');
    expect(titles).not.toContain('Not started yet');
    const now = Date.now();
    for (const o of [...first.items, ...second.items]) expect(Date.parse(o.start) <= now && now < Date.parse(o.expiry)).toBe(true);
  });

  test('filters by category, price range (offers without a price left out) and text', async () => {
    expect((await offers('?category=Finance')).items.map((o) => o.title)).toEqual(['HiLux 1.9% finance']);
    // 25,000 + 2,000 i below 30,000: i = 0, 1, 2.
    const under30 = await offers('?price_min=0&price_max=30000');
    expect(under30.items.map((o) => o.price)).toEqual([25_000, 27_000, 29_000]);
    expect((await offers('?price_min=60000')).items.map((o) => o.price)).toEqual([61_000, 63_000, 65_000, 67_000, 69_000]);
    expect((await offers('?query=hilux')).items.map((o) => o.title)).toEqual(['HiLux 1.9% finance']);
    // Text is matched literally: '%' is not a wildcard.
    expect((await offers('?query=%25')).count).toBe(24);
    expect((await offers('?query=1%25')).count).toBe(0);
    expect((await offers('?category=Clearance')).count).toBe(0);
  });

  test('rejects a bad page size or price', async () => {
    expect((await call('/api/offers?per_page=500')).status).toBe(400);
    expect((await call('/api/offers?price_min=-1')).status).toBe(400);
  });
});

describe('brand directory', () => {
  test("brands the platform knows and the site's own brand have a logo; any other brand has none (logo null)", async () => {
    await server.db
      .insertInto('brand_directory')
      .values({ site_id: siteId, manufacturer_id: null, slug: 'roadmaster-trailers', title: 'Roadmaster Trailers', kind: 'truck', description: JSON.stringify(['A local trailer maker.']), skip_page: false })
      .execute();
    const brands = z.array(BrandDirectoryEntrySchema).parse((await call('/api/brands')).json);
    expect(brands.find((b) => b.slug === 'toyota')?.logo).toBe('/images/brands/toyota.svg');
    expect(brands.find((b) => b.slug === 'roadmaster-trailers')?.logo).toBeNull();
    expect((await call('/images/brands/toyota.svg')).status).toBe(200);
  });
});
