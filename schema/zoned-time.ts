/**
 * Wall-clock parts of an instant in an IANA time zone.
 * `month` is 1–12, `weekday` 0 (Sunday) – 6 (Saturday), as in spec §3.
 */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-US with h23 gives stable, parseable numeric parts in every runtime.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Splits an instant into the wall-clock date and time seen in `timeZone`
 * (e.g. 'Australia/Brisbane'). Throws a RangeError naming the zone when it is unknown.
 */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(instant);
  } catch (error) {
    throw new RangeError(`timeZone: unknown time zone '${timeZone}'`, { cause: error });
  }
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

/**
 * The instant at which the wall clock in `timeZone` shows the given local date and time.
 * Used to turn config dates such as '2025-07-01' (Brisbane time) into instants.
 * For wall times skipped or repeated by a daylight-saving change the earlier valid
 * instant is returned.
 */
export function zonedTimeToInstant(
  local: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0, local.second ?? 0);
  // Two passes converge for every real zone: the first guesses the offset at the UTC
  // reading, the second corrects for an offset change between guess and answer.
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const p = zonedParts(new Date(guess), timeZone);
    const shownAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += asUtc - shownAsUtc;
  }
  return new Date(guess);
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as people read it in `timeZone`: "28 Nov 2026, 3:04 pm" (the dealer inbox's
 * times, in the site's time zone wherever the server runs).
 */
export function zonedDateTimeText(instant: Date, timeZone: string): string {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/**
 * The instants a range of calendar days covers in `timeZone`: from the start of `from` to the
 * start of the day after `to` (exclusive), either end open when not given.
 * @param range dates written YYYY-MM-DD
 */
export function zonedDayRange(range: { from?: string | undefined; to?: string | undefined }, timeZone: string): { start?: Date; end?: Date } {
  const day = (text: string, add: number) => {
    const [year = 0, month = 1, d = 1] = text.split('-').map(Number);
    const next = new Date(Date.UTC(year, month - 1, d + add));
    return zonedTimeToInstant({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, timeZone);
  };
  return { ...(range.from ? { start: day(range.from, 0) } : {}), ...(range.to ? { end: day(range.to, 1) } : {}) };
}

/**
 * How a page names a time zone to shoppers: the city part of the IANA name and "time".
 * @param timeZone an IANA zone, e.g. 'Australia/Broken_Hill'
 * @example timeZoneName('Australia/Broken_Hill') // 'Broken Hill time'
 */
export function timeZoneName(timeZone: string): string {
  return `${(timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')} time`;
}

/**
 * The UTC offset of `timeZone` at `instant`, in minutes east of UTC (Brisbane → 600).
 * @example zoneOffsetMinutes(new Date('2026-01-15T00:00:00Z'), 'Australia/Sydney') // 660
 */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const shownAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((shownAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the `YYYY-MM-DDTHH:mm` wall time of `timeZone` (the value of an
 * `<input type="datetime-local">`); '' for a text that is no date.
 * @param iso an ISO date-time
 */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = zonedParts(date, timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * A `YYYY-MM-DDTHH:mm` wall time in `timeZone` as an ISO date-time with that zone's offset at
 * that moment (e.g. `2026-06-30T23:59:00+10:00`); undefined for an incomplete input.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const instant = zonedTimeToInstant({ year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s ?? 0) }, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
