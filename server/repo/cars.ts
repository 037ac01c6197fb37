import { sql, type Kysely } from 'kysely';
import type { Car } from '../../schema/api/index.ts';
import type { Database } from '../db/types.ts';
import { carFromRow } from './car-record.ts';

/*
 * Cars as the API and the search index see them: a row plus its JSON details plus its location,
 * assembled into the Car record of spec §3.
 */

const carColumns = [
  'cars.id', 'cars.site_id', 'cars.slug', 'cars.stocknum', 'cars.item_type', 'cars.car_type', 'cars.status', 'cars.make',
  'cars.model', 'cars.year', 'cars.price', 'cars.km', 'cars.colour', 'cars.simple_body', 'cars.simple_fuel', 'cars.reserved',
  'cars.certified', 'cars.show_on_dealer_website', 'cars.rego', 'cars.vin', 'cars.views', 'cars.rank', 'cars.created_at',
  'cars.sold_at', 'cars.updated_at', 'cars.location_id', 'cars.dealership_id', 'cars.source',
  'locations.name as location_name', 'locations.slug as location_slug', 'locations.phone as location_phone',
  'locations.street as location_street', 'locations.city as location_city', 'locations.state as location_state',
  'locations.postcode as location_postcode', 'dealerships.slug as dealership_slug', 'dealerships.name as dealership_name',
] as const;

/** A car row joined with its location and dealership. */
export type CarJoinedRow = Awaited<ReturnType<typeof selectCars>>[number];

function carsQuery(db: Kysely<Database>, siteId: number, slim: boolean, ids?: number[]) {
  let q = db
    .selectFrom('cars')
    .innerJoin('locations', 'locations.id', 'cars.location_id')
    .innerJoin('dealerships', 'dealerships.id', 'cars.dealership_id')
    .select(carColumns)
    .where('cars.site_id', '=', siteId);
  if (ids) q = q.where('cars.id', 'in', ids);
  if (!slim) return q.select(sql<Record<string, unknown>>`cars.details`.as('details'));
  // Search records never carry the heavy nested data; leaving it in the database keeps a
  // restart's re-indexing fast. Of the lenders' data only the four figures the finance rule reads
  // come along (the card decides its finance line with them).
  return q.select(
    sql<Record<string, unknown>>`(cars.details - '{finance_lenders,hotspots,variant,caravan_specs,dealercomments}'::text[]) || jsonb_build_object('finance_lenders', coalesce((select jsonb_object_agg(k, jsonb_build_object('interestRate', v->'interestRate', 'comparisonRate', v->'comparisonRate', 'paymentWeek', v->'paymentWeek', 'paymentMonth', v->'paymentMonth')) from jsonb_each(cars.details->'finance_lenders') as e(k, v)), '{}'::jsonb))`.as('details'),
  );
}

function selectCars(db: Kysely<Database>, siteId: number, slim = false, ids?: number[]) {
  return carsQuery(db, siteId, slim, ids).execute();
}

/** Cars read back for search in one query (siteCarsJson): a stock feed changes thousands at once. */
export const SITE_CARS_PER_QUERY = 1000;

/**
 * Cars of a site as search records need them (the slim rows of `loadSiteCars`), as one JSON text
 * of CarJoinedRow-shaped rows with times as ISO text: a thread other than the request thread
 * can make the records from it (a string crosses threads whole, without an object per field).
 * @param db database
 * @param siteId site
 * @param ids the cars
 */
export async function siteCarsJson(db: Kysely<Database>, siteId: number, ids: number[]): Promise<string> {
  if (ids.length === 0) return '[]';
  const row = await db
    .selectFrom(carsQuery(db, siteId, true, ids).as('t'))
    .select(sql<string>`coalesce(json_agg(t), '[]')::text`.as('cars'))
    .executeTakeFirstOrThrow();
  return row.cars;
}

export { carFromRow, carImageUrl, priceRange, toSearchRecord } from './car-record.ts';

/**
 * Every car of a site as Car records (with dealership names), in id order.
 * @param db database
 * @param siteId site
 * @param slim leave out finance lenders, hotspots, variant, caravan specs and comments (for search records)
 * @param ids only these cars
 */
export async function loadSiteCars(db: Kysely<Database>, siteId: number, slim = false, ids?: number[]): Promise<{ car: Car; dealershipName: string }[]> {
  if (ids) {
    // One query per batch, not one per car (a stock feed changes thousands); batches of a few
    // hundred, so reading one answer holds the server's other requests for milliseconds, not tens.
    const out: { car: Car; dealershipName: string }[] = [];
    for (let i = 0; i < ids.length; i += 500) out.push(...(await loadBatch(db, siteId, slim, ids.slice(i, i + 500))));
    return out.sort((a, b) => a.car.id - b.car.id);
  }
  return loadBatch(db, siteId, slim);
}

async function loadBatch(db: Kysely<Database>, siteId: number, slim: boolean, batch?: number[]): Promise<{ car: Car; dealershipName: string }[]> {
  if (batch && batch.length === 0) return [];
  const rows = await selectCars(db, siteId, slim, batch);
  rows.sort((a, b) => a.id - b.id);
  return rows.map((row) => ({ car: carFromRow(row), dealershipName: row.dealership_name }));
}

/**
 * One car of a site by slug or id; undefined when the site has no such car.
 * @param db database
 * @param siteId site (a car of another site is never returned)
 * @param key slug or numeric id
 */
export async function loadCar(db: Kysely<Database>, siteId: number, key: { slug: string } | { id: number }): Promise<Car | undefined> {
  let q = db
    .selectFrom('cars')
    .innerJoin('locations', 'locations.id', 'cars.location_id')
    .innerJoin('dealerships', 'dealerships.id', 'cars.dealership_id')
    .select(carColumns)
    .select('cars.details')
    .where('cars.site_id', '=', siteId);
  q = 'slug' in key ? q.where('cars.slug', '=', key.slug) : q.where('cars.id', '=', key.id);
  const row = await q.executeTakeFirst();
  return row ? carFromRow(row) : undefined;
}
