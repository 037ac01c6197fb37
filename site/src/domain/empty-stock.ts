/*
 * What a search with no results means. A search the shopper narrowed (words typed, filters
 * ticked) found nothing: they can clear it. A search of all the site's stock, or of one kind of
 * car (the new, used and demo pages), that finds nothing means the site lists no car at all
 * (a launched site before the dealer's first stock feed, or a yard sold out): there is nothing
 * to clear, and the page says the stock is being updated.
 */

/** The heading of a site that lists no car at all. */
export const STOCK_BEING_UPDATED = 'Our stock is being updated';

/** A search result as this rule reads it. */
export interface EmptySearch {
  nbHits: number;
  query: string;
  /** Attributes the search is refined by (a car-type page refines `car_type`). */
  refinedAttributes: readonly string[];
}

/**
 * Whether an empty result means the site lists no car at all (rather than none matching what
 * the shopper asked for).
 * @param search the result's hit count, query and refined attributes
 */
export function listsNoStock(search: EmptySearch): boolean {
  return search.nbHits === 0 && search.query.trim() === '' && search.refinedAttributes.every((a) => a === 'car_type');
}
