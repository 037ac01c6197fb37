import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startServer, type RunningServer } from '../index.ts';
import { request } from '../local-client.ts';
import { freshDataDir } from '../test-support/data-dir.ts';
import { ownPostgresDatabase } from '../test-support/own-postgres.ts';
import { createApiKey } from './api-keys.ts';
import { stockChanged } from './generation.ts';
import { benchFeed } from './bench.ts';
import { FEED_LIMITS } from './feed.ts';
import { feedReaderThreadId, searchRecordsOffThread, WORKER_CARS, WORKER_FEED_CHARS } from './feed-thread.ts';
import { searchRecordsFromJson } from '../repo/car-record.ts';
import { loadSiteCars, siteCarsJson, toSearchRecord } from '../repo/cars.ts';

/*
 * The stock feed end to end on a running server: a dealer's system PUTs the shipped fixture
 * (photos served by a local HTTP server), the cars appear in search and on the car API with
 * their photos, in Google's and Meta's feeds; a second full feed without two cars sells them;
 * truncated feeds are refused whole; reserved cars keep their state; limits answer with their
 * numbers.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'stock');
let dataDir: string;
let tenantsDir: string;
let databaseUrl: string | undefined;
let server: RunningServer;
let photoServer: http.Server;
let photoOrigin: string;
let host: string;
let key: string;
const photoHits = new Map<string, number>();
/** Photos the local photo server no longer has (a dealer's server that took them down). */
const gonePhotos = new Set<string>();
let clock = new Date('2026-11-28T01:00:00Z');

function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('http://127.0.0.1:8090', photoOrigin);
}

const put = (body: string, query = '', headers: Record<string, string> = {}) =>
  request(server.port, host, `/api/dealer/stock${query}`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv', ...headers }, body });

async function search(filters = '') {
  const r = await request(server.port, host, '/1/indexes/cars/query', { body: { hitsPerPage: 100, ...(filters ? { filters } : {}) } });
  return r.json as { nbHits: number; hits: { slug: string; stocknum: string; status: string; sold_date_timestamp: number | null; primary_image_url: string | null; price: number }[] };
}

/** The rows of the fixture without the given stock numbers (a feed that no longer lists them). */
function without(csv: string, stocknums: string[]): string {
  return csv.split('\r\n').filter((line) => !stocknums.some((s) => line.startsWith(`${s},`))).join('\r\n');
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-stock-');
  tenantsDir = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenantsDir);
  for (const slug of ['harbourside-motor-group', 'big-lot-car-superstore']) fs.copyFileSync(path.join(ROOT, 'tenants', `${slug}.json`), path.join(tenantsDir, `${slug}.json`));
  photoServer = http.createServer((req, res) => {
    const name = path.basename(req.url ?? '');
    photoHits.set(name, (photoHits.get(name) ?? 0) + 1);
    const file = path.join(FIXTURES, 'photos', name);
    if (name === 'flaky.jpg' && photoHits.get(name) === 1) return res.writeHead(503).end();
    if (name === 'flaky.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(path.join(FIXTURES, 'photos', 'cx5-interior.jpg')));
    if (name === 'page.jpg') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a photo</html>');
    if (!fs.existsSync(file) || gonePhotos.has(name)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve));
  photoOrigin = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`;
  // On PostgreSQL (DATABASE_URL), a database of this file's own: the servers of the files beside it
  // would download this file's photos into their own folders.
  databaseUrl = process.env.DATABASE_URL ? await ownPostgresDatabase(process.env.DATABASE_URL, 'forecourt_stock') : undefined;
  server = await startServer({ ...(databaseUrl ? { databaseUrl } : {}), port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 300, log: () => {}, watch: false, now: () => clock, allowPrivatePhotoAddresses: true });
  // The test runs the background stock work itself (drain): a photo downloads only when asked,
  // so a car can be seen before its photos arrive, whatever the machine's speed.
  server.stock.close();
  host = `harbourside-motor-group.localhost:${server.port}`;
  const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'harbourside-motor-group').executeTakeFirstOrThrow();
  key = (await createApiKey(server.db, site.id, 'test DMS')).key;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => photoServer?.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('stock feed in', () => {
  test('a dry run reports and writes nothing', async () => {
    const before = (await search()).nbHits;
    const r = await put(fixture('stock-list.csv'), '?dry_run=true');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ dryRun: true, created: 11, rows: 12, badRows: 1, importId: null });
    expect((await search()).nbHits).toBe(before);
  });

  test('the fixture feed: cars in search and on their pages, demo stock withdrawn, photos downloaded', async () => {
    const demoBefore = (await search()).nbHits;
    expect(demoBefore).toBeGreaterThan(0);
    const r = await put(fixture('stock-list.csv'));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ created: 11, updated: 0, sold: 0, rows: 12, badRows: 1 });
    expect(r.json.errors).toEqual(['row 13, column Year: "20l9" is not a year']);
    expect(r.json.warnings).toEqual(['row 8, column VIN: VIN KMHK381GFPU234567 fails its check digit (kept as given; please check it)']);
    // The search answers from the committed feed as soon as the request returns.
    const found = await search();
    expect(found.hits.map((h) => h.stocknum).sort()).toEqual(['HM-23001', 'HM-23002', 'HT-24001', 'HT-24002', 'HT-24003', 'HU-21001', 'HU-21002', 'HU-21003', 'HU-21004', 'HY-22001', 'HY-22002']);
    const cx5 = found.hits.find((h) => h.stocknum === 'HM-23001')!;
    // No photo is linked before it is downloaded.
    expect(cx5.primary_image_url).toBeNull();
    const page = await request(server.port, host, `/api/cars/${cx5.slug}`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ make: 'Mazda', model: 'CX-5', km: 45120, price: 31990, images: [] });

    await server.stock.drain();
    const after = await request(server.port, host, `/api/cars/${cx5.slug}`);
    const urls = (after.json.images as { image: { url: string } }[]).map((i) => i.image.url);
    expect(urls).toEqual([`/images/cars/${after.json.id}/1.webp`, `/images/cars/${after.json.id}/2.webp`]);
    const img = await request(server.port, host, `${urls[0]}?w=320`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await search()).hits.find((h) => h.stocknum === 'HM-23001')?.primary_image_url).toBe(urls[0]);
    // A photo position the car does not have is a 404, not a drawn placeholder.
    expect((await request(server.port, host, `/images/cars/${after.json.id}/3.webp`)).status).toBe(404);
  });

  test('a photo that fails is retried; one that is not a photo is given up; the car shows its first available photo', async () => {
    const csv = `Stock No,Make,Model,Year,Price,Photos\r\nPH-1,Kia,Rio,2020,15000,${photoOrigin}/photos/page.jpg|${photoOrigin}/photos/flaky.jpg\r\n`;
    expect((await put(csv, '?mode=delta')).status).toBe(200);
    await server.stock.drain();
    let rows = await server.db.selectFrom('car_images').innerJoin('cars', 'cars.id', 'car_images.car_id').select(['car_images.position', 'car_images.state', 'car_images.error']).where('cars.stocknum', '=', 'PH-1').orderBy('position').execute();
    expect(rows.map((r) => [r.position, r.state])).toEqual([[1, 'failed'], [2, 'pending']]);
    expect(rows[0]?.error).toBe('not a photo (content type text/html)');
    // The retry is due after the first pause (5 s): move the clock past it.
    clock = new Date(clock.getTime() + 6_000);
    await server.stock.drain();
    rows = await server.db.selectFrom('car_images').innerJoin('cars', 'cars.id', 'car_images.car_id').select(['car_images.position', 'car_images.state', 'car_images.error']).where('cars.stocknum', '=', 'PH-1').orderBy('position').execute();
    expect(rows.map((r) => [r.position, r.state])).toEqual([[1, 'failed'], [2, 'ready']]);
    const hit = (await search('stocknum:"PH-1"')).hits[0]!;
    expect(hit.primary_image_url).toMatch(/\/2\.webp$/);
  });

  test("a stored photo missing from this instance's folder (another instance downloaded it) is fetched again from its feed address when first asked for, once for shoppers asking at once; one whose address no longer answers is a 404, not asked again for a minute", async () => {
    const car = await server.db.selectFrom('cars').select('id').where('stocknum', '=', 'HM-23001').executeTakeFirstOrThrow();
    const stored = await server.db.selectFrom('car_images').select(['position', 'file', 'source_url']).where('car_id', '=', car.id).where('kind', '=', 'photo').where('state', '=', 'ready').orderBy('position').execute();
    expect(stored.map((r) => r.position)).toEqual([1, 2]);
    const [first, second] = stored.map((r) => ({ file: path.join(dataDir, 'photos', r.file!), name: path.basename(new URL(r.source_url!).pathname) }));
    expect([first!.name, second!.name]).toEqual(['cx5-front-three-quarter.jpg', 'cx5-interior.jpg']);

    // Three shoppers ask for the second photo, in two sizes, at once: one download.
    fs.rmSync(second!.file);
    const before = photoHits.get(second!.name)!;
    const answers = await Promise.all([320, 320, 640].map((w) => request(server.port, host, `/images/cars/${car.id}/2.webp?w=${w}`)));
    expect(answers.map((a) => [a.status, a.headers['content-type']])).toEqual([[200, 'image/webp'], [200, 'image/webp'], [200, 'image/webp']]);
    expect(photoHits.get(second!.name)).toBe(before + 1);
    expect(fs.existsSync(second!.file), 'kept under its stored name').toBe(true);
    expect((await request(server.port, host, `/images/cars/${car.id}/2.webp?w=480`)).status).toBe(200);
    expect(photoHits.get(second!.name), 'not fetched again once kept').toBe(before + 1);

    // The dealer's server no longer has the first: a 404, and its address is left alone for a minute.
    fs.rmSync(first!.file);
    gonePhotos.add(first!.name);
    const hits = photoHits.get(first!.name)!;
    expect((await request(server.port, host, `/images/cars/${car.id}/1.webp?w=640`)).status).toBe(404);
    expect(photoHits.get(first!.name)).toBe(hits + 1);
    clock = new Date(clock.getTime() + 59_000);
    expect((await request(server.port, host, `/images/cars/${car.id}/1.webp?w=480`)).status).toBe(404);
    expect(photoHits.get(first!.name)).toBe(hits + 1);
    // Back after the minute.
    gonePhotos.delete(first!.name);
    clock = new Date(clock.getTime() + 2_000);
    expect((await request(server.port, host, `/images/cars/${car.id}/1.webp?w=480`)).status).toBe(200);
    expect(photoHits.get(first!.name)).toBe(hits + 2);
    // The car's photos were never taken off it meanwhile.
    expect((await search('stocknum:"HM-23001"')).hits[0]?.primary_image_url).toBe(`/images/cars/${car.id}/1.webp`);
  });

  // Runs where the server is on PostgreSQL: the embedded database is one instance's.
  test.runIf(Boolean(process.env.DATABASE_URL))('on PostgreSQL, a second instance with a photo folder of its own serves the photos the first one downloaded', async () => {
    const otherDir = freshDataDir('fc-stock-other-');
    const other = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', dataDir: otherDir, distDir: path.join(otherDir, 'dist'), tenantsDir, log: () => {}, watch: false, now: () => clock, allowPrivatePhotoAddresses: true });
    try {
      other.stock.close();
      const car = await server.db.selectFrom('cars').select('id').where('stocknum', '=', 'HT-24001').executeTakeFirstOrThrow();
      const source = await server.db.selectFrom('car_images').select('source_url').where('car_id', '=', car.id).where('position', '=', 1).where('state', '=', 'ready').executeTakeFirstOrThrow();
      const name = path.basename(new URL(source.source_url!).pathname);
      const before = photoHits.get(name)!;
      const otherHost = `harbourside-motor-group.localhost:${other.port}`;
      const photo = await request(other.port, otherHost, `/images/cars/${car.id}/1.webp?w=320`);
      expect([photo.status, photo.headers['content-type']]).toEqual([200, 'image/webp']);
      expect(photoHits.get(name)).toBe(before + 1);
      // Its pages link the photo, as the first instance's do.
      const hit = (await request(other.port, otherHost, '/1/indexes/cars/query', { body: { filters: 'stocknum:"HT-24001"' } })).json as { hits: { primary_image_url: string | null }[] };
      expect(hit.hits[0]?.primary_image_url).toBe(`/images/cars/${car.id}/1.webp`);
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  test('marketplace feeds: only cars for sale with a price, every link and photo answers, ETag revalidation', async () => {
    const g = await request(server.port, host, '/api/feeds/google-vehicle-listings.xml');
    expect(g.status).toBe(200);
    expect(g.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = new XMLParser({ ignoreAttributes: false }).parse(g.text);
    const items = [xml.rss.channel.item].flat() as Record<string, unknown>[];
    // HT-24003 is POA: no price, not listed. PH-1 (Rio) is.
    expect(items.map((i) => i['g:id']).sort()).toEqual(['HM-23001', 'HM-23002', 'HT-24001', 'HT-24002', 'HU-21001', 'HU-21002', 'HU-21003', 'HU-21004', 'HY-22001', 'HY-22002', 'PH-1']);
    const cx5 = items.find((i) => i['g:id'] === 'HM-23001')!;
    expect(cx5).toMatchObject({ 'g:price': '31990.00 AUD', 'g:mileage': '45120 km', 'g:condition': 'used', 'g:make': 'Mazda', 'g:model': 'CX-5', 'g:trim': 'Maxx Sport KF Series 2', 'g:year': 2021, 'g:drivetrain': 'AWD', 'g:dealership_name': 'Harbourside Mazda' });
    expect(String(cx5['g:dealership_address'])).toMatch(/, AU$/);
    const hilux = items.find((i) => i['g:id'] === 'HT-24001')!;
    expect(hilux['g:condition']).toBe('new');
    const siteUrl = 'https://';
    for (const item of items) {
      for (const url of [item['g:link'], item['g:image_link'], item['g:additional_image_link']].flat().filter(Boolean) as string[]) {
        expect(url.startsWith(siteUrl)).toBe(true);
        const local = new URL(url).pathname;
        // Car links are pages; the page's data comes from the car API (the test has no built bundle).
        const answer = await request(server.port, host, local.startsWith('/cars/') ? `/api${local}` : local);
        expect({ url, status: answer.status }).toEqual({ url, status: 200 });
      }
    }
    const etag = String(g.headers.etag);
    expect((await request(server.port, host, '/api/feeds/google-vehicle-listings.xml', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await request(server.port, host, '/api/feeds/google-vehicle-listings.xml', { headers: { 'if-modified-since': String(g.headers['last-modified']) } })).status).toBe(304);

    const m = await request(server.port, host, '/api/feeds/meta-automotive-catalogue.csv');
    expect(m.status).toBe(200);
    const rows = parse(m.text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(11);
    expect(rows.find((r) => r.title === '2021 Mazda CX-5 Maxx Sport')).toMatchObject({ price: '31990.00 AUD', 'mileage.value': '45120', 'mileage.unit': 'KM', state_of_vehicle: 'USED', 'address.country': 'AU' });
  });

  test('a second full feed without two cars sells those two (sold now, in the sold window); the feeds drop them at once', async () => {
    const etag = String((await request(server.port, host, '/api/feeds/google-vehicle-listings.xml')).headers.etag);
    clock = new Date(clock.getTime() + 60_000);
    const r = await put(without(fixture('stock-list.csv'), ['HM-23002', 'HU-21003']));
    expect(r.status).toBe(200);
    // PH-1 came in a delta feed; the full feed no longer lists it either.
    expect(r.json).toMatchObject({ sold: 3, created: 0 });
    const sold = (await search('status:sold')).hits;
    expect(sold.map((h) => h.stocknum).sort()).toEqual(['HM-23002', 'HU-21003', 'PH-1']);
    for (const h of sold) expect(h.sold_date_timestamp).toBe(Math.floor(clock.getTime() / 1000));
    const again = await request(server.port, host, '/api/feeds/google-vehicle-listings.xml', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(200);
    expect(again.text).not.toContain('HM-23002');
  });

  test('a marketplace feed is Last-Modified when its body last changed: built again with the same body (a restart, another instance) it keeps that time', async () => {
    const feed = (kind: 'google-vehicle-listings.xml' | 'meta-automotive-catalogue.csv') => request(server.port, host, `/api/feeds/${kind}`);
    const google = await feed('google-vehicle-listings.xml');
    const meta = await feed('meta-automotive-catalogue.csv');
    const since = String(google.headers['last-modified']);
    // An hour on, the stock moves without changing what the feeds list (the feeds are built again, as after a restart): the same time.
    clock = new Date(clock.getTime() + 3_600_000);
    stockChanged('harbourside-motor-group');
    const rebuilt = await feed('google-vehicle-listings.xml');
    expect([rebuilt.headers.etag, rebuilt.headers['last-modified']]).toEqual([google.headers.etag, since]);
    expect((await feed('meta-automotive-catalogue.csv')).headers['last-modified']).toBe(meta.headers['last-modified']);
    // A new price (as staff might set it; a key's feeds are limited to 10 a minute and this file's other tests send them): both feeds change,
    // Last-Modified is the time they were built with it (the server's clock, to the second).
    clock = new Date(clock.getTime() + 3_600_000 + 400);
    const cx5 = server.db.updateTable('cars').where('stocknum', '=', 'HM-23001');
    await cx5.set({ price: 30990 }).execute();
    stockChanged('harbourside-motor-group');
    const changed = await feed('google-vehicle-listings.xml');
    expect(changed.text).toContain('30990.00 AUD');
    expect(changed.headers.etag).not.toBe(google.headers.etag);
    const secondOf = new Date(Math.floor(clock.getTime() / 1000) * 1000).toUTCString();
    expect(changed.headers['last-modified']).toBe(secondOf);
    expect((await feed('meta-automotive-catalogue.csv')).headers['last-modified']).toBe(secondOf);
    expect((await request(server.port, host, '/api/feeds/google-vehicle-listings.xml', { headers: { 'if-modified-since': since } })).status).toBe(200);
    await cx5.set({ price: 31990 }).execute();
    stockChanged('harbourside-motor-group');
  });

  test('a truncated feed or one with too many bad rows is refused whole', async () => {
    const csv = fixture('stock-list.csv').split('\r\n').slice(0, 4).join('\r\n');
    const before = await search();
    const r = await put(csv);
    expect(r.status).toBe(422);
    expect(r.json.refused).toBe('the feed would mark 6 of the 9 cars for sale as sold (more than half): a truncated file? Nothing was imported; import with force=true if they really are sold');
    expect((await search()).hits.map((h) => [h.stocknum, h.status])).toEqual(before.hits.map((h) => [h.stocknum, h.status]));
    const bad = 'Stock No,Make,Model,Year\nA,Kia,Rio,20x0\nB,Kia,Rio,2020\n';
    const refused = await put(bad, '?mode=delta');
    expect(refused.json.refused).toBe('1 of 2 rows are bad (more than 20 %): nothing was imported; fix the rows or import with force=true');
  });

  test('a reserved car keeps its state when the feed drops it or calls it sold', async () => {
    const hilux = (await search('stocknum:"HT-24001"')).hits[0]!;
    await server.db.updateTable('cars').set({ reserved: true }).where('slug', '=', hilux.slug).execute();
    const feed = fixture('stock-list.csv').replace(/^HT-24001,(.*),In Stock,New,/m, 'HT-24001,$1,Sold,New,');
    const r = await put(without(feed, ['HM-23002', 'HU-21003']));
    expect(r.status).toBe(200);
    expect(r.json.warnings).toContain('row 2, column Status: car HT-24001 is reserved or ordered online; it stays in stock');
    const row = await server.db.selectFrom('cars').select(['status', 'reserved']).where('slug', '=', hilux.slug).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'in_stock', reserved: true });
  });

  test('a delta feed only upserts; the slug of a car never changes', async () => {
    const corolla = (await search('stocknum:"HT-24002"')).hits[0]!;
    const csv = 'Stock No,Make,Model,Badge,Year,Price,Condition\r\nHT-24002,Toyota,Corolla,ZR,2023,"$31,990",Demo\r\n';
    const r = await put(csv, '?mode=delta');
    expect(r.json).toMatchObject({ updated: 1, sold: 0, created: 0 });
    const after = (await search('stocknum:"HT-24002"')).hits[0]!;
    expect(after).toMatchObject({ slug: corolla.slug, price: 31990 });
    expect((await search()).nbHits).toBe(12);
    // The same stock number at another dealership is another car, with a slug of its own.
    const twin = await put('Stock No,Make,Model,Badge,Year,Price,Condition,Location\r\nHT-24002,Toyota,Corolla,Ascent Sport,2023,30000,Used,Harbourside Used Cars Eagle Farm\r\n', '?mode=delta');
    expect(twin.json).toMatchObject({ created: 1, updated: 0 });
    const slugs = (await search('stocknum:"HT-24002"')).hits.map((h) => h.slug).sort();
    expect(slugs).toEqual(['2023-toyota-corolla-ascent-sport-ht-24002', '2023-toyota-corolla-ascent-sport-ht-24002-2']);
  });

  test("search records made from the cars' rows as JSON text, in the stock worker or on the spot, are the records their rows make", async () => {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'harbourside-motor-group').executeTakeFirstOrThrow();
    // Demo cars, withdrawn demo cars, feed cars with and without photos, sold ones.
    const ids = (await server.db.selectFrom('cars').select('id').where('site_id', '=', site.id).orderBy('id').execute()).map((r) => r.id);
    const expected = (await loadSiteCars(server.db, site.id, true, ids)).map(({ car, dealershipName }) => toSearchRecord(car, dealershipName));
    const json = await siteCarsJson(server.db, site.id, ids);
    expect(json.length).toBeGreaterThanOrEqual(WORKER_FEED_CHARS);
    expect(await searchRecordsOffThread(json)).toEqual(expected);
    expect(feedReaderThreadId()).not.toBeNull();
    expect(searchRecordsFromJson(json)).toEqual(expected);
  });

  test("the stock worker hands an import's records over one part a turn, so searches waiting meanwhile are answered between parts", async () => {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'harbourside-motor-group').executeTakeFirstOrThrow();
    const ids = (await server.db.selectFrom('cars').select('id').where('site_id', '=', site.id).orderBy('id').execute()).map((r) => r.id);
    const rows = JSON.parse(await siteCarsJson(server.db, site.id, ids)) as unknown[];
    // A yard of a thousand cars' rows (the site's own, repeated), as a full feed's changed cars.
    const json = JSON.stringify(Array.from({ length: 1000 }, (_, i) => rows[i % rows.length]));
    // Whether the event loop has had a turn since the part before: a part copied in the same turn
    // as the one before it held every search that arrived meanwhile for both copies.
    let turned = true;
    const parts: { afterATurn: boolean; size: number }[] = [];
    const records = await searchRecordsOffThread(json, (part) => {
      parts.push({ afterATurn: turned, size: part.length });
      turned = false;
      setImmediate(() => {
        turned = true;
      });
    });
    expect(records).toHaveLength(1000);
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(1000);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((part) => part.afterATurn)).toEqual(parts.map(() => true));
  });

  test('forced, a short feed does sell the cars it no longer lists', async () => {
    const csv = fixture('stock-list.csv').split('\r\n').slice(0, 4).join('\r\n');
    const r = await put(csv, '?force=true');
    expect(r.status).toBe(200);
    // HT-24001 is reserved online: it is not sold by its absence. The seventh is the Eagle Farm twin.
    expect(r.json).toMatchObject({ sold: 7, updated: 1 });
    expect((await search('NOT status:sold')).hits.map((h) => h.stocknum).sort()).toEqual(['HT-24001', 'HT-24002', 'HT-24003']);
  });

  test('npm run stock:import sends the file to the running server: search shows the change when the command returns', async () => {
    const file = path.join(dataDir, 'delta.csv');
    fs.writeFileSync(file, 'Stock No,Make,Model,Year,Price,Condition\r\nCMD-1,Kia,Picanto,2024,"$17,990",New\r\n');
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'stock-import.ts'), 'harbourside-motor-group', file, '--delta'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    expect(out).toContain('1 car was added, 0 updated');
    expect((await search('stocknum:"CMD-1"')).hits.map((h) => h.price)).toEqual([17990]);
    // Kept as the command's import, though the running server applied it.
    const last = await server.db.selectFrom('stock_imports').select('origin').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.origin).toBe('command');
  });

  test("the command's refusal names the command's own way to force a feed", async () => {
    const file = path.join(dataDir, 'bad.csv');
    fs.writeFileSync(file, 'Stock No,Make,Model,Year\r\nA,Kia,Rio,20x0\r\nB,Kia,Rio,2020\r\n');
    const failed = await new Promise<{ code: number | null; stdout: string }>((resolve) =>
      execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'stock-import.ts'), 'harbourside-motor-group', file, '--delta'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout: stdout + stderr })),
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('1 of 2 rows are bad (more than 20 %): nothing was imported; fix the rows or import with --force');
  });

  test('an import another process committed (PostgreSQL, another instance) is re-indexed by the poll', async () => {
    const car = await server.db.selectFrom('cars').innerJoin('sites', 'sites.id', 'cars.site_id').select(['cars.id', 'cars.site_id']).where('cars.stocknum', '=', 'CMD-1').executeTakeFirstOrThrow();
    await server.db.updateTable('cars').set({ price: 16990 }).where('id', '=', car.id).execute();
    expect((await search('stocknum:"CMD-1"')).hits[0]?.price).toBe(17990);
    await server.db.insertInto('stock_imports').values({ site_id: car.site_id, origin: 'command', mode: 'delta', summary: '{}', car_ids: JSON.stringify([car.id]) }).execute();
    await server.stock.drain();
    expect((await search('stocknum:"CMD-1"')).hits[0]?.price).toBe(16990);
  });

  // Runs where the server is on PostgreSQL (npm test's "API on PostgreSQL" step): the embedded database has no second connection to give.
  test.runIf(Boolean(process.env.DATABASE_URL))('on PostgreSQL, the stock worker reads the cars a feed changed back for search over its own connection, not the thread that answers shoppers', async () => {
    // A key of its own: the tests before used up the first key's feeds for the minute.
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'harbourside-motor-group').executeTakeFirstOrThrow();
    key = (await createApiKey(server.db, site.id, 'second system')).key;
    // Every query the server's own connections make on this thread (Kysely sends each as client.query(text, values)).
    const { default: pg } = await import('pg');
    const query = vi.spyOn(pg.Client.prototype, 'query');
    let r: Awaited<ReturnType<typeof put>>;
    let texts: string[];
    try {
      r = await put(benchFeed(WORKER_CARS * 3, 0, 90_000), '?mode=delta');
      texts = query.mock.calls.map(([q]) => (typeof q === 'string' ? q : String((q as { text?: unknown }).text)));
    } finally {
      query.mockRestore();
    }
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ created: WORKER_CARS * 3, updated: 0 });
    // In search when the request returns, with the feed's values.
    const found = await search('stocknum:"B-90001"');
    expect(found.hits.map((h) => h.price)).toEqual([15_100]);
    expect(texts.filter((t) => /insert into cars/i.test(t)), 'the import wrote its cars on this thread').toHaveLength(1);
    expect(texts.filter((t) => t.includes('json_agg') && t.includes('dealership_name')), 'no car was read back for search on this thread').toEqual([]);
  });

  test('keys, types and limits answer with what is wrong', async () => {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'harbourside-motor-group').executeTakeFirstOrThrow();
    key = (await createApiKey(server.db, site.id, 'limits')).key;
    expect((await put('x', '', { authorization: 'Bearer fcsk_not-a-key' })).status).toBe(401);
    const other = await request(server.port, `big-lot-car-superstore.localhost:${server.port}`, '/api/dealer/stock', { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: 'a' });
    expect(other.status).toBe(401);
    expect((await put('{}', '', { 'content-type': 'text/plain' })).json.error).toBe('Content-Type must be text/csv or application/json (got text/plain)');
    expect((await put('a', '?mode=sometimes')).status).toBe(400);
    // A parameter the endpoint does not take (a dealer's system guessing a name) is named itself.
    const misspelt = await put('a', '?dryRun=true');
    expect(misspelt.status).toBe(400);
    expect(misspelt.json.fields).toEqual([{ path: 'dryRun', message: 'Not a field this takes: check its spelling.' }]);
    expect(misspelt.json.error).toMatch(/^Invalid query: dryRun: /);
    const big = await put('x'.repeat(FEED_LIMITS.bytes + 1));
    expect(big.status).toBe(413);
    expect(big.json.error).toBe(`The feed is ${FEED_LIMITS.bytes + 1} bytes, more than the limit of ${FEED_LIMITS.bytes} bytes`);
  });

  test('a key may send at most 10 feeds a minute', async () => {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'harbourside-motor-group').executeTakeFirstOrThrow();
    key = (await createApiKey(server.db, site.id, 'busy')).key;
    for (let i = 0; i < 10; i++) expect((await put('Stock No,Make,Model,Year\n', '?mode=delta&dry_run=true')).status).toBe(422);
    const r = await put('Stock No,Make,Model,Year\n', '?mode=delta&dry_run=true');
    expect(r.status).toBe(429);
    expect(r.json.error).toBe('Too many stock feeds: at most 10 a minute. Please wait and send it again.');
    // A revoked key is refused.
    await server.db.updateTable('dealer_api_keys').set({ revoked_at: clock }).where('site_id', '=', site.id).execute();
    expect((await put('x')).status).toBe(401);
  });
});
