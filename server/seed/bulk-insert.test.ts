import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDataDir, removeDataDirs } from '../test-support/data-dir.ts';
import { openDatabase, type PlatformDatabase } from '../db/database.ts';
import { createRng } from './random.ts';
import { generateCar, type StockContext } from './cars.ts';
import { insertRows, insertRowsWithIds } from './bulk-insert.ts';

let database: PlatformDatabase;
let dataDir: string;
beforeAll(async () => {
  dataDir = freshDataDir('fc-bulk-insert-');
  database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
}, 120_000);
afterAll(async () => {
  await database?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

const NOW = Date.UTC(2026, 5, 15);
const ctx: StockContext = {
  template: 'dealer-group', financeProvider: 'plenti', soldWindowDays: 3, dealershipSlug: 'd', dealershipCode: 'HM',
  makes: ['Toyota', 'Mazda'], state: 'QLD', city: 'Brisbane', postcode: '4000', itemType: 'car', certifiedOnly: false, usedOnly: false,
};

interface ImageRow {
  car_id: number | undefined;
  kind: string;
  position: number;
  angle: string;
}
const order = (a: ImageRow, b: ImageRow) => (a.car_id ?? 0) - (b.car_id ?? 0) || a.kind.localeCompare(b.kind) || a.position - b.position || a.angle.localeCompare(b.angle);

describe('bulk inserts of the seed', () => {
  test('rows land with the ids returned for them, every column as given, over several statements', async () => {
    const { db } = database;
    const site = await db.insertInto('sites').values({ slug: 'bulk', name: 'Bulk Motors', url: 'https://bulk.example', production_host: null }).returning('id').executeTakeFirstOrThrow();
    const dealership = await db.insertInto('dealerships').values({ site_id: site.id, slug: 'd', name: 'D', manufacturer: null, include_sold_cars_days: 3 }).returning('id').executeTakeFirstOrThrow();
    const location = await db
      .insertInto('locations')
      .values({ site_id: site.id, dealership_id: dealership.id, slug: 'yard', name: 'Yard', street: '1 Main St', city: 'Brisbane', state: 'QLD', postcode: '4000', lat: -27.47, long: 153.02, location_type: 'sales', location_subtype: null, is_primary: true, visible: true, phone: null, landline_phone: null, dealer_license_number: null, motor_vehicle_repairer: null, manufacturers: JSON.stringify([]), place_id: null, image_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rng = createRng('bulk');
    // 2,500 cars: three statements of at most a thousand rows.
    const cars = Array.from({ length: 2500 }, (_, i) => generateCar(rng, ctx, i + 1, NOW));
    const rows = cars.map(({ images: _images, ...c }) => ({ ...c, site_id: site.id, dealership_id: dealership.id, location_id: location.id, updated_at: c.created_at }));
    const ids = await insertRowsWithIds(db, 'cars', rows);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    await insertRows(db, 'car_images', cars.flatMap((car, i) => car.images.map((img) => ({ car_id: ids[i], ...img }))));

    const stored = await db.selectFrom('cars').selectAll().where('site_id', '=', site.id).orderBy('id').execute();
    expect(stored.map((c) => c.id)).toEqual([...ids].sort((a, b) => a - b));
    for (const [i, car] of cars.entries()) {
      const row = stored.find((s) => s.id === ids[i]);
      expect(row?.slug).toBe(car.slug);
      expect(row?.price).toBe(car.price);
      expect(row?.reserved).toBe(car.reserved);
      expect(new Date(row?.created_at as Date).getTime()).toBe(car.created_at.getTime());
      expect(row?.sold_at === null ? null : new Date(row?.sold_at as Date).getTime()).toBe(car.sold_at?.getTime() ?? null);
      // A jsonb column keeps the object (not a JSON string of it).
      expect(row?.details).toEqual(JSON.parse(JSON.stringify(car.details)));
    }
    const images = await db.selectFrom('car_images').select(['car_id', 'position', 'kind', 'angle']).execute();
    const expected = cars.flatMap((car, i) => car.images.map((img) => ({ car_id: ids[i], position: img.position, kind: img.kind, angle: img.angle })));
    expect(images.sort(order)).toEqual(expected.sort(order));
  }, 60_000);

  test('a row without a column inserts null there, and nothing is inserted for no rows', async () => {
    const { db } = database;
    await insertRows(db, 'manufacturers', []);
    const ids = await insertRowsWithIds(db, 'manufacturers', [{ slug: 'bulk-a', name: 'Bulk A', kind: 'car', country: 'Japan' }, { slug: 'bulk-b', name: 'Bulk B', kind: 'car' }]);
    const rows = await db.selectFrom('manufacturers').select(['id', 'slug', 'country']).where('slug', 'like', 'bulk-%').orderBy('id').execute();
    expect(rows).toEqual([
      { id: ids[0], slug: 'bulk-a', country: 'Japan' },
      { id: ids[1], slug: 'bulk-b', country: null },
    ]);
  });
});
