/*
 * Star display of spec §9: up to 4 full stars plus a partial one; the partial star is filled
 * only when the fraction exceeds 30 percent. Reviews: minimum rating 4 and quantity 12 by default.
 */
import { compareText } from './text-order.ts';

/** Most full stars drawn; the fifth star is always the partial one. */
export const MAX_FULL_STARS = 4;
/** Stars drawn in all. */
export const STAR_COUNT = 5;
/** A partial star is filled only above this fraction (spec §9: 30 percent). */
export const PARTIAL_STAR_THRESHOLD = 0.3;
/** Reviews shown: minimum rating (spec §9, from configuration). */
export const DEFAULT_REVIEW_MIN_RATING = 4;
/** Reviews shown: how many (spec §9 Google-style reviews quantity). */
export const DEFAULT_REVIEW_QUANTITY = 12;

/**
 * Fill of each of the 5 stars (1 full, 0 empty, in between partial) for a rating out of 5.
 * Up to 4 stars are full; the next star shows the remaining fraction only when it exceeds 0.3,
 * otherwise it is empty (4.2 → four full stars and an empty one; 4.7 → four full and 70 % of
 * the fifth; 3.5 → three full, one half, one empty; 5 → four full and a full fifth).
 * Ratings outside 0..5 are clamped; a non-number reads 0.
 */
export function starFills(rating: number): number[] {
  const r = Number.isFinite(rating) ? Math.min(STAR_COUNT, Math.max(0, rating)) : 0;
  const full = Math.min(MAX_FULL_STARS, Math.floor(r));
  const fraction = Math.min(1, r - full);
  const partial = fraction > PARTIAL_STAR_THRESHOLD ? Math.round(fraction * 100) / 100 : 0;
  return Array.from({ length: STAR_COUNT }, (_, i) => (i < full ? 1 : i === full ? partial : 0));
}

/** The rating as read aloud and shown: one decimal ("4.7"). */
export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

/**
 * The reviews a location shows: rating at or above the minimum, newest first, at most `quantity`.
 * @param reviews reviews with `rating` and ISO `review_date`
 */
export function reviewsToShow<T extends { rating: number; review_date: string }>(reviews: readonly T[], minRating = DEFAULT_REVIEW_MIN_RATING, quantity = DEFAULT_REVIEW_QUANTITY): T[] {
  return reviews
    .filter((r) => r.rating >= minRating)
    .sort((a, b) => compareText(b.review_date, a.review_date))
    .slice(0, Math.max(0, quantity));
}

/**
 * Average of ratings rounded to one decimal (0 for none): the bundled sample set of 122 reviews
 * averages 4.7.
 */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
}
