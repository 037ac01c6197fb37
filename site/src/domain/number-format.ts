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

/** The shortest decimal digits of |value| and the position of the point, e.g. 1234.5 → ['12345', 4]. */
function decimalDigits(value: number): { digits: string; point: number } {
  const [mantissa, exponentText] = Math.abs(value).toString().split('e');
  const exponent = exponentText ? Number(exponentText) : 0;
  const [whole, fraction = ''] = (mantissa as string).split('.');
  let digits = `${whole}${fraction}`;
  let point = (whole as string).length + exponent;
  const lead = /^0*/.exec(digits)![0].length;
  if (lead === digits.length) return { digits: '0', point: 1 };
  digits = digits.slice(lead);
  point -= lead;
  return { digits, point };
}

/** Rounds decimal digits to `keep` digits after the point, half away from zero. */
function roundDigits(digits: string, point: number, keep: number): { digits: string; point: number } {
  const cut = point + keep;
  if (cut >= digits.length) return { digits, point };
  if (cut < 0) return { digits: '0', point: 1 };
  const roundUp = Number(digits[cut]) >= 5;
  let kept = digits.slice(0, cut);
  if (roundUp) {
    const chars = kept.split('');
    let i = chars.length - 1;
    while (i >= 0 && chars[i] === '9') chars[i--] = '0';
    if (i >= 0) chars[i] = String(Number(chars[i]) + 1);
    else { chars.unshift('1'); point += 1; }
    kept = chars.join('');
  }
  return kept === '' || /^0+$/.test(kept) ? { digits: '0', point: 1 } : { digits: kept, point };
}

/**
 * `value` as en-AU text: '1,234', '1,234.57', '-0.5'. Same options and result as
 * `value.toLocaleString('en-AU', options)` for the two options it takes.
 */
export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const min = options.minimumFractionDigits ?? 0;
  const max = Math.max(min, options.maximumFractionDigits ?? Math.max(min, 3));
  const negative = value < 0 || Object.is(value, -0);
  const rounded = roundDigits(...(Object.values(decimalDigits(value)) as [string, number]), max);
  const { digits, point } = rounded;
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  let fraction = point >= digits.length ? '' : point < 0 ? `${'0'.repeat(-point)}${digits}` : digits.slice(point);
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < min) fraction = fraction.padEnd(min, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
