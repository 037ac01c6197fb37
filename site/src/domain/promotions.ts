import { zonedTimeToInstant } from '../../../schema/zoned-time.ts';

/** Car types of spec §3 that promotions are displayed for. */
export type CarType = 'new' | 'demo' | 'used';

/** The fields of a tenant promotion (spec §3 Promo node) that decide whether it shows. */
export interface PromotionWindowInput {
  id: string;
  /** ISO 8601 date-time with offset, a date-time without offset, or a date (YYYY-MM-DD). */
  start: string;
  /** Same forms as `start`; exclusive. A bare date means the end of that whole day. */
  expiry: string;
  /** Car types whose searches show the promotion (default all three). */
  display?: CarType[];
  /** Only when the search is refined to exactly `display` (instead of any overlap). */
  strictDisplay?: boolean;
}

/** A promotion's window as instants: live when `start <= now < end`. */
export interface PromotionWindow {
  start: Date;
  end: Date;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const ALL_CAR_TYPES: CarType[] = ['new', 'demo', 'used'];

function toInstant(value: string, field: string, timeZone: string, endOfDay: boolean): Date {
  const date = DATE_ONLY.exec(value);
  if (date) {
    const [, y, m, d] = date.map(Number) as [number, number, number, number];
    // A bare expiry date is inclusive of that day: the window ends at the next midnight.
    return zonedTimeToInstant({ year: y, month: m, day: d + (endOfDay ? 1 : 0) }, timeZone);
  }
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    const [, y, m, d, h, min, s] = local.map((part) => Number(part ?? 0)) as number[];
    return zonedTimeToInstant({ year: y!, month: m!, day: d!, hour: h!, minute: min!, second: s! }, timeZone);
  }
  const instant = new Date(value);
  if (!/[T ]\d{2}:\d{2}/.test(value) || Number.isNaN(instant.getTime())) {
    throw new Error(`${field}: '${value}' is not an ISO 8601 date or date-time`);
  }
  return instant;
}

/**
 * The start and (exclusive) end of a promotion as instants. Dates and date-times without an
 * offset are read on the wall clock of `timeZone` (the tenant's, Brisbane by default), so
 * "1 to 24 July 2025" can be written `start: '2025-07-01', expiry: '2025-07-24'` and means
 * 1 July 00:00 to 24 July 23:59:59 Brisbane time. Date-times with an offset are exact.
 * Throws an Error naming `promotions[id].start|expiry` when a value cannot be read or the
 * expiry is not after the start.
 */
export function promotionWindow(promo: PromotionWindowInput, timeZone = 'Australia/Brisbane'): PromotionWindow {
  const start = toInstant(promo.start, `promotions[${promo.id}].start`, timeZone, false);
  const end = toInstant(promo.expiry, `promotions[${promo.id}].expiry`, timeZone, true);
  if (end.getTime() <= start.getTime()) {
    throw new Error(`promotions[${promo.id}].expiry: '${promo.expiry}' must be after start '${promo.start}'`);
  }
  return { start, end };
}

/** Whether `now` lies inside the promotion's window (start inclusive, expiry exclusive). */
export function isPromotionLive(promo: PromotionWindowInput, now: Date, timeZone = 'Australia/Brisbane'): boolean {
  const { start, end } = promotionWindow(promo, timeZone);
  const t = now.getTime();
  return t >= start.getTime() && t < end.getTime();
}

/**
 * Whether a promotion shows for a search refined to `carTypes` (spec §2: "per car type (new,
 * demo, used; some strictly)"). An unrefined search (no car types) counts as all car types.
 * Non-strict promotions show when the search includes any of their display types; strict ones
 * only when the search's car types are exactly their display types.
 */
export function promotionMatchesCarTypes(promo: PromotionWindowInput, carTypes: readonly CarType[]): boolean {
  const display = new Set(promo.display ?? ALL_CAR_TYPES);
  const refined = new Set(carTypes.length === 0 ? ALL_CAR_TYPES : carTypes);
  if (promo.strictDisplay) {
    return refined.size === display.size && [...refined].every((type) => display.has(type));
  }
  return [...refined].some((type) => display.has(type));
}

/**
 * The promotions to show now, in config order: live in their window (in `timeZone`) and,
 * when `carTypes` is given, matching the search's car types. Omit `carTypes` for places that
 * are not a search (the home page shows every live promotion).
 */
export function visiblePromotions<T extends PromotionWindowInput>(
  promotions: readonly T[],
  options: { now: Date; timeZone?: string; carTypes?: readonly CarType[] },
): T[] {
  return promotions.filter(
    (promo) =>
      isPromotionLive(promo, options.now, options.timeZone) &&
      (options.carTypes === undefined || promotionMatchesCarTypes(promo, options.carTypes)),
  );
}
