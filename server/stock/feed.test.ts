import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { FEED_THREAD_NICE_STEPS } from './feed-worker-priority.ts';
import { formatIssue, parseJsonFeed, readCsvFeed } from './feed.ts';
import { feedReaderThreadId, openFeed, WORKER_FEED_CHARS } from './feed-thread.ts';
import type { PlanInput } from './plan.ts';
import { columnMapping } from './presets.ts';

/*
 * The feed parser on the shipped messy fixtures (byte-order mark, Windows line endings, quoted
 * commas and line breaks, a blank line, POA, "12,345 km", a year typed with a letter) and on
 * JSON in the Car shape. Expected values are read off the fixture files by eye.
 */

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'stock');
const NOW = new Date('2026-11-28T00:00:00Z');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

describe('CSV feeds', () => {
  test('stock-list preset: every messy cell is read as the dealer meant it', async () => {
    const feed = await readCsvFeed(read('stock-list.csv'), columnMapping({ preset: 'stock-list' }), NOW);
    expect(feed.fatal).toBeNull();
    expect(feed.rows).toBe(12);
    expect(feed.cars).toHaveLength(11);
    expect(feed.errors.map(formatIssue)).toEqual(['row 13, column Year: "20l9" is not a year']);
    const byStock = new Map(feed.cars.map((c) => [c.stocknum, c]));
    const corolla = byStock.get('HT-24002')!;
    expect(corolla).toMatchObject({ km: 7850, price: 33490, before_price: 35990, car_type: 'demo', status: 'in_stock', simple_body: 'Hatch', simple_fuel: 'Hybrid', simple_drive: 'FWD', engine_size_litres: 1.8, engine_size: 1800 });
    expect(corolla.dealercomments).toBe('Demonstrator with full factory warranty, "as new", one careful driver.');
    expect(corolla.images).toEqual(['http://127.0.0.1:8090/photos/corolla-front-three-quarter.jpg', 'http://127.0.0.1:8090/photos/corolla-side.jpg']);
    const cruiser = byStock.get('HT-24003')!;
    expect(cruiser).toMatchObject({ price: 0, status: 'coming_soon', car_type: 'new', simple_drive: '4WD', vin: null });
    expect(cruiser.dealercomments).toBe('Arriving soon: register your interest.\nAllocation is limited.');
    expect(byStock.get('HY-22001')).toMatchObject({ km: 12345, simple_drive: 'AWD' });
    expect(byStock.get('HM-23001')).toMatchObject({ km: 45120, rego: 'ABC12D', engine_size: 2500, engine_size_litres: 2.5, simple_fuel: 'Petrol', location: 'Harbourside Mazda Springwood' });
    expect(byStock.get('HU-21001')).toMatchObject({ km: 98765, simple_body: 'Ute', simple_drive: '4WD' });
    // The Kona's VIN fails its check digit: kept, with a warning naming the row and column.
    expect(byStock.get('HY-22002')?.vin).toBe('KMHK381GFPU234567');
    expect(feed.warnings.map(formatIssue)).toEqual(['row 8, column VIN: VIN KMHK381GFPU234567 fails its check digit (kept as given; please check it)']);
  });

  test('dms-export preset: run-together headings, engine in cc, status letters', async () => {
    const feed = await readCsvFeed(read('dms-export.csv'), columnMapping({ preset: 'dms-export' }), NOW);
    expect(feed.errors).toEqual([]);
    expect(feed.cars.map((c) => [c.stocknum, c.status, c.price])).toEqual([
      ['BL10001', 'in_stock', 29990], ['BL10002', 'in_stock', 34990], ['BL10003', 'in_stock', 18490], ['BL10004', 'in_stock', 0], ['BL10005', 'sold', 17990], ['BL10006', 'coming_soon', 33990],
    ]);
    expect(feed.cars[1]).toMatchObject({ before_price: 36990, km: 132880, engine_size: 2755, engine_size_litres: 2.8, simple_transmission: 'Manual', simple_body: 'Ute', location: 'Big Lot Penrith' });
  });

  test('a tenant renames a column; a missing required column is a whole-file problem', async () => {
    const csv = 'Stock No,Make,Model,Year,Odo\nA1,Kia,Rio,2020,"1,000"\n';
    expect((await readCsvFeed(csv, columnMapping({ preset: 'stock-list', columns: { km: 'Odo' } }), NOW)).cars[0]?.km).toBe(1000);
    expect((await readCsvFeed('Stock No,Make,Year\nA1,Kia,2020\n', columnMapping({ preset: 'stock-list' }), NOW)).fatal).toBe('the header has no "Model" column (headings found: Stock No, Make, Year)');
  });

  test('bad cells are reported row by row, column by column', async () => {
    const csv = 'Stock No,Make,Model,Year,Price,Status,Condition,Photos,VIN\nA1,Kia,Rio,2020,cheap,In Stock,Used,,\nA1,Kia,Rio,2021,100,Gone,Used,ftp://x/y.jpg,ABC\n,Kia,Rio,2020,1,,,,\n';
    const feed = await readCsvFeed(csv, columnMapping({ preset: 'stock-list' }), NOW);
    expect(feed.badRows).toBe(3);
    expect(feed.errors.map(formatIssue)).toEqual([
      'row 2, column Price: "cheap" is not a price in dollars (or POA)',
      'row 3, column VIN: "ABC": a VIN has 17 characters, this one has 3',
      'row 3, column Status: "Gone" is not a stock status (In Stock, Coming Soon or Sold)',
      'row 3, column Photos: "ftp://x/y.jpg" is not a web address of a photo (http or https, at most 2000 characters)',
      'row 4, column Stock No: is empty: every car needs its stock number',
    ]);
  });
});

describe('JSON feeds', () => {
  test('cars in the Car shape, images as Car records or URLs', () => {
    const json = JSON.stringify({ cars: [
      { stocknum: 'J1', make: 'Kia', model: 'EV6', year: 2024, km: 10, price: 72000, car_type: 'new', status: 'in_stock', simple_fuel: 'Electric', images: [{ image: { url: 'https://cdn.example.com/a.jpg' } }, 'https://cdn.example.com/b.jpg'], location_name: 'Alpha Toyota Brisbane' },
      { stocknum: 'J2', make: 'Kia', model: 'EV6', year: '2024x' },
    ] });
    const feed = parseJsonFeed(json, NOW);
    expect(feed.cars[0]).toMatchObject({ stocknum: 'J1', price: 72000, car_type: 'new', simple_fuel: 'Electric', images: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg'], location: 'Alpha Toyota Brisbane' });
    expect(feed.errors.map(formatIssue)).toEqual(['row 2, column year: "2024x" is not a year']);
    expect(parseJsonFeed('{"cars": 1}', NOW).fatal).toBe('a JSON feed is an array of cars, or an object with a "cars" array');
  });
});

describe('a large feed on a running server', () => {
  test('is read a slice at a time: the event loop gets turns while 3,000 rows are parsed and checked', async () => {
    const lines = ['Stock No,Make,Model,Year,Odometer,Price,Comments'];
    for (let i = 0; i < 3000; i++) lines.push(`S-${i},Kia,Rio,2020,"${(10_000 + i).toLocaleString('en-AU')} km","$${(15_000 + i).toLocaleString('en-AU')}","Car ${i}, two keys"`);
    let turns = 0;
    let reading = true;
    const tick = () => {
      if (!reading) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const feed = await readCsvFeed(lines.join('\r\n'), columnMapping({ preset: 'stock-list' }), NOW);
    reading = false;
    expect(feed.cars).toHaveLength(3000);
    expect(feed.cars[2999]).toMatchObject({ row: 3001, stocknum: 'S-2999', km: 12_999, price: 17_999, dealercomments: 'Car 2999, two keys' });
    // ~170 KB of CSV: one turn per 16 KB chunk at least, and more while the rows are checked.
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});

/** A stock-list CSV of `count` cars. */
function mazdaFeed(count: number): string {
  const lines = ['Stock No,Make,Model,Year,Odometer,Price,Comments'];
  for (let i = 0; i < count; i++) lines.push(`W-${i},Mazda,CX-5,2021,"${(20_000 + i).toLocaleString('en-AU')} km","$${(30_000 + i).toLocaleString('en-AU')}","Car ${i}, one owner"`);
  return lines.join('\r\n');
}

/** An empty site with one sales location, as the import's transaction would read it. */
const EMPTY_SITE: PlanInput = {
  mode: 'full', force: false, forceWith: '--force', now: NOW.getTime(), existing: '[]', ordered: [],
  locations: [{ id: 1, slug: 'alpha-toyota-brisbane', name: 'Alpha Toyota Brisbane', city: 'Brisbane', dealership_id: 1, is_primary: true, location_type: 'sales' }],
};

/** The cars a plan inserts (its JSON batches read back). */
const insertedCars = (batches: string[]) => batches.flatMap((b) => JSON.parse(b) as Record<string, unknown>[]);

describe('large feeds are read and planned off the request thread', () => {
  test('a small feed (a delta of a few cars) is handled on the spot; a 5,000-car CSV and a large JSON feed in the worker thread with every row', async () => {
    // Another test file sharing this module graph may have started the worker already: a small feed must not start one.
    const workerBefore = feedReaderThreadId();
    const small = await openFeed(mazdaFeed(3), 'csv', columnMapping({ preset: 'stock-list' }), NOW);
    expect(JSON.parse(small.summary.stocknums)).toEqual(['w-0', 'w-1', 'w-2']);
    expect(insertedCars((await small.plan(EMPTY_SITE)).inserts).map((c) => c.stocknum)).toEqual(['W-0', 'W-1', 'W-2']);
    small.close();
    expect(feedReaderThreadId()).toBe(workerBefore);

    const text = mazdaFeed(5000);
    expect(text.length).toBeGreaterThan(WORKER_FEED_CHARS);
    const big = await openFeed(text, 'csv', columnMapping({ preset: 'stock-list' }), NOW);
    const thread = feedReaderThreadId();
    expect(thread).not.toBeNull();
    expect(thread).not.toBe(0);
    expect(big.summary).toMatchObject({ fatal: null, rows: 5000, badRows: 0 });
    const plan = await big.plan(EMPTY_SITE);
    big.close();
    expect(plan.created).toBe(5000);
    const cars = insertedCars(plan.inserts);
    expect(cars).toHaveLength(5000);
    expect(cars[4999]).toMatchObject({ stocknum: 'W-4999', km: 24_999, price: 34_999, location_id: 1, details: expect.objectContaining({ dealercomments: 'Car 4999, one owner' }) });

    const json = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ stocknum: `J-${i}`, make: 'Kia', model: 'EV6', year: i === 7 ? '2024x' : 2024, price: 70_000 + i, km: 10, location_name: 'Alpha Toyota Brisbane', dealercomments: 'x'.repeat(50) })));
    expect(json.length).toBeGreaterThan(WORKER_FEED_CHARS);
    const fromJson = await openFeed(json, 'json', columnMapping({ preset: 'stock-list' }), NOW);
    expect(fromJson.summary.rows).toBe(1000);
    expect(fromJson.summary.errors.map(formatIssue)).toEqual(['row 8, column year: "2024x" is not a year']);
    expect((await fromJson.plan(EMPTY_SITE)).created).toBe(999);
    fromJson.close();
    expect(feedReaderThreadId()).toBe(thread);
  });

  test("a delta of cars the site has is planned without the site's slugs; one that adds a car asks for them and keeps its slug unique", async () => {
    const [first] = insertedCars((await (await openFeed(mazdaFeed(1), 'csv', columnMapping({ preset: 'stock-list' }), NOW)).plan(EMPTY_SITE)).inserts);
    const site: PlanInput = { ...EMPTY_SITE, mode: 'delta', existing: JSON.stringify([{ ...first, id: 7, source: 'feed', reserved: false, sold_at: null }]) };
    const known = await openFeed(mazdaFeed(1).replace('$30,000', '$29,000'), 'csv', columnMapping({ preset: 'stock-list' }), NOW);
    const update = await known.plan(site);
    expect(update.needsSlugs).toBeUndefined();
    expect(update).toMatchObject({ created: 0, updated: 1 });
    expect(JSON.parse(update.updates[0]!)).toMatchObject([{ id: 7, price: 29_000 }]);

    const adding = await openFeed(mazdaFeed(2), 'csv', columnMapping({ preset: 'stock-list' }), NOW);
    const asked = await adding.plan(site);
    expect(asked).toMatchObject({ needsSlugs: true, created: 0, updated: 0, inserts: [], updates: [] });
    // Another car of the site (not in this delta's view of its cars) already has the new car's slug.
    const planned = await adding.plan({ ...site, slugs: JSON.stringify(['2021-mazda-cx-5-w-0', '2021-mazda-cx-5-w-1']) });
    expect(planned.needsSlugs).toBeUndefined();
    expect(planned).toMatchObject({ created: 1, unchanged: 1 });
    expect(insertedCars(planned.inserts).map((c) => [c.stocknum, c.slug])).toEqual([['W-1', '2021-mazda-cx-5-w-1-2']]);
  });

  // Linux keeps a nice value per thread and shows it in /proc; other systems have no per-thread priority to check.
  test.runIf(process.platform === 'linux')('the worker thread runs at a lower priority than the thread that answers requests, which keeps its own', async () => {
    const mine = os.getPriority();
    const feed = await openFeed(mazdaFeed(5000), 'csv', columnMapping({ preset: 'stock-list' }), NOW);
    feed.close();
    expect(feedReaderThreadId()).not.toBeNull();
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (fields counted after the name in brackets).
    const nice = fs.readdirSync('/proc/self/task').map((tid) => {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
    expect(nice).toContain(Math.min(19, mine + FEED_THREAD_NICE_STEPS));
    expect(os.getPriority()).toBe(mine);
  });

  test('a large file that is not a feed is refused with the reason, as on the spot', async () => {
    const feed = await openFeed(`Stock No,Make,Year\r\n${'A1,Kia,2020\r\n'.repeat(8000)}`, 'csv', columnMapping({ preset: 'stock-list' }), NOW);
    feed.close();
    expect(feed.summary.fatal).toBe('the header has no "Model" column (headings found: Stock No, Make, Year)');
  });
});

/** `n` photo addresses, as a feed's Photos cell lists them. */
const photos = (n: number) => Array.from({ length: n }, (_, i) => `http://127.0.0.1:8090/photos/p${i}.jpg`).join('|');
/** A one-car stock-list CSV. */
const csv = (status: string, list: string) => `Stock No,Make,Model,Year,Price,Status,Photos\r\nR-1,Mazda,CX-5,2021,"$30,000",${status},${list}\r\n`;
/** What a stock-list CSV changes on a site. */
async function planCsv(text: string, site: PlanInput) {
  const feed = await openFeed(text, 'csv', columnMapping({ preset: 'stock-list' }), NOW);
  const planned = await feed.plan(site);
  feed.close();
  return planned;
}

describe('the order a feed gives its cars', () => {
  test('a car ranks by its photos: the feed\'s list at first, the stored photos once downloaded; the same feed sent again before the downloads finish changes nothing', async () => {
    // Available cars rank from 1,000, ten more for each photo; a sold car ranks 0.
    const [first] = insertedCars((await planCsv(csv('In Stock', photos(3)), EMPTY_SITE)).inserts);
    expect(first).toMatchObject({ rank: 1030 });
    const stored = (details: Record<string, unknown>, rank: number, status = 'in_stock') =>
      ({ ...EMPTY_SITE, existing: JSON.stringify([{ ...first, id: 9, source: 'feed', reserved: false, sold_at: null, status, rank, details }]) });
    // Sent again before any photo is downloaded: nothing to change.
    expect(await planCsv(csv('In Stock', photos(3)), stored(first!.details as Record<string, unknown>, 1030))).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    // Two of the three downloaded (the downloads ranked it 1020): the same feed keeps that.
    const twoStored = { ...(first!.details as Record<string, unknown>), feed_photos: [1, 2], photos_count: 2 };
    expect(await planCsv(csv('In Stock', photos(3)), stored(twoStored, 1020))).toMatchObject({ updated: 0, unchanged: 1 });
    // Sold and back in stock with the same photos: ranked by the photos it has.
    const back = await planCsv(csv('In Stock', photos(3)), stored(twoStored, 0, 'sold'));
    expect(back.updated).toBe(1);
    expect(JSON.parse(back.updates[0]!)).toMatchObject([{ id: 9, status: 'in_stock', rank: 1020 }]);
    // A new photo list counts the feed's photos again.
    const changed = await planCsv(csv('In Stock', photos(5)), stored(twoStored, 1020));
    expect(JSON.parse(changed.updates[0]!)).toMatchObject([{ id: 9, rank: 1050 }]);
  });
});
