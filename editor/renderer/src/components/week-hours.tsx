import { fieldId } from '../labels.ts';

/** One weekday's hours as the tenant file holds them (0 Sunday … 6 Saturday). */
export interface DayHours {
  weekday: number;
  status: 'Open' | 'Closed';
  open?: string;
  close?: string;
}

/** The week as staff read it: Monday first. */
const WEEK = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 0, name: 'Sunday' },
] as const;

/** Usual hours offered when a closed day is opened. */
const USUAL = { open: '08:30', close: '17:30' };

/**
 * The whole week after one change: every day written out (a day not in the file reads Closed, as
 * the site reads it), in weekday order.
 * @param value the hours in the file
 * @param weekday the day changed
 * @param next its new hours
 */
export function weekWith(value: readonly DayHours[] | undefined, weekday: number, next: Omit<DayHours, 'weekday'>): DayHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => {
    if (d === weekday) return dayEntry(d, next);
    return value?.find((h) => h.weekday === d) ?? { weekday: d, status: 'Closed' as const };
  });
}

/** Monday's hours copied to Tuesday–Friday. */
export function copyMondayToWeekdays(value: readonly DayHours[] | undefined): DayHours[] {
  const monday = value?.find((h) => h.weekday === 1) ?? { weekday: 1, status: 'Closed' as const };
  return [0, 1, 2, 3, 4, 5, 6].map((d) => (d >= 1 && d <= 5 ? dayEntry(d, monday) : (value?.find((h) => h.weekday === d) ?? { weekday: d, status: 'Closed' as const })));
}

function dayEntry(weekday: number, h: Omit<DayHours, 'weekday'>): DayHours {
  return h.status === 'Open' ? { weekday, status: 'Open', open: h.open ?? USUAL.open, close: h.close ?? USUAL.close } : { weekday, status: 'Closed' };
}

/**
 * Opening hours as a week grid: Monday to Sunday, open or closed, from and to, and "Copy Monday to
 * weekdays" — instead of one list entry per day with a weekday number.
 */
export function WeekHoursField({ pointer, label, value, onChange }: { pointer: string; label: string; value: DayHours[] | undefined; onChange: (value: DayHours[]) => void }) {
  const id = fieldId(pointer);
  return (
    <fieldset className="field week-hours" data-field={pointer}>
      <legend className="field-label">{label}</legend>
      <table>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Open</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
          </tr>
        </thead>
        <tbody>
          {WEEK.map(({ weekday, name }, i) => {
            const day = value?.find((h) => h.weekday === weekday);
            const open = day?.status === 'Open';
            return (
              <tr key={weekday}>
                <th scope="row">{name}</th>
                <td>
                  <input
                    type="checkbox"
                    {...(i === 0 ? { id } : {})}
                    aria-label={`${name}: open`}
                    checked={open}
                    onChange={(e) => onChange(weekWith(value, weekday, e.target.checked ? { status: 'Open', ...(day?.open ? { open: day.open } : {}), ...(day?.close ? { close: day.close } : {}) } : { status: 'Closed' }))}
                  />
                </td>
                <td>
                  <input type="time" aria-label={`${name}: opens at`} disabled={!open} value={open ? (day?.open ?? '') : ''} onChange={(e) => e.target.value && onChange(weekWith(value, weekday, { status: 'Open', open: e.target.value, ...(day?.close ? { close: day.close } : {}) }))} />
                </td>
                <td>
                  <input type="time" aria-label={`${name}: closes at`} disabled={!open} value={open ? (day?.close ?? '') : ''} onChange={(e) => e.target.value && onChange(weekWith(value, weekday, { status: 'Open', ...(day?.open ? { open: day.open } : {}), close: e.target.value }))} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className="button small" onClick={() => onChange(copyMondayToWeekdays(value))}>
        Copy Monday to weekdays
      </button>
      {!value?.length && <p className="hint">No hours entered yet: the site shows sample hours until they are.</p>}
    </fieldset>
  );
}
