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

/** The header of an hours table: the columns naming the row, then Open, From and To, then an unnamed action column. */
function HoursHead({ before, after }: { before: readonly string[]; after?: string }) {
  return (
    <thead>
      <tr>
        {before.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
        <th scope="col">Open</th>
        <th scope="col">From</th>
        <th scope="col">To</th>
        {after ? (
          <th scope="col">
            <span className="visually-hidden">{after}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

/**
 * The Open, From and To cells of one row (a weekday or a special date): the times are offered
 * only while the day is open, and an emptied time keeps the one entered.
 */
function HoursCells({
  label,
  hours,
  ids = {},
  onOpen,
  onTimes,
}: {
  label: string;
  hours: { status: 'Open' | 'Closed'; open?: string; close?: string } | undefined;
  ids?: { status?: string; open?: string; close?: string };
  onOpen: (open: boolean) => void;
  onTimes: (times: { open: string } | { close: string }) => void;
}) {
  const open = hours?.status === 'Open';
  return (
    <>
      <td>
        <input type="checkbox" id={ids.status} aria-label={`${label}: open`} checked={open} onChange={(e) => onOpen(e.target.checked)} />
      </td>
      <td>
        <input type="time" id={ids.open} aria-label={`${label}: opens at`} disabled={!open} value={open ? (hours?.open ?? '') : ''} onChange={(e) => e.target.value && onTimes({ open: e.target.value })} />
      </td>
      <td>
        <input type="time" id={ids.close} aria-label={`${label}: closes at`} disabled={!open} value={open ? (hours?.close ?? '') : ''} onChange={(e) => e.target.value && onTimes({ close: e.target.value })} />
      </td>
    </>
  );
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
        <HoursHead before={['Day']} />
        <tbody>
          {WEEK.map(({ weekday, name }, i) => {
            const day = value?.find((h) => h.weekday === weekday);
            return (
              <tr key={weekday}>
                <th scope="row">{name}</th>
                <HoursCells
                  label={name}
                  hours={day}
                  {...(i === 0 ? { ids: { status: id } } : {})}
                  onOpen={(isOpen) => onChange(weekWith(value, weekday, isOpen ? { status: 'Open', ...(day?.open ? { open: day.open } : {}), ...(day?.close ? { close: day.close } : {}) } : { status: 'Closed' }))}
                  onTimes={(times) => onChange(weekWith(value, weekday, { status: 'Open', ...(day?.open ? { open: day.open } : {}), ...(day?.close ? { close: day.close } : {}), ...times }))}
                />
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

/** One date's special hours as the tenant file holds them. */
export interface SpecialDayHours {
  date: string;
  name: string;
  status: 'Open' | 'Closed';
  open?: string;
  close?: string;
}

/** The list after one change, in date order (the order the site lists them). */
export function specialHoursWith(value: readonly SpecialDayHours[] | undefined, index: number, next: SpecialDayHours | null): SpecialDayHours[] {
  const list = [...(value ?? [])];
  if (next === null) list.splice(index, 1);
  else list[index] = next.status === 'Open' ? { date: next.date, name: next.name, status: 'Open', open: next.open ?? USUAL.open, close: next.close ?? USUAL.close } : { date: next.date, name: next.name, status: 'Closed' };
  return list.sort((a, b) => a.date.localeCompare(b.date));
}

/** A new date for the list: the day after the last one entered (or tomorrow), closed, named for staff to change. */
export function nextSpecialDay(value: readonly SpecialDayHours[] | undefined, today: string): SpecialDayHours {
  const last = [...(value ?? [])].map((h) => h.date).sort().pop();
  const from = last && last >= today ? last : today;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { date: next.toISOString().slice(0, 10), name: 'Public holiday', status: 'Closed' };
}

/** Today's date where the editor runs, YYYY-MM-DD. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Special and holiday hours beside the week grid: one row per date (date, what the day is, open or
 * closed, from and to), added and removed with buttons, kept in date order.
 */
export function SpecialHoursField({ pointer, label, value, onChange }: { pointer: string; label: string; value: SpecialDayHours[] | undefined; onChange: (value: SpecialDayHours[]) => void }) {
  const id = fieldId(pointer);
  const rows = value ?? [];
  const describe = (h: SpecialDayHours) => `${h.name || 'Special day'} (${h.date})`;
  return (
    <fieldset className="field week-hours special-hours" data-field={pointer}>
      <legend className="field-label">{label}</legend>
      {rows.length > 0 && (
        <table>
          <HoursHead before={['Date', 'Day']} after="Remove" />
          <tbody>
            {rows.map((h, j) => {
              const at = `${pointer}/${j}`;
              const set = (patch: Partial<SpecialDayHours>) => onChange(specialHoursWith(value, j, { ...h, ...patch }));
              return (
                <tr key={`${j}-${h.date}`}>
                  <td>
                    <input type="date" id={fieldId(`${at}/date`)} aria-label={`${describe(h)}: date`} value={h.date} onChange={(e) => e.target.value && set({ date: e.target.value })} />
                  </td>
                  <td>
                    <input type="text" id={fieldId(`${at}/name`)} aria-label={`${describe(h)}: what the day is`} value={h.name} maxLength={60} onChange={(e) => set({ name: e.target.value })} />
                  </td>
                  <HoursCells
                    label={describe(h)}
                    hours={h}
                    ids={{ status: fieldId(`${at}/status`), open: fieldId(`${at}/open`), close: fieldId(`${at}/close`) }}
                    onOpen={(isOpen) => set(isOpen ? { status: 'Open' } : { status: 'Closed', open: undefined, close: undefined })}
                    onTimes={set}
                  />
                  <td>
                    <button type="button" className="button small subtle" aria-label={`Remove ${describe(h)}`} onClick={() => onChange(specialHoursWith(value, j, null))}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <button type="button" className="button small" id={id} onClick={() => onChange([...rows, nextSpecialDay(value, localToday())])}>
        Add a special day
      </button>
      {value === undefined && <p className="hint">None entered: until the site is launched it shows sample public-holiday hours; a launched site shows none.</p>}
      {value !== undefined && rows.length === 0 && <p className="hint">No special days: the site shows the usual week every day.</p>}
    </fieldset>
  );
}
