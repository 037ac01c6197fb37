/*
 * Result counts (spec §9): counts over 1999 are replaced by a summed facet count or the
 * in_stock count, because the hosted index's total beyond that is an estimate.
 */
import { formatNumber } from '../../../schema/number-format.ts';

/** Largest count shown as is. */
export const MAX_EXACT_COUNT = 1999;

/**
 * The count to show for a search.
 * @param nbHits the search's total
 * @param facets facet counts of the same search (car_type is summed; else status in_stock)
 */
export function resultCount(nbHits: number, facets?: Record<string, Record<string, number>>): number {
  if (nbHits <= MAX_EXACT_COUNT) return nbHits;
  const carTypes = facets?.car_type;
  if (carTypes && Object.keys(carTypes).length > 0) return Object.values(carTypes).reduce((sum, count) => sum + count, 0);
  const inStock = facets?.status?.in_stock;
  return inStock ?? nbHits;
}

/** "1 car" / "1,234 cars" (the noun follows the site's item type). */
export function formatCount(count: number, noun = 'car'): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}
