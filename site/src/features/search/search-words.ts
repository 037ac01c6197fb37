import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { itemNoun } from '../../domain/item-noun.ts';
import { type SortKey } from '../../domain/search-url.ts';
import { modelFacetLabel, singleMakeOf } from '../../domain/single-make.ts';
import { formatMoney, formatNumber } from '../../../../schema/number-format.ts';
import { conditionLabel } from '../../domain/vehicle-facts.ts';

/*
 * The search page's words: sort and facet names, and how a facet value or a slider value reads.
 */

/** The sort options' names. */
export const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Most relevant',
  latest: 'Latest',
  price_desc: 'Highest price',
  price_asc: 'Lowest price',
};

/** The facets' headings (and the words of their applied-filter chips). */
export const FACET_TITLES: Record<string, string> = {
  car_type: 'Condition',
  make: 'Make',
  make_model: 'Model',
  price: 'Price',
  subscription_price: 'Subscription',
  year: 'Year',
  km: 'Kilometres',
  simple_body: 'Body type',
  simple_fuel: 'Fuel',
  simple_transmission: 'Transmission',
  simple_drive: 'Drive',
  colour: 'Colour',
  seats: 'Seats',
  location_name: 'Location',
  state: 'State',
  certified: 'Certified',
  tag: 'Tag',
  item_type: 'Type',
  series: 'Series',
  price_range: 'Price range',
};

/** The facets drawn as range sliders. */
export const SLIDERS = new Set(['price', 'subscription_price', 'year', 'km']);

/** What the site calls one item of its stock ('car', 'caravan'). */
export function nounOf(tenant: ResolvedTenant): string {
  return itemNoun(tenant.search.itemType).one;
}

/** The one make a single-make site sells (domain single-make.ts), or null. */
export function tenantSingleMake(tenant: ResolvedTenant): string | null {
  return singleMakeOf(
    tenant.dealer.dealerships.map((d) => d.makes),
    tenant.dealer.manufacturer,
  );
}

/** How a facet value reads to a shopper (conditions by the site's labels, models without the single make). */
export function facetLabel(tenant: ResolvedTenant, attribute: string, value: string): string {
  if (attribute === 'car_type') return conditionLabel(tenant.labels, value);
  if (attribute === 'certified') return value === 'true' ? 'Certified' : 'Not certified';
  if (attribute === 'make_model') return modelFacetLabel(value, tenantSingleMake(tenant));
  return value;
}

/**
 * How one applied refinement reads to a shopper, on its chip and in the recent searches:
 * "Toyota", "Certified", or a slider's end as "Price: From $6,000" / "Kilometres: Up to 80,000 km".
 */
export function refinementLabel(
  tenant: ResolvedTenant,
  attribute: string,
  refinement: { type: string; operator?: string; value: string | number },
): string {
  if (refinement.type !== 'numeric') return facetLabel(tenant, attribute, String(refinement.value));
  const end = refinement.operator === '>=' ? 'From' : 'Up to';
  return `${FACET_TITLES[attribute] ?? attribute}: ${end} ${formatSliderValue(attribute, Number(refinement.value))}`;
}

/** A slider's value as text: money for prices, km for kilometres. */
export function formatSliderValue(attribute: string, value: number): string {
  if (attribute === 'price' || attribute === 'subscription_price') return formatMoney(value);
  if (attribute === 'km') return `${formatNumber(value)} km`;
  return String(value);
}
