/*
 * Test-drive appointment slots (spec §2 test-drive modal, §7 "Test-drive appointments fetch"):
 * half-hour starts inside a day's opening hours, the last one an hour before closing so the car
 * is back in time, without the times already booked. The platform's /api/test-drive/appointments
 * answers with them and refuses a test drive booked at any other time; the form offers them.
 */

/** Minutes between two test-drive starts. */
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** A drive takes this long: the last start is this many minutes before closing. */
export const TEST_DRIVE_LENGTH_MINUTES = 60;

/** Minutes after midnight of 'HH:MM' (or 'HH:MM:SS'); NaN for anything else. */
export function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 'HH:MM' of minutes after midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The free test-drive starts of one day: every half hour from opening while a one-hour drive
 * ends by closing, less the `taken` ones. A closed day (no hours) has none.
 * @param open opening time 'HH:MM', or null when closed
 * @param close closing time 'HH:MM', or null when closed
 * @param taken starts already booked that day ('HH:MM')
 */
export function testDriveSlots(open: string | null, close: string | null, taken: ReadonlySet<string> = new Set()): string[] {
  if (!open || !close) return [];
  const from = minutesOf(open);
  const to = minutesOf(close);
  if (Number.isNaN(from) || Number.isNaN(to)) return [];
  const slots: string[] = [];
  for (let m = from; m + TEST_DRIVE_LENGTH_MINUTES <= to; m += TEST_DRIVE_SLOT_MINUTES) {
    const time = timeOf(m);
    if (!taken.has(time)) slots.push(time);
  }
  return slots;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * How the form shows a slot's day, e.g. 'Tue 15 Jan' (a calendar date, so read in UTC; spelt
 * out here rather than by Intl, whose output differs between the server's and a browser's ICU).
 */
export function slotDayLabel(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** How the form shows a slot's time, e.g. '9:30 am'. */
export function slotTimeLabel(time: string): string {
  const minutes = minutesOf(time);
  const hours = Math.floor(minutes / 60);
  const suffix = hours < 12 ? 'am' : 'pm';
  return `${((hours + 11) % 12) + 1}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}
