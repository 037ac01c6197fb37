import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './number-format.ts';

describe('formatNumber (en-AU without Intl)', () => {
  it('groups whole numbers in threes with commas', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(45990)).toBe('45,990');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-25000)).toBe('-25,000');
  });

  it('keeps up to three fraction digits by default and rounds half away from zero', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(2.0005)).toBe('2.001');
    expect(formatNumber(1.005, { maximumFractionDigits: 2 })).toBe('1.01');
    expect(formatNumber(999.9996)).toBe('1,000');
    expect(formatNumber(-0.0004)).toBe('-0');
  });

  it('pads to the minimum fraction digits', () => {
    expect(formatNumber(17, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('17.00');
    expect(formatNumber(1234.5, { minimumFractionDigits: 2 })).toBe('1,234.50');
  });

  it('writes very small numbers out in full', () => {
    expect(formatNumber(1.5e-7, { maximumFractionDigits: 8 })).toBe('0.00000015');
    expect(formatNumber(1.5e-7)).toBe('0');
  });

  it('gives the same text as Intl.NumberFormat("en-AU") across many values and options', () => {
    // Deterministic pseudo-random values: money, km, rates, halves and values near the rounding edges.
    let seed = 42;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const values = [0, -0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0625, 1e15, 123456789.987654, 9.995, 99.995, 0.045];
    for (let i = 0; i < 4000; i++) {
      const scale = 10 ** Math.floor(next() * 9 - 3);
      values.push(Math.round(next() * scale * 1000) / 1000 * (next() < 0.2 ? -1 : 1), next() * scale, Math.round(next() * 2000) / 8);
    }
    const optionSets = [undefined, { maximumFractionDigits: 0 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, { minimumFractionDigits: 2 }, { maximumFractionDigits: 1 }];
    // One assertion over all of them: an expect per value made this one test take seconds on a busy machine.
    const differences: string[] = [];
    for (const options of optionSets) {
      const intl = new Intl.NumberFormat('en-AU', options);
      for (const value of values) {
        const ours = formatNumber(value, options);
        const theirs = intl.format(value);
        if (ours !== theirs) differences.push(`${value} ${JSON.stringify(options)}: ${ours} ≠ ${theirs}`);
      }
    }
    expect(values.length * optionSets.length).toBeGreaterThan(60_000);
    expect(differences).toEqual([]);
  });
});

describe('formatMoney (one money format for pages, emails, sheets and feeds)', () => {
  it('writes whole dollars with separators by default, rounding cents away', () => {
    expect(formatMoney(45990)).toBe('$45,990');
    expect(formatMoney(1234567)).toBe('$1,234,567');
    expect(formatMoney(199.5)).toBe('$200');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(-2500)).toBe('-$2,500');
  });
  it('shows cents always, or only when the amount has some', () => {
    expect(formatMoney(12, { cents: 'always' })).toBe('$12.00');
    expect(formatMoney(3.456, { cents: 'always' })).toBe('$3.46');
    expect(formatMoney(1234.5, { cents: 'when-present' })).toBe('$1,234.50');
    expect(formatMoney(50000, { cents: 'when-present' })).toBe('$50,000');
  });
});
