/*
 * Public face of the embedded, Algolia-compatible stock search. See docs/search.md for the
 * supported subset and docs/contracts.md for how the platform server mounts it.
 */
export { createSearchService, type SearchHttpResult, type SearchService } from './service.ts';
export { searchCorsHeaders, serveSearchRequest } from './http.ts';
export type { SearchRecord } from './columns.ts';
export { SearchError } from './errors.ts';
export {
  algoliaIndexSettings,
  algoliaSynonyms,
  CAR_INDEXES,
  CARS_INDEX,
  CUSTOM_RANKING,
  FACET_ATTRIBUTES,
  PAGINATION_LIMITED_TO,
  SEARCHABLE_ATTRIBUTES,
  type AlgoliaIndexSettings,
  type AlgoliaSynonym,
} from './settings.ts';
