/*
 * Similar cars (spec §9): up to 6 in-stock cars priced within ±10,000 of a car below 50,000,
 * else ±25,000; the block loads when it comes within 500 px of the viewport.
 */

/** Spec §9. */
export const SIMILAR_CARS_MAX = 6;
export const SIMILAR_CARS_LAZY_MARGIN_PX = 500;

/** The price window around a car's price: 10,000 below 50,000, else 25,000. */
export function similarPriceWindow(price: number): { min: number; max: number } {
  const window = price < 50_000 ? 10_000 : 25_000;
  return { min: Math.max(0, price - window), max: price + window };
}

/** A candidate as the rule reads it. */
export interface SimilarCandidate {
  id: number;
  status: string;
  sold?: boolean;
  reserved?: boolean;
  price: number;
}

/**
 * Which candidates are similar to `car`: other cars, in stock (not sold, not reserved), inside
 * the price window, in the given order, at most `max` (6).
 */
export function similarCars<T extends SimilarCandidate>(car: { id: number; price: number }, candidates: readonly T[], max = SIMILAR_CARS_MAX): T[] {
  const { min, max: top } = similarPriceWindow(car.price);
  return candidates
    .filter((c) => c.id !== car.id && c.status === 'in_stock' && c.sold !== true && c.reserved !== true && c.price >= min && c.price <= top)
    .slice(0, max);
}

/** The search filter of the window (Algolia filter syntax) for the similar-cars query. */
export function similarCarsFilter(car: { id: number; price: number }): string {
  const { min, max } = similarPriceWindow(car.price);
  return `status:in_stock AND NOT reserved:true AND price:${min} TO ${max} AND NOT objectID:${car.id}`;
}
