import { formatTime } from '../../site/src/domain/opening-hours.ts';
import type { Rng } from './random.ts';

/*
 * Opening hours, holiday hours and reviews for seeded locations.
 */

/** A weekday's hours as stored. */
export interface HoursRow {
  weekday: number;
  status: 'Open' | 'Closed';
  open: string | null;
  close: string | null;
}

const hoursOf = (weekday: number, open: string | null, close: string | null): HoursRow =>
  open && close ? { weekday, status: 'Open', open, close } : { weekday, status: 'Closed', open: null, close: null };


/**
 * Regular hours of one of the spec's kinds, picked by pattern number so every kind appears:
 * 0 same Mon–Fri with Saturday morning, 1 differing weekdays (late night Thursday), 2 closed
 * weekends (service and parts counters), 3 seven days.
 * @param pattern 0..3
 */
export function openingHoursPattern(pattern: number): HoursRow[] {
  switch (pattern % 4) {
    case 0:
      return [hoursOf(0, null, null), ...[1, 2, 3, 4, 5].map((d) => hoursOf(d, '08:30', '17:30')), hoursOf(6, '08:30', '12:30')];
    case 1:
      return [
        hoursOf(0, '10:00', '16:00'),
        hoursOf(1, '08:30', '17:30'),
        hoursOf(2, '08:30', '17:30'),
        hoursOf(3, '08:30', '17:30'),
        hoursOf(4, '08:30', '20:00'),
        hoursOf(5, '08:30', '17:00'),
        hoursOf(6, '09:00', '16:00'),
      ];
    case 2:
      return [hoursOf(0, null, null), ...[1, 2, 3, 4, 5].map((d) => hoursOf(d, '07:30', '17:00')), hoursOf(6, null, null)];
    default:
      return [hoursOf(0, '09:00', '17:00'), ...[1, 2, 3, 4, 5, 6].map((d) => hoursOf(d, '08:00', '18:00'))];
  }
}

/**
 * Formats hours as the site shows them: "8:30 am - 5:30 pm", or "Closed".
 * @param row one weekday's hours
 */
export function formatHours(row: { status: string; open: string | null; close: string | null }): string {
  if (row.status !== 'Open' || !row.open || !row.close) return 'Closed';
  return `${formatTime(row.open)} - ${formatTime(row.close)}`;
}

function easterSunday(year: number): Date {
  // Anonymous Gregorian algorithm.
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * Australian public holidays (national ones) from the reference date forward for a year, with
 * the hours a dealership keeps on them.
 * @param now reference time
 */
export function holidayHours(now: number): { date: string; name: string; status: 'Open' | 'Closed'; start_hour: string | null; end_hour: string | null }[] {
  const today = iso(new Date(now));
  const out: ReturnType<typeof holidayHours> = [];
  const year = new Date(now).getUTCFullYear();
  for (const y of [year, year + 1]) {
    const easter = easterSunday(y);
    out.push(
      { date: `${y}-01-01`, name: "New Year's Day", status: 'Closed', start_hour: null, end_hour: null },
      { date: `${y}-01-26`, name: 'Australia Day', status: 'Open', start_hour: '10:00', end_hour: '16:00' },
      { date: iso(addDays(easter, -2)), name: 'Good Friday', status: 'Closed', start_hour: null, end_hour: null },
      { date: iso(addDays(easter, -1)), name: 'Easter Saturday', status: 'Open', start_hour: '09:00', end_hour: '13:00' },
      { date: iso(addDays(easter, 1)), name: 'Easter Monday', status: 'Closed', start_hour: null, end_hour: null },
      { date: `${y}-04-25`, name: 'Anzac Day', status: 'Open', start_hour: '13:00', end_hour: '17:00' },
      { date: `${y}-12-24`, name: 'Christmas Eve', status: 'Open', start_hour: '08:30', end_hour: '14:00' },
      { date: `${y}-12-25`, name: 'Christmas Day', status: 'Closed', start_hour: null, end_hour: null },
      { date: `${y}-12-26`, name: 'Boxing Day', status: 'Closed', start_hour: null, end_hour: null },
    );
  }
  return out.filter((h) => h.date >= today).sort((a, b) => a.date.localeCompare(b.date)).slice(0, 9);
}

const FIRST = ['Sarah', 'James', 'Michelle', 'David', 'Priya', 'Liam', 'Chloe', 'Nathan', 'Aisha', 'Tom', 'Grace', 'Ben', 'Mei', 'Jack', 'Olivia', 'Raj', 'Emma', 'Luke', 'Hannah', 'Sam'];
const LAST = ['Nguyen', 'Smith', 'Williams', 'Brown', 'Patel', 'Jones', 'Taylor', 'Wilson', 'Chen', 'Martin', 'Kelly', "O'Brien", 'Singh', 'Walker', 'Harris'];
const GOOD = [
  'Fantastic experience from start to finish. {staff} was friendly, knew the car inside out and never pushed.',
  'Bought my first car here and the whole process was easy. Paperwork was done in under an hour.',
  'Great range of stock and fair prices. The trade-in offer was better than anywhere else I tried.',
  'Service department is excellent: car was ready when promised and they explained everything.',
  'Highly recommend. They organised finance quickly and delivered the car interstate without a hitch.',
  'Very professional team. Followed up after the sale to make sure I was happy.',
  'Honest, no-nonsense dealership. Will definitely be back for our next car.',
  '{staff} went out of their way to find the exact colour we wanted. Picked it up detailed and full of fuel.',
  'Clear pricing, no hidden extras, and a test drive on the motorway before we committed.',
  'Second car we have bought from this team. Same friendly service both times.',
  'Booked a service online, dropped the car off at 7:30 and had it back by lunch.',
];
const MIXED = [
  'Good car and fair price, but it took a few days longer than expected to be ready for pickup.',
  'Sales staff were helpful; the wait in the service lounge was a bit long.',
];
const BAD = ['Communication could have been better after the deposit was paid. Got there in the end.'];
const STAFF = ['Daniel', 'Kylie', 'Marco', 'Jess', 'Steve', 'Anh', 'Brooke'];

/** Size of the bundled sample review set (spec §9: 122 reviews). */
export const SAMPLE_REVIEW_COUNT = 122;
/**
 * Ratings of the bundled sample set: 94 five-star, 22 four-star, 4 three-star, one two-star and
 * one one-star review — 573 stars over 122 reviews, an average of 4.7 (spec §9).
 */
const SAMPLE_RATINGS: readonly [rating: number, count: number][] = [[5, 94], [4, 22], [3, 4], [2, 1], [1, 1]];

/**
 * The bundled sample review set of spec §9 (122 reviews averaging 4.7): the embedded, plainly
 * demo stand-in for a reviews provider, seeded for every location. Names, texts and dates vary
 * per location (seeded randomness); the ratings are always the same 122.
 * @param rng seeded randomness
 * @param now reference time
 */
export function sampleReviews(rng: Rng, now: number) {
  const ratings = SAMPLE_RATINGS.flatMap(([rating, count]) => Array.from({ length: count }, () => rating));
  // Spread the lower ratings through time instead of bunching them at one end.
  const shuffled = rng.sample(ratings, ratings.length);
  return shuffled.map((rating) => {
    const text = (rating >= 4 ? rng.pick(GOOD) : rating === 3 ? rng.pick(MIXED) : rng.pick(BAD)).replace('{staff}', rng.pick(STAFF));
    const date = new Date(now - rng.int(1, 720) * 86_400_000);
    const replied = rng.chance(rating < 4 ? 0.9 : 0.35);
    return {
      customer_name: `${rng.pick(FIRST)} ${rng.pick(LAST).charAt(0)}.`,
      text,
      rating,
      review_date: date.toISOString().slice(0, 10),
      reply_text: replied
        ? rating < 4
          ? 'Thank you for the feedback. We are sorry we fell short and our manager will be in touch to make it right.'
          : 'Thanks so much for the kind words, we hope you enjoy the new car!'
        : null,
      reply_date: replied ? new Date(date.getTime() + rng.int(1, 5) * 86_400_000).toISOString().slice(0, 10) : null,
      image: null,
    };
  });
}
