import { zonedParts } from '../../../schema/zoned-time.ts';

/** Sales added for each whole day of the month that has passed (spec §9). */
export const SALES_PER_DAY = 192;
/** One more sale per this many seconds of the current day (spec §9). */
export const SECONDS_PER_SALE = 450;
/** How often the counter on screen is recomputed, in milliseconds (spec §9: 150 s). */
export const SALES_COUNTER_REFRESH_MS = 150_000;

/**
 * The "sales this month" figure of spec §9: 192 for each day of the month already
 * elapsed, plus one for every full 450 seconds of today, both read on the wall clock of
 * `timeZone` (default Brisbane). 86 400 s / 450 s = 192, so the figure grows evenly and
 * never jumps at midnight; it resets to 0 at the start of each month. A tenant may change
 * the rates (limits.salesPerDay, limits.salesSecondsPerExtra); bad rates throw a RangeError
 * naming the setting.
 *
 * @example salesThisMonth(new Date('2025-07-03T00:15:00+10:00')) // 2 × 192 + 2 = 386
 */
export function salesThisMonth(
  now: Date,
  timeZone = 'Australia/Brisbane',
  rates: { perDay?: number; secondsPerExtra?: number } = {},
): number {
  const perDay = rates.perDay ?? SALES_PER_DAY;
  const secondsPerExtra = rates.secondsPerExtra ?? SECONDS_PER_SALE;
  if (!(perDay >= 0)) throw new RangeError(`limits.salesPerDay: ${perDay} must be 0 or more`);
  if (!(secondsPerExtra > 0)) throw new RangeError(`limits.salesSecondsPerExtra: ${secondsPerExtra} must be more than 0`);
  const p = zonedParts(now, timeZone);
  const secondsToday = p.hour * 3600 + p.minute * 60 + p.second;
  return (p.day - 1) * perDay + Math.floor(secondsToday / secondsPerExtra);
}
