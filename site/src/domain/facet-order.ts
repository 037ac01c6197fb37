/*
 * Facet value orders of spec §2: body series duo, city, sport; car type new, demo, used;
 * price ranges numerically; the rest by count. Make lists show a Popular Makes group (the
 * first 20 makes) then All Makes, and a make card's model sub-list is capped at 30.
 */
import { compareText } from './text-order.ts';

/** A facet value as the sidebar shows it (spec §3 Facet item). */
export interface FacetItem {
  label: string;
  value: string;
  count: number;
  isRefined?: boolean;
}

const FIXED_ORDERS: Readonly<Record<string, readonly string[]>> = {
  series: ['duo', 'city', 'sport'],
  body_series: ['duo', 'city', 'sport'],
  car_type: ['new', 'demo', 'used'],
};

function byCountThenLabel(a: FacetItem, b: FacetItem): number {
  return b.count - a.count || compareText(a.label, b.label);
}

/** The lower bound of a price-range label ("$20,000 - $30,000" → 20000, "Under $10k" → 0). */
export function priceRangeLowerBound(label: string): number {
  const digits = /\d[\d,]*/.exec(label);
  return digits ? Number(digits[0].replace(/,/g, '')) : 0;
}

/**
 * The facet values of an attribute in the spec's order. Values of a fixed order come first
 * in that order (case-insensitive), unknown values after them by count.
 */
export function sortFacetItems<T extends FacetItem>(attribute: string, items: readonly T[]): T[] {
  const fixed = FIXED_ORDERS[attribute];
  if (fixed) {
    const rank = (item: T) => {
      const index = fixed.indexOf(item.value.toLowerCase());
      return index === -1 ? fixed.length : index;
    };
    return [...items].sort((a, b) => rank(a) - rank(b) || byCountThenLabel(a, b));
  }
  if (attribute === 'price_range' || attribute === 'weekly_price_range') {
    return [...items].sort((a, b) => priceRangeLowerBound(a.value) - priceRangeLowerBound(b.value));
  }
  if (attribute === 'year' || attribute === 'seats') {
    return [...items].sort((a, b) => Number(b.value) - Number(a.value));
  }
  return [...items].sort(byCountThenLabel);
}

/** Popular Makes (the `popularCount` makes with most cars) and All Makes (alphabetical). */
export function groupMakes<T extends FacetItem>(items: readonly T[], popularCount: number): { popular: T[]; all: T[] } {
  const popular = [...items].sort(byCountThenLabel).slice(0, popularCount);
  const all = [...items].sort((a, b) => compareText(a.label, b.label));
  return { popular, all };
}

/**
 * A make card's model sub-list from the make_model facet values ("Toyota Hilux" → "Hilux"),
 * most cars first, capped at `limit` (30 by default, spec §9).
 */
export function modelsOfMake<T extends FacetItem>(make: string, makeModels: readonly T[], limit: number): T[] {
  const prefix = `${make} `;
  return makeModels
    .filter((item) => item.value.startsWith(prefix))
    .map((item) => ({ ...item, label: item.value.slice(prefix.length) }))
    .sort(byCountThenLabel)
    .slice(0, limit);
}

/**
 * Facet values without `false` on certified-only sites (spec §5): the certified facet would
 * otherwise offer "not certified" on a site that has only certified cars.
 */
export function visibleFacetItems<T extends FacetItem>(attribute: string, items: readonly T[], certifiedOnly: boolean): T[] {
  if (certifiedOnly && attribute === 'certified') return items.filter((item) => item.value !== 'false');
  return [...items];
}
