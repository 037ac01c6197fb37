import { describe, expect, it } from 'vitest';
import { averageRating, formatRating, reviewsToShow, starFills } from './star-rating.ts';

describe('starFills (spec §9: up to 4 full stars plus a partial one, partial only above 30 %)', () => {
  it('4.7 (the sample set) → four full stars and 70 % of the fifth', () => {
    expect(starFills(4.7)).toEqual([1, 1, 1, 1, 0.7]);
  });
  it('a fraction of 30 % or less leaves the next star empty', () => {
    expect(starFills(4.3)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(3.2)).toEqual([1, 1, 1, 0, 0]);
  });
  it('a fraction just above 30 % fills part of the next star', () => {
    expect(starFills(3.31)).toEqual([1, 1, 1, 0.31, 0]);
  });
  it('never more than 4 full stars: 5 is four full plus a fully filled partial', () => {
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
  });
  it('clamps out-of-range ratings', () => {
    expect(starFills(-1)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(9)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(Number.NaN)).toEqual([0, 0, 0, 0, 0]);
  });
});

const r = (rating: number, review_date: string) => ({ rating, review_date });

describe('reviews', () => {
  it('shows reviews rated 4 or more, newest first, 12 at most (defaults)', () => {
    const all = Array.from({ length: 20 }, (_, i) => r(i % 5 === 0 ? 3 : 5, `2026-01-${String(i + 1).padStart(2, '0')}`));
    const shown = reviewsToShow(all);
    expect(shown).toHaveLength(12);
    expect(shown.every((x) => x.rating >= 4)).toBe(true);
    expect(shown[0]?.review_date).toBe('2026-01-20');
  });
  it('honours a configured minimum and quantity', () => {
    expect(reviewsToShow([r(5, '2026-01-01'), r(4, '2026-01-02'), r(5, '2026-01-03')], 5, 1)).toEqual([r(5, '2026-01-03')]);
  });
  it('averages to one decimal', () => {
    expect(averageRating([5, 5, 4])).toBe(4.7);
    expect(averageRating([])).toBe(0);
    expect(formatRating(4.7)).toBe('4.7');
    expect(formatRating(5)).toBe('5.0');
  });
});
