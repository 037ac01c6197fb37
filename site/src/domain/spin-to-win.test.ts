import { describe, expect, test } from 'vitest';
import { chanceText, noPrizeChance, phoneDigits, spinPrize, spinState } from './spin-to-win.ts';

const PRIZES = [
  { label: '$500 accessories pack', chance: 2.5 },
  { label: '$50 fuel voucher', chance: 10 },
  { label: 'Free car wash', chance: 30 },
];

describe('spin to win', () => {
  test('a roll falls in the prizes’ chances in order; past them it wins nothing', () => {
    expect(spinPrize(PRIZES, 0)?.label).toBe('$500 accessories pack');
    expect(spinPrize(PRIZES, 2.4999)?.label).toBe('$500 accessories pack');
    expect(spinPrize(PRIZES, 2.5)?.label).toBe('$50 fuel voucher');
    expect(spinPrize(PRIZES, 12.4999)?.label).toBe('$50 fuel voucher');
    expect(spinPrize(PRIZES, 12.5)?.label).toBe('Free car wash');
    expect(spinPrize(PRIZES, 42.4999)?.label).toBe('Free car wash');
    expect(spinPrize(PRIZES, 42.5)).toBeNull();
    expect(spinPrize(PRIZES, 99.9999)).toBeNull();
    expect(spinPrize([{ label: 'Cap', chance: 100 }], 99.9999)?.label).toBe('Cap');
  });

  test('over every roll in steps of 0.0001, each prize is won its chance of the time', () => {
    const wins = new Map<string, number>();
    for (let i = 0; i < 1_000_000; i++) {
      const label = spinPrize(PRIZES, i / 10_000)?.label ?? 'none';
      wins.set(label, (wins.get(label) ?? 0) + 1);
    }
    expect(Object.fromEntries(wins)).toEqual({ '$500 accessories pack': 25_000, '$50 fuel voucher': 100_000, 'Free car wash': 300_000, none: 575_000 });
    expect(noPrizeChance(PRIZES)).toBe(57.5);
  });

  test('chances read as percentages', () => {
    expect(chanceText(2.5)).toBe('2.5%');
    expect(chanceText(10)).toBe('10%');
    expect(chanceText(0.25)).toBe('0.25%');
  });

  test('the window: upcoming before the start, live from it, ended from the expiry (Brisbane dates)', () => {
    const promo = { id: 'stocktake', start: '2025-07-01', expiry: '2025-07-24', prizes: PRIZES };
    expect(spinState(promo, new Date('2025-06-30T13:59:59Z'), 'Australia/Brisbane')).toBe('upcoming');
    expect(spinState(promo, new Date('2025-06-30T14:00:00Z'), 'Australia/Brisbane')).toBe('live');
    expect(spinState(promo, new Date('2025-07-24T13:59:59Z'), 'Australia/Brisbane')).toBe('live');
    expect(spinState(promo, new Date('2025-07-24T14:00:00Z'), 'Australia/Brisbane')).toBe('ended');
  });

  test('one phone however it is written', () => {
    expect(phoneDigits('0412 345 678')).toBe('0412345678');
    expect(phoneDigits('+61 412 345 678')).toBe('0412345678');
    expect(phoneDigits('(07) 3000-1234')).toBe('0730001234');
  });
});
