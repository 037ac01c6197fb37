/*
 * Opening hours of a location (spec §4 "Opening hours grouping", §8 "Day with no hours", §9
 * "Weekday numbering 0-6; weekday hours are days 1 to 5").
 */
import { compareText } from './text-order.ts';

/** One weekday's hours as the platform sends them (spec §3 Opening hour entry). */
export interface OpeningHourInput {
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
  status: 'Open' | 'Closed' | string;
  /** "HH:MM" 24-hour, null when closed. */
  open: string | null;
  close: string | null;
}

/** One row of the Opening Hours table: a day or a run of days, and what they read. */
export interface HoursRow {
  /** "Mon-Fri", "Mon-Wed", "Thu", "Sat"… */
  label: string;
  /** Full day names for screen readers ("Monday to Friday"). */
  longLabel: string;
  /** "8:30 am - 5:30 pm", the closed text, or the by-appointment text. */
  hours: string;
  /** Weekdays (0-6) the row covers. */
  weekdays: number[];
}

/** Texts of the table (tenant labels; spec defaults 'Closed' and 'By appointment only'). */
export interface HoursLabels {
  closed: string;
  /** Closed Saturdays and Sundays read this instead of `closed` (configured dealers only). */
  byAppointmentOnly?: string | null;
}

const SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Weekdays (Monday to Friday) in order; spec §9: weekday hours are days 1 to 5. */
export const WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** Short day name of a weekday number (0 Sunday … 6 Saturday). */
export function dayShortName(weekday: number): string {
  return SHORT[weekday] ?? '';
}

/** Full day name of a weekday number (0 Sunday … 6 Saturday). */
export function dayLongName(weekday: number): string {
  return LONG[weekday] ?? '';
}

/**
 * A 24-hour "HH:MM" time as the site shows it: "08:30" → "8:30 am", "17:00" → "5:00 pm",
 * "12:00" → "12:00 pm", "00:00" → "12:00 am".
 */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/**
 * What one day reads: "8:30 am - 5:30 pm" when open; a day that is closed or has no hours reads
 * `labels.closed` ('Closed'), or `labels.byAppointmentOnly` for a closed Saturday or Sunday when
 * the dealer is configured for it (spec §8).
 */
export function dayHoursText(day: OpeningHourInput | undefined, weekday: number, labels: HoursLabels): string {
  if (day && day.status === 'Open' && day.open && day.close) return `${formatTime(day.open)} - ${formatTime(day.close)}`;
  const weekend = weekday === 0 || weekday === 6;
  return weekend && labels.byAppointmentOnly ? labels.byAppointmentOnly : labels.closed;
}

/**
 * The Opening Hours table of spec §4: Monday to Friday first, then Saturday and Sunday.
 * - all five weekdays the same → one "Mon-Fri" row;
 * - every weekday different from the next → each day listed;
 * - otherwise runs of consecutive equal weekdays are grouped ("Mon-Wed") and the others listed
 *   separately.
 * Saturday and Sunday are always their own rows. A day missing from `days` reads Closed.
 * A location with no hours at all gets no table: the answer is empty (spec §8).
 *
 * @example groupOpeningHours(monToFri0830To1730PlusSat, { closed: 'Closed' })
 *   // [{ label: 'Mon-Fri', hours: '8:30 am - 5:30 pm' }, { label: 'Sat', … }, { label: 'Sun', hours: 'Closed' }]
 */
export function groupOpeningHours(days: readonly OpeningHourInput[], labels: HoursLabels): HoursRow[] {
  if (days.length === 0) return [];
  const byDay = new Map(days.map((d) => [d.weekday, d]));
  const text = (weekday: number) => dayHoursText(byDay.get(weekday), weekday, labels);
  const rows: HoursRow[] = [];
  let run: number[] = [];
  const flush = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first === undefined || last === undefined) return;
    const many = run.length > 1;
    rows.push({
      label: many ? `${dayShortName(first)}-${dayShortName(last)}` : dayShortName(first),
      longLabel: many ? `${dayLongName(first)} to ${dayLongName(last)}` : dayLongName(first),
      hours: text(first),
      weekdays: run,
    });
    run = [];
  };
  for (const weekday of WEEKDAYS) {
    const previous = run[run.length - 1];
    if (previous !== undefined && text(previous) !== text(weekday)) flush();
    run = [...run, weekday];
  }
  flush();
  for (const weekday of [6, 0]) rows.push({ label: dayShortName(weekday), longLabel: dayLongName(weekday), hours: text(weekday), weekdays: [weekday] });
  return rows;
}

/** A holiday (special) hours entry (spec §3 Special hours entry). */
export interface SpecialHoursInput {
  /** ISO date YYYY-MM-DD. */
  date: string;
  status: 'Open' | 'Closed' | string;
  name?: string | null;
  start_hour: string | null;
  end_hour: string | null;
}

/** One row of the 'View Holiday Hours' dialog. */
export interface HolidayRow {
  date: string;
  /** "Thu 25 Dec 2025". */
  dateLabel: string;
  name: string;
  hours: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The holiday hours still to come (on or after `today`, an ISO date in the location's time zone),
 * in date order, each with its date written out and its hours ('Closed' when closed).
 */
export function upcomingHolidayHours(entries: readonly SpecialHoursInput[], today: string, labels: Pick<HoursLabels, 'closed'>): HolidayRow[] {
  return entries
    .filter((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.date) && e.date >= today)
    .sort((a, b) => compareText(a.date, b.date))
    .map((e) => {
      const [y = 0, m = 1, d = 1] = e.date.split('-').map(Number);
      const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
      const open = e.status === 'Open' && e.start_hour && e.end_hour;
      return {
        date: e.date,
        dateLabel: `${dayShortName(weekday)} ${d} ${MONTHS[m - 1] ?? ''} ${y}`,
        name: e.name ?? '',
        hours: open ? `${formatTime(e.start_hour ?? '')} - ${formatTime(e.end_hour ?? '')}` : labels.closed,
      };
    });
}
