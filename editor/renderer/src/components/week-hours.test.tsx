import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { copyMondayToWeekdays, nextSpecialDay, SpecialHoursField, WeekHoursField, type DayHours, type SpecialDayHours } from './week-hours.tsx';

afterEach(cleanup);

describe('the opening-hours week grid', () => {
  it('shows Monday to Sunday with open, from and to, reading a missing day as closed', () => {
    render(<WeekHoursField pointer="/dealer/locations/0/openingHours" label="Opening hours" value={[{ weekday: 6, status: 'Open', open: '09:00', close: '13:00' }]} onChange={() => undefined} />);
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect((screen.getByRole('checkbox', { name: 'Saturday: open' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Saturday: opens at') as HTMLInputElement).value).toBe('09:00');
    expect((screen.getByRole('checkbox', { name: 'Monday: open' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Monday: opens at') as HTMLInputElement).disabled).toBe(true);
  });

  it('opening a day and changing its times writes the whole week', () => {
    let week: DayHours[] | undefined;
    const { rerender } = render(<WeekHoursField pointer="/p" label="Opening hours" value={undefined} onChange={(v) => (week = v)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Monday: open' }));
    expect(week).toEqual([
      { weekday: 0, status: 'Closed' },
      { weekday: 1, status: 'Open', open: '08:30', close: '17:30' },
      { weekday: 2, status: 'Closed' },
      { weekday: 3, status: 'Closed' },
      { weekday: 4, status: 'Closed' },
      { weekday: 5, status: 'Closed' },
      { weekday: 6, status: 'Closed' },
    ]);
    rerender(<WeekHoursField pointer="/p" label="Opening hours" value={week} onChange={(v) => (week = v)} />);
    fireEvent.change(screen.getByLabelText('Monday: closes at'), { target: { value: '17:00' } });
    expect(week?.find((d) => d.weekday === 1)).toEqual({ weekday: 1, status: 'Open', open: '08:30', close: '17:00' });
  });

  it('"Copy Monday to weekdays" gives Tuesday to Friday Monday’s hours and leaves the weekend', () => {
    const week = copyMondayToWeekdays([
      { weekday: 1, status: 'Open', open: '08:00', close: '17:30' },
      { weekday: 6, status: 'Open', open: '09:00', close: '13:00' },
    ]);
    expect(week.filter((d) => d.weekday >= 1 && d.weekday <= 5).every((d) => d.status === 'Open' && d.open === '08:00' && d.close === '17:30')).toBe(true);
    expect(week.find((d) => d.weekday === 6)).toEqual({ weekday: 6, status: 'Open', open: '09:00', close: '13:00' });
    expect(week.find((d) => d.weekday === 0)).toEqual({ weekday: 0, status: 'Closed' });
  });
});

describe('special and holiday hours beside the week grid', () => {
  const christmas: SpecialDayHours[] = [
    { date: '2026-12-24', name: 'Christmas Eve', status: 'Open', open: '08:30', close: '14:00' },
    { date: '2026-12-25', name: 'Christmas Day', status: 'Closed' },
  ];

  it('lists each date with what the day is, open or closed, and its hours', () => {
    render(<SpecialHoursField pointer="/dealer/locations/0/specialHours" label="Special and holiday hours" value={christmas} onChange={() => undefined} />);
    expect((screen.getByLabelText('Christmas Eve (2026-12-24): date') as HTMLInputElement).value).toBe('2026-12-24');
    expect((screen.getByLabelText('Christmas Eve (2026-12-24): closes at') as HTMLInputElement).value).toBe('14:00');
    expect((screen.getByRole('checkbox', { name: 'Christmas Day (2026-12-25): open' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Christmas Day (2026-12-25): opens at') as HTMLInputElement).disabled).toBe(true);
  });

  it('opening a closed day gives it the usual hours; a changed date keeps the list in date order', () => {
    let list: SpecialDayHours[] | undefined;
    render(<SpecialHoursField pointer="/p" label="Special and holiday hours" value={christmas} onChange={(v) => (list = v)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Christmas Day (2026-12-25): open' }));
    expect(list![1]).toEqual({ date: '2026-12-25', name: 'Christmas Day', status: 'Open', open: '08:30', close: '17:30' });
    fireEvent.change(screen.getByLabelText('Christmas Eve (2026-12-24): date'), { target: { value: '2026-12-31' } });
    expect(list!.map((h) => h.date)).toEqual(['2026-12-25', '2026-12-31']);
  });

  it('adds a day after the last one and removes one by name', () => {
    let list: SpecialDayHours[] | undefined;
    render(<SpecialHoursField pointer="/p" label="Special and holiday hours" value={christmas} onChange={(v) => (list = v)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Christmas Eve (2026-12-24)' }));
    expect(list).toEqual([christmas[1]]);
    expect(nextSpecialDay(christmas, '2026-11-29')).toEqual({ date: '2026-12-26', name: 'Public holiday', status: 'Closed' });
    expect(nextSpecialDay(undefined, '2026-12-31')).toEqual({ date: '2027-01-01', name: 'Public holiday', status: 'Closed' });
  });

  it('says what the site shows while none are entered', () => {
    render(<SpecialHoursField pointer="/p" label="Special and holiday hours" value={undefined} onChange={() => undefined} />);
    expect(screen.getByText(/sample public-holiday hours; a launched site shows none/)).toBeTruthy();
  });
});
