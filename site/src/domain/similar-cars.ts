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

/** Spec §7: the multi-search for similar cars asks for at most 10 hits. */
export const SIMILAR_CARS_SEARCH_LIMIT = 10;

/** Highlight tags of the similar-cars search (spec §7 "highlight tags"); the cards show titles as text. */
export const SIMILAR_CARS_HIGHLIGHT = { highlightPreTag: '<mark>', highlightPostTag: '</mark>' } as const;

/**
 * The multi-search call for similar cars (spec §7): one query on the stock index for the ids the
 * platform chose, limit 10, with highlight tags.
 * @param indexName the stock index
 * @param ids the similar car ids, best first
 * @param attributes the record fields the cards read
 */
export function similarCarsMultiSearch(indexName: string, ids: readonly number[], attributes: readonly string[]) {
  return {
    requests: [
      {
        indexName,
        filters: ids.map((id) => `objectID:${id}`).join(' OR '),
        hitsPerPage: SIMILAR_CARS_SEARCH_LIMIT,
        attributesToRetrieve: [...attributes],
        ...SIMILAR_CARS_HIGHLIGHT,
      },
    ],
  };
}

/**
 * The filter-based search the similar cars fall back to when the multi-search fails (spec §7):
 * in-stock, unreserved cars in the price window, other than this one.
 * @param car the car whose page it is
 * @param max how many cars the block shows
 * @param attributes the record fields the cards read
 */
export function similarCarsFallbackSearch(car: { id: number; price: number }, max: number, attributes: readonly string[]) {
  return { filters: similarCarsFilter(car), hitsPerPage: max, attributesToRetrieve: [...attributes] };
}

/** Hits put back in the order of the platform's ids (best first); the search answers in its own ranking. */
export function inIdOrder<T extends { id: number }>(hits: readonly T[], ids: readonly number[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return hits.filter((hit) => rank.has(hit.id)).toSorted((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}
