import type { Kysely } from 'kysely';
import { testDriveSlots } from '../site/src/domain/test-drive-slots.ts';
import type { Database } from './db/types.ts';
import { HttpError, ShopperRefusal } from './http/core.ts';

/*
 * Free test-drive slots of a sales location, per day (GET /api/test-drive/appointments), and the
 * check a test-drive lead's date and time pass: the server offers the slots and accepts only
 * those, whatever a browser sends. The slot rule is domain/test-drive-slots.ts.
 */

/** Where a test drive happens: the car's location, the chosen location, else the primary sales yard. */
export async function testDriveLocationId(db: Kysely<Database>, siteId: number, where: { carId?: number | undefined; locationId?: number | undefined }): Promise<number> {
  let locationId = where.locationId;
  if (locationId === undefined && where.carId !== undefined) {
    const car = await db.selectFrom('cars').select('location_id').where('site_id', '=', siteId).where('id', '=', where.carId).executeTakeFirst();
    if (!car) throw new HttpError(400, 'Invalid query: car_id: no such car on this site', [{ path: 'car_id', message: 'no such car on this site' }]);
    locationId = car.location_id;
  }
  let query = db.selectFrom('locations').select(['id']).where('site_id', '=', siteId).where('location_type', '=', 'sales');
  query = locationId !== undefined ? query.where('id', '=', locationId) : query.orderBy('is_primary', 'desc').orderBy('id');
  const location = await query.executeTakeFirst();
  if (!location) throw new HttpError(400, 'Invalid query: location_id: no such sales location on this site', [{ path: 'location_id', message: 'no such sales location on this site' }]);
  return location.id;
}

/** The free slots of `days` days from `start` (a UTC midnight) at a location, less booked test drives. */
export async function freeTestDriveDays(db: Kysely<Database>, siteId: number, locationId: number, start: Date, days: number): Promise<{ date: string; slots: string[] }[]> {
  const [hours, special, booked] = await Promise.all([
    db.selectFrom('opening_hours').selectAll().where('location_id', '=', locationId).execute(),
    db.selectFrom('special_hours').selectAll().where('location_id', '=', locationId).execute(),
    db.selectFrom('leads').select('fields').where('site_id', '=', siteId).where('form', '=', 'test_drive').execute(),
  ]);
  const taken = new Set(
    booked
      .map((b) => b.fields as { date?: string; time?: string; location_id?: number })
      .filter((f) => f.date && f.time && (f.location_id === undefined || f.location_id === locationId))
      .map((f) => `${f.date} ${f.time}`),
  );
  const result = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const holiday = special.find((s) => s.date === date);
    const regular = hours.find((h) => h.weekday === weekday);
    const open = holiday ? (holiday.status === 'Open' ? holiday.start_hour : null) : regular?.status === 'Open' ? regular.open : null;
    const close = holiday ? (holiday.status === 'Open' ? holiday.end_hour : null) : regular?.status === 'Open' ? regular.close : null;
    const takenThatDay = new Set([...taken].filter((t) => t.startsWith(`${date} `)).map((t) => t.slice(11)));
    result.push({ date, slots: testDriveSlots(open ?? null, close ?? null, takenThatDay) });
  }
  return result;
}

/** The first day slots are offered on: tomorrow (UTC) of `now`. */
export function firstSlotDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * Refuses a test drive whose date and time are not a free slot (spec §5: both optional, so a
 * lead without them passes). One without the other is refused too: a time means nothing alone.
 */
export async function assertTestDriveSlot(
  db: Kysely<Database>,
  siteId: number,
  now: Date,
  input: { date?: string | undefined; time?: string | undefined; car_id?: number | undefined },
): Promise<void> {
  if (input.date === undefined && input.time === undefined) return;
  if (input.date === undefined) throw new HttpError(400, 'Invalid body: date: pick a day for the time you chose', [{ path: 'date', message: 'Please pick a day for the time you chose.' }]);
  if (input.time === undefined) return; // a preferred day alone is a wish, not a booking
  const day = new Date(`${input.date}T00:00:00Z`);
  const message = 'That time is no longer free for a test drive. Please pick another.';
  if (day.getTime() < firstSlotDay(now).getTime()) throw new ShopperRefusal(409, message, [{ path: 'time', message }]);
  const locationId = await testDriveLocationId(db, siteId, { carId: input.car_id });
  const [free] = await freeTestDriveDays(db, siteId, locationId, day, 1);
  if (!free?.slots.includes(input.time)) throw new ShopperRefusal(409, message, [{ path: 'time', message }]);
}
