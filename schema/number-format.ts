/*
 * Numbers as en-AU writes them ('1,234,567.5'), without Intl. The first Intl call of a page
 * loads the ICU locale data: 35–60 ms on a desktop, four times that on a phone, in the middle of
 * hydration (measured on the search page; docs/rendering.md). Australian English groups digits in
 * threes with commas and uses a point for decimals, so plain string work gives the same text as
 * `toLocaleString('en-AU')` — the unit tests compare the two over many values.
 */

export interface NumberFormatOptions {
  /** Fraction digits always shown (default 0). */
  minimumFractionDigits?: number;
  /** Fraction digits at most, rounded half away from zero (default the larger of 3 and the minimum). */
  maximumFractionDigits?: number;
}

/**
 * `value` (below 10^21: prices, kilometres, rates) as en-AU text: '1,234', '1,234.57', '-0.5'. Same options and result as
 * `value.toLocaleString('en-AU', options)` for the two options it takes: rounding half away
 * from zero on the number's shortest decimal form (1.005 → '1.01', as Intl does, where
 * `toFixed` gives '1.00').
 */
export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const min = options.minimumFractionDigits ?? 0;
  const max = Math.max(min, options.maximumFractionDigits ?? 3);
  const abs = Math.abs(value);
  // Shifting the decimal text (not multiplying) keeps 1.005 exactly 100.5 before rounding.
  const shifted = String(abs).includes('e') ? abs * 10 ** max : Number(`${abs}e${max}`);
  const [whole = '0', fraction = ''] = (Math.round(shifted) / 10 ** max).toFixed(max).split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(min, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${digits ? `.${digits}` : ''}`;
}

/** Whether money shows its cents: never (whole dollars), always, or only when it has some. */
export type MoneyCents = 'never' | 'always' | 'when-present';

/**
 * Money as every page, email, sheet and feed of the platform writes it: '$' and en-AU
 * thousands separators, a leading minus for a negative amount, whole dollars unless cents are
 * asked for.
 * @param amount dollars
 * @param options cents: 'never' (rounded to whole dollars; the default), 'always', 'when-present'
 * @example formatMoney(45990) // '$45,990'
 * @example formatMoney(1234.5, { cents: 'when-present' }) // '$1,234.50'
 * @example formatMoney(12, { cents: 'always' }) // '$12.00'
 */
export function formatMoney(amount: number, options: { cents?: MoneyCents } = {}): string {
  const cents = options.cents ?? 'never';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const showCents = cents === 'always' || (cents === 'when-present' && Math.round(abs * 100) % 100 !== 0);
  return `${sign}$${showCents ? formatNumber(abs, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : formatNumber(Math.round(abs))}`;
}
