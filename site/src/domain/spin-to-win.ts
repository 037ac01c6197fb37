import { formatNumber } from '../../../schema/number-format.ts';
import { promotionWindow } from './promotions.ts';

/*
 * The spin-to-win promotion (spec §2 /spin-to-win; the spec names the page only, docs/site.md
 * says what was chosen): a window, prizes each with a chance in percent (together at most 100;
 * the rest wins nothing), one spin per shopper. The server draws the spin with these rules.
 */

/** A prize and its chance in percent. */
export interface SpinPrize {
  label: string;
  chance: number;
}

/** The promotion as the tenant configures it (content.spinToWin). */
export interface SpinPromotion {
  id: string;
  start: string;
  expiry: string;
  prizes: readonly SpinPrize[];
}

/** Whether spinning has not started, is open, or has ended. */
export type SpinState = 'upcoming' | 'live' | 'ended';

/**
 * Where `now` falls in the promotion's window (start inclusive, expiry exclusive).
 * @param promo the promotion
 * @param now the moment
 * @param timeZone the tenant's time zone (for dates without an offset)
 */
export function spinState(promo: SpinPromotion, now: Date, timeZone: string): SpinState {
  const { start, end } = promotionWindow(promo, timeZone);
  if (now.getTime() < start.getTime()) return 'upcoming';
  return now.getTime() < end.getTime() ? 'live' : 'ended';
}

/**
 * The prize a spin wins: `roll` (uniform in [0, 100)) falls in the first prize's first `chance`
 * percent, the second's next, and so on; past the last, no prize (null).
 * @param prizes the prizes in order
 * @param roll a uniform draw from 0 (inclusive) to 100 (exclusive)
 * @example spinPrize([{ label: 'Cap', chance: 10 }], 9.99) // { label: 'Cap', chance: 10 }
 */
export function spinPrize<P extends SpinPrize>(prizes: readonly P[], roll: number): P | null {
  let upTo = 0;
  for (const prize of prizes) {
    upTo += prize.chance;
    if (roll < upTo) return prize;
  }
  return null;
}

/**
 * A prize's chance as shoppers read it: '10%', '2.5%', '0.25%'.
 * @param chance percent
 */
export function chanceText(chance: number): string {
  return `${formatNumber(chance, { maximumFractionDigits: 2 })}%`;
}

/**
 * The chance of winning nothing, in percent (what the prizes leave of 100).
 * @param prizes the prizes
 */
export function noPrizeChance(prizes: readonly SpinPrize[]): number {
  const total = prizes.reduce((sum, p) => sum + p.chance, 0);
  return Math.max(0, Math.round((100 - total) * 100) / 100);
}

export { phoneDigits } from './phone-digits.ts';
