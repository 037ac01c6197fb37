import { DEFAULT_TYPO_SETTINGS } from './typo.ts';

/*
 * The stock index settings, in Algolia's own format: the embedded engine reads them, and
 * scripts/export-algolia.ts writes them out for a production push, so both backends rank and
 * facet the same way.
 */

/** Name of the primary stock index. */
export const CARS_INDEX = 'cars';

/** How one index (primary or replica) orders its hits. */
export interface IndexOrder {
  /** Sort attribute applied before the custom ranking; absent for the primary index. */
  sort?: { attribute: string; direction: 'asc' | 'desc' };
}

/** Every stock index name the engine answers to, with its ordering. */
export const CAR_INDEXES: Readonly<Record<string, IndexOrder>> = {
  cars: {},
  cars_latest: { sort: { attribute: 'created_at', direction: 'desc' } },
  cars_price_desc: { sort: { attribute: 'price', direction: 'desc' } },
  cars_price_asc: { sort: { attribute: 'price', direction: 'asc' } },
};

/**
 * Attributes the query text matches, in Algolia's order of importance. Body, fuel and drive are
 * there so "ute", "diesel" or "4wd" (and their synonyms: "pick-up", "4x4") find cars.
 */
export const SEARCHABLE_ATTRIBUTES = ['make', 'model', 'badge', 'series', 'year', 'name', 'simple_body', 'simple_fuel', 'simple_drive', 'stocknum'] as const;

/** Identifiers match as typed: a typo in a stock number must not find another car. */
export const TYPO_FREE_ATTRIBUTES = ['stocknum'] as const;

/** Attributes that can be faceted and filtered (what `facets: ['*']` expands to). */
export const FACET_ATTRIBUTES = [
  'car_type',
  'status',
  'make',
  'model',
  'make_model',
  'badge',
  'series',
  'year',
  'price',
  'km',
  'subscription_price',
  'weekly_price',
  'price_range',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'simple_drive',
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
  'seats',
  'doors',
  'location_name',
  'location_id',
  'dealership_name',
  'dealership_slug',
  'dealership_id',
  'city',
  'state',
  'certified',
  'reserved',
  'sold',
  'preorder',
  'tag',
  'item_type',
  'categories',
  'filtered_features',
  'show_on_dealer_website',
  'stocknum',
  'slug',
  'created_at',
  'created_at_timestamp',
  'sold_date_timestamp',
] as const;

/**
 * Attributes only filtered by, never faceted: whether a car is the platform's sample stock (a
 * launched site's stock filter leaves it out). Algolia filters only on declared attributes.
 */
export const FILTER_ONLY_ATTRIBUTES = ['sample_stock'] as const;

/**
 * Custom ranking of the primary index: `rank` descending, newer cars first on ties, then
 * objectID so the order is total and stable.
 */
export const CUSTOM_RANKING = ['desc(rank)', 'desc(created_at)'] as const;

/** Algolia's default page limit, kept so paging behaves the same against both backends. */
export const PAGINATION_LIMITED_TO = 1000;

/** Index settings of one index in Algolia's settings-API format. */
export interface AlgoliaIndexSettings {
  searchableAttributes: string[];
  attributesForFaceting: string[];
  customRanking: string[];
  ranking?: string[];
  replicas?: string[];
  paginationLimitedTo: number;
  queryType: 'prefixLast';
  typoTolerance: true;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  disableTypoToleranceOnAttributes: string[];
  highlightPreTag: string;
  highlightPostTag: string;
}

const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

/**
 * Settings for the `cars` index and its sort replicas, ready to send with Algolia's
 * `setSettings` (primary first; each replica puts its sort criterion in front of the ranking).
 */
export function algoliaIndexSettings(): Record<string, AlgoliaIndexSettings> {
  const base = {
    searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
    attributesForFaceting: [...FACET_ATTRIBUTES.map((name) => `searchable(${name})`), ...FILTER_ONLY_ATTRIBUTES.map((name) => `filterOnly(${name})`)],
    customRanking: [...CUSTOM_RANKING],
    paginationLimitedTo: PAGINATION_LIMITED_TO,
    queryType: 'prefixLast' as const,
    typoTolerance: true as const,
    minWordSizefor1Typo: DEFAULT_TYPO_SETTINGS.minWordSizefor1Typo,
    minWordSizefor2Typos: DEFAULT_TYPO_SETTINGS.minWordSizefor2Typos,
    disableTypoToleranceOnAttributes: [...TYPO_FREE_ATTRIBUTES],
    highlightPreTag: '<em>',
    highlightPostTag: '</em>',
  };
  const out: Record<string, AlgoliaIndexSettings> = {};
  for (const [name, order] of Object.entries(CAR_INDEXES)) {
    if (order.sort === undefined) {
      out[name] = { ...base, replicas: Object.keys(CAR_INDEXES).filter((other) => other !== name) };
    } else {
      out[name] = { ...base, ranking: [`${order.sort.direction}(${order.sort.attribute})`, ...DEFAULT_RANKING] };
    }
  }
  return out;
}

/** One Algolia synonym object (regular, multi-way), as `saveSynonyms` takes it. */
export interface AlgoliaSynonym {
  objectID: string;
  type: 'synonym';
  synonyms: string[];
}

/**
 * A tenant's `search.synonyms` as Algolia synonym objects, so the production index expands
 * queries as the embedded engine does (push them with `saveSynonyms` on the `cars` index,
 * `forwardToReplicas: true`).
 */
export function algoliaSynonyms(groups: readonly (readonly string[])[]): AlgoliaSynonym[] {
  return groups.map((group, i) => ({ objectID: `tenant-synonym-${i + 1}`, type: 'synonym', synonyms: [...group] }));
}
