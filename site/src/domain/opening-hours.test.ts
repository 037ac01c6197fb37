import { describe, expect, it } from 'vitest';
import { dayHoursText, formatTime, groupOpeningHours, upcomingHolidayHours, type OpeningHourInput } from './opening-hours.ts';

const open = (weekday: number, from: string, to: string): OpeningHourInput => ({ weekday, status: 'Open', open: from, close: to });
const closed = (weekday: number): OpeningHourInput => ({ weekday, status: 'Closed', open: null, close: null });
const labels = { closed: 'Closed' };
const rows = (days: OpeningHourInput[], l: Parameters<typeof groupOpeningHours>[1] = labels) => groupOpeningHours(days, l).map((r) => `${r.label}: ${r.hours}`);

describe('groupOpeningHours (spec §4)', () => {
  it('shows Mon-Fri when all five weekdays are the same', () => {
    const week = [closed(0), ...[1, 2, 3, 4, 5].map((d) => open(d, '08:30', '17:30')), open(6, '08:30', '12:30')];
    expect(rows(week)).toEqual(['Mon-Fri: 8:30 am - 5:30 pm', 'Sat: 8:30 am - 12:30 pm', 'Sun: Closed']);
  });

  it('lists each day when the weekday hours differ each day', () => {
    const week = [open(1, '08:00', '17:00'), open(2, '08:30', '17:00'), open(3, '09:00', '17:00'), open(4, '08:00', '20:00'), open(5, '08:00', '16:00'), closed(6), closed(0)];
    expect(rows(week)).toEqual([
      'Mon: 8:00 am - 5:00 pm',
      'Tue: 8:30 am - 5:00 pm',
      'Wed: 9:00 am - 5:00 pm',
      'Thu: 8:00 am - 8:00 pm',
      'Fri: 8:00 am - 4:00 pm',
      'Sat: Closed',
      'Sun: Closed',
    ]);
  });

  it('otherwise groups equal days and lists the others separately (late night Thursday)', () => {
    const week = [open(0, '10:00', '16:00'), open(1, '08:30', '17:30'), open(2, '08:30', '17:30'), open(3, '08:30', '17:30'), open(4, '08:30', '20:00'), open(5, '08:30', '17:00'), open(6, '09:00', '16:00')];
    expect(rows(week)).toEqual(['Mon-Wed: 8:30 am - 5:30 pm', 'Thu: 8:30 am - 8:00 pm', 'Fri: 8:30 am - 5:00 pm', 'Sat: 9:00 am - 4:00 pm', 'Sun: 10:00 am - 4:00 pm']);
    expect(groupOpeningHours(week, labels)[0]).toMatchObject({ longLabel: 'Monday to Wednesday', weekdays: [1, 2, 3] });
  });

  it("reads 'Closed' for a closed day and for a day with no hours at all", () => {
    const week = [1, 2, 3, 4].map((d) => open(d, '07:30', '17:00'));
    expect(rows(week)).toEqual(['Mon-Thu: 7:30 am - 5:00 pm', 'Fri: Closed', 'Sat: Closed', 'Sun: Closed']);
  });

  it("reads 'By appointment only' for closed weekends where configured, never for weekdays", () => {
    const week = [closed(0), ...[1, 2, 3, 4].map((d) => open(d, '07:30', '17:00')), closed(5), closed(6)];
    expect(rows(week, { closed: 'Closed', byAppointmentOnly: 'By appointment only' })).toEqual([
      'Mon-Thu: 7:30 am - 5:00 pm',
      'Fri: Closed',
      'Sat: By appointment only',
      'Sun: By appointment only',
    ]);
  });

  it('returns nothing for a location with no hours (spec §8)', () => {
    expect(groupOpeningHours([], labels)).toEqual([]);
  });

  it('uses the tenant label for closed days', () => {
    expect(dayHoursText(undefined, 3, { closed: 'Shut' })).toBe('Shut');
  });
});

describe('formatTime', () => {
  it('writes 12-hour times with am/pm', () => {
    expect(['00:00', '08:30', '12:00', '17:30', '20:05'].map(formatTime)).toEqual(['12:00 am', '8:30 am', '12:00 pm', '5:30 pm', '8:05 pm']);
  });
});

describe('upcomingHolidayHours', () => {
  it('lists holidays from today on, in date order, with their hours or Closed', () => {
    const entries = [
      { date: '2026-12-26', status: 'Closed', name: 'Boxing Day', start_hour: null, end_hour: null },
      { date: '2026-12-24', status: 'Open', name: 'Christmas Eve', start_hour: '08:30', end_hour: '14:00' },
      { date: '2026-01-01', status: 'Closed', name: "New Year's Day", start_hour: null, end_hour: null },
    ];
    expect(upcomingHolidayHours(entries, '2026-11-23', labels)).toEqual([
      { date: '2026-12-24', dateLabel: 'Thu 24 Dec 2026', name: 'Christmas Eve', hours: '8:30 am - 2:00 pm' },
      { date: '2026-12-26', dateLabel: 'Sat 26 Dec 2026', name: 'Boxing Day', hours: 'Closed' },
    ]);
  });
});
