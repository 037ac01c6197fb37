import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../index.ts';
import { request } from '../local-client.ts';
import { confirmedSignUp } from '../test-support/accounts.ts';
import { freshDataDir } from '../test-support/data-dir.ts';
import { siteVariant } from '../test-support/site-variant.ts';
import { createApiKey } from './api-keys.ts';

/*
 * Demo stock never shows as the dealer's own on a launched site. Two sites seeded with the same
 * demo stock, one of them launched: the one not launched lists its demo cars (its preview shows
 * a full site); the launched one lists no car anywhere (search, car records, the marketplace
 * feed) until the dealer's first feed, and then exactly the feed's cars. A demo
 * car's address answers 404 there, never its record.
 */

let dataDir: string;
let tenantsDir: string;
let server: RunningServer;
const host = (slug: string) => `${slug}.localhost:${server.port}`;
const call = (slug: string, p: string, init?: Parameters<typeof request>[3]) => request(server.port, host(slug), p, init);

beforeAll(async () => {
  dataDir = freshDataDir('fc-launched-stock-');
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-launched-tenants-'));
  for (const [slug, launched] of [['alpha-motors', false], ['launched-motors', true]] as const) {
    fs.writeFileSync(path.join(tenantsDir, `${slug}.json`), JSON.stringify(siteVariant(slug, slug === 'alpha-motors' ? 'Alpha Motors' : 'Launched Motors', launched), null, 2));
  }
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 30, log: () => {} });
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

/** Every car the site's search lists, trying to widen the filter as a browser could. */
async function listed(slug: string): Promise<{ nbHits: number; stocknums: string[] }> {
  const answer = await call(slug, '/1/indexes/*/queries', {
    body: { requests: [{ indexName: 'cars', params: `hitsPerPage=1000&filters=${encodeURIComponent('sample_stock:true OR sample_stock:false')}` }] },
  });
  expect(answer.status).toBe(200);
  const result = answer.json.results[0] as { nbHits: number; hits: { stocknum: string }[] };
  return { nbHits: result.nbHits, stocknums: result.hits.map((h) => h.stocknum).sort() };
}

/** The site's demo cars, from the database. */
async function demoCars(slug: string) {
  return server.db
    .selectFrom('cars')
    .innerJoin('sites', 'sites.id', 'cars.site_id')
    .select(['cars.id', 'cars.slug', 'cars.stocknum', 'cars.status'])
    .where('sites.slug', '=', slug)
    .where('cars.source', '=', 'demo')
    .where('cars.status', '=', 'in_stock')
    .where('cars.show_on_dealer_website', '=', true)
    .execute();
}

describe('demo stock on a launched site', () => {
  test('a site not launched lists its demo stock (its preview is a full site)', async () => {
    const demo = await demoCars('alpha-motors');
    expect(demo.length).toBeGreaterThan(0);
    expect((await listed('alpha-motors')).nbHits).toBeGreaterThan(0);
    expect((await call('alpha-motors', `/api/cars/${demo[0]!.slug}`)).status).toBe(200);
    expect((await call('alpha-motors', '/api/feeds/google-vehicle-listings.xml')).text).toMatch(/<item>/);
  });

  test('a launched site lists no demo car anywhere before its first feed, and a demo car answers 404', async () => {
    const demo = await demoCars('launched-motors');
    expect(demo.length).toBeGreaterThan(0);
    expect(await listed('launched-motors')).toEqual({ nbHits: 0, stocknums: [] });
    for (const car of demo.slice(0, 3)) {
      expect((await call('launched-motors', `/api/cars/${car.slug}`)).status).toBe(404);
      expect((await call('launched-motors', `/api/cars/${car.id}`)).status).toBe(404);
      expect((await call('launched-motors', `/1/indexes/cars/${car.id}`)).status).toBe(404);
    }
    const feed = await call('launched-motors', '/api/feeds/google-vehicle-listings.xml');
    expect(feed.status).toBe(200);
    expect(feed.text).not.toMatch(/<item>/);
  });

  test("after the dealer's first feed, the launched site lists exactly the feed's cars", async () => {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'launched-motors').executeTakeFirstOrThrow();
    const { key } = await createApiKey(server.db, site.id, 'test');
    const csv = ['Stock No,Make,Model,Year,Odometer,Price', 'LM-1,Kia,Sportage,2022,"21,000 km","$34,990"', 'LM-2,Mazda,CX-5,2021,"35,500 km","$31,990"'].join('\r\n');
    const put = await call('launched-motors', '/api/dealer/stock', { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: csv });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ created: 2 });
    expect(await listed('launched-motors')).toEqual({ nbHits: 2, stocknums: ['LM-1', 'LM-2'] });
    const feedCar = await server.db.selectFrom('cars').select('slug').where('site_id', '=', site.id).where('stocknum', '=', 'LM-1').executeTakeFirstOrThrow();
    expect((await call('launched-motors', `/api/cars/${feedCar.slug}`)).status).toBe(200);
    const demo = await server.db.selectFrom('cars').select('slug').where('site_id', '=', site.id).where('source', '=', 'demo').limit(3).execute();
    for (const car of demo) expect((await call('launched-motors', `/api/cars/${car.slug}`)).status).toBe(404);
  });

  test("a launched site without a payment provider of its own records an order's deposit: its shoppers never meet the demo payment page", async () => {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'launched-motors').executeTakeFirstOrThrow();
    const car = await server.db.selectFrom('cars').select('id').where('site_id', '=', site.id).where('stocknum', '=', 'LM-2').executeTakeFirstOrThrow();
    const { cookie } = await confirmedSignUp(server, host('launched-motors'), { email: 'lena@example.com', password: 'a long order password', name: 'Lena Launch', phone: '0400 555 777' });
    const placed = await call('launched-motors', '/api/orders', {
      headers: { cookie },
      body: { car_id: car.id, name: 'Lena Launch', email: 'lena@example.com', phone: '0400 555 777', postcode: '4000', terms_conditions: true, fulfilment: 'pickup' },
    });
    expect(placed.status).toBe(201);
    expect(placed.json).toMatchObject({ status: 'deposit_recorded', payment: { provider: 'embedded', status: 'recorded' } });
    expect(placed.json.payment.redirect_url).toBeUndefined();
  });
});
