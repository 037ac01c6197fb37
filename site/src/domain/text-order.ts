/*
 * Alphabetical order for labels (makes, models, colours, body types) without Intl. The first
 * `localeCompare(…, 'en-AU')` of a page builds an ICU collator: 20–30 ms on a desktop, four
 * times that on a phone, during hydration (docs/rendering.md). Labels are compared as a reader
 * expects: letters before accents before case ('Citroën' beside 'Citroen', 'bmw' beside 'BMW'),
 * numbers by their digits; the unit tests hold it to the collator's order on real labels.
 */

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Negative when `a` sorts before `b`, positive after, 0 when equal (a comparator for `sort`). */
export function compareText(a: string, b: string): number {
  return byCodePoint(fold(a), fold(b)) || byCodePoint(a.normalize('NFD').toLowerCase(), b.normalize('NFD').toLowerCase()) || byCodePoint(b, a);
}
