/**
 * Promo windows are stored as ISO date-times with an offset, but staff think in the dealer's wall
 * clock ("ends 30 June 11:59 pm Brisbane time"). These helpers convert between the two for the
 * form's date-time pickers, using the platform's Intl time-zone data (no library, no DOM).
 */

function parts(date: Date, timeZone: string): Record<string, string> {
  const fmt = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  });
  return Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value]));
}

/** The UTC offset of `timeZone` at `date`, in minutes east of UTC (Brisbane → 600). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const name = parts(date, timeZone).timeZoneName ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  const sign = m[1] === '-' ? -1 : 1;
  return sign * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** ISO instant → `YYYY-MM-DDTHH:mm` wall time in `timeZone` (the value of an `<input type="datetime-local">`). */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * `YYYY-MM-DDTHH:mm` wall time in `timeZone` → ISO date-time with that zone's offset at that
 * moment (e.g. `2026-06-30T23:59:00+10:00`). Returns undefined for an incomplete input.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  // The offset depends on the instant (daylight saving), so refine once from the first guess.
  let offset = zoneOffsetMinutes(new Date(asUtc), timeZone);
  offset = zoneOffsetMinutes(new Date(asUtc - offset * 60_000), timeZone);
  return `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${formatOffset(offset)}`;
}
