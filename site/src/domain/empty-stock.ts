import { CAR_TYPES } from './search-promotions.ts';

/*
 * What a search with no results means. A search the shopper narrowed (words typed, filters
 * ticked, or a kind of car the site also sells others of) found nothing: they can clear it. A
 * search of everything the site sells that finds nothing means the site lists no car at all (a
 * launched site before the dealer's first stock feed, or a yard sold out): there is nothing to
 * clear, and the page says the stock is being updated. A used-only site sells used cars only,
 * so its used-car page is all its stock, while its new-car page is narrowed to what it does not
 * sell.
 */

/** The heading of a site that lists no car at all. */
export const STOCK_BEING_UPDATED = 'Our stock is being updated';

/** A search result as this rule reads it. */
export interface EmptySearch {
  nbHits: number;
  query: string;
  /** The refinements of the search (a car-type page refines `car_type` to its kind). */
  refinements: readonly { attribute: string; value: string }[];
  /** The site sells used cars only (the tenant's stockFilter.usedOnly). */
  usedOnly: boolean;
}

/**
 * Whether an empty result means the site lists no car at all (rather than none matching what
 * the shopper asked for).
 * @param search the result's hit count, query and refinements, and whether the site sells used cars only
 */
export function listsNoStock(search: EmptySearch): boolean {
  if (search.nbHits !== 0 || search.query.trim() !== '') return false;
  if (!search.refinements.every((r) => r.attribute === 'car_type')) return false;
  const refined = new Set(search.refinements.map((r) => r.value));
  const sold = search.usedOnly ? ['used'] : CAR_TYPES;
  return refined.size === 0 || sold.every((type) => refined.has(type));
}
