/** "24 December 2026" in the site's time zone (the same on the server and in the browser). */
export function offerDate(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
}
