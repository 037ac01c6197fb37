import { z } from 'zod';

/*
 * The subset of Algolia's search REST API that the site (through algoliasearch v5 and
 * react-instantsearch) and the embedded search engine share. Responses are parsed with these at
 * the edges (tests, tooling); hits stay open because records carry every CarSearchRecord field.
 */

/** facetFilters / numericFilters / tagFilters: outer list ANDed, inner lists ORed. */
export const FilterListSchema = z.union([z.string(), z.array(z.union([z.string(), z.array(z.string())]))]);
export type FilterList = z.infer<typeof FilterListSchema>;

/** The search parameters the embedded engine honours (see docs/search.md for the full list). */
export const SearchParamsSchema = z
  .object({
    query: z.string(),
    filters: z.string(),
    facetFilters: FilterListSchema,
    numericFilters: FilterListSchema,
    tagFilters: FilterListSchema,
    facets: z.union([z.string(), z.array(z.string())]),
    maxValuesPerFacet: z.int32().min(0).max(1000),
    sortFacetValuesBy: z.enum(['count', 'alpha']),
    hitsPerPage: z.int32().min(0).max(1000),
    page: z.int32().min(0),
    offset: z.int32().min(0),
    length: z.int32().min(0).max(1000),
    attributesToRetrieve: z.array(z.string()),
    attributesToHighlight: z.array(z.string()),
    attributesToSnippet: z.array(z.string()),
    highlightPreTag: z.string(),
    highlightPostTag: z.string(),
    responseFields: z.array(z.string()),
    analytics: z.boolean(),
    clickAnalytics: z.boolean(),
  })
  .partial();
export type SearchParams = z.infer<typeof SearchParamsSchema>;

/** One entry of a multi-query `POST /1/indexes/{*}/queries` body. */
export const SearchRequestSchema = SearchParamsSchema.extend({
  indexName: z.string().min(1),
  /** Urlencoded parameters, the older way of sending them; merged with the fields. */
  params: z.string().optional(),
  type: z.enum(['default', 'facet']).optional(),
  facet: z.string().optional(),
  facetQuery: z.string().optional(),
  maxFacetHits: z.int32().min(1).max(100).optional(),
});
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

/** Body of `POST /1/indexes/{*}/queries`. */
export const MultiSearchBodySchema = z.object({
  requests: z.array(SearchRequestSchema),
  strategy: z.enum(['none', 'stopIfEnoughMatches']).optional(),
});

/** Algolia's highlight of one attribute value. */
export const HighlightResultSchema = z.object({
  value: z.string(),
  matchLevel: z.enum(['none', 'partial', 'full']),
  matchedWords: z.array(z.string()),
  fullyHighlighted: z.boolean().optional(),
});
export type HighlightResult = z.infer<typeof HighlightResultSchema>;

/** Minimum and maximum (plus average and sum) of a numeric facet over the matching hits. */
export const FacetStatsSchema = z.object({ min: z.number(), max: z.number(), avg: z.number(), sum: z.number() });
export type FacetStats = z.infer<typeof FacetStatsSchema>;

/** A search hit: the record plus `objectID` and, when asked, `_highlightResult` / `_snippetResult`. */
export const BaseHitSchema = z
  .object({
    objectID: z.string(),
    _highlightResult: z.record(z.string(), z.union([HighlightResultSchema, z.array(HighlightResultSchema)])).optional(),
    _snippetResult: z.record(z.string(), z.union([HighlightResultSchema, z.array(HighlightResultSchema)])).optional(),
  })
  .loose();

/**
 * The hits/facets answer of one search, generic in its hit schema so callers can plug in
 * CarSearchRecordSchema.extend(...) when they want typed hits.
 */
export function searchResponseSchema<Hit extends z.ZodType>(hit: Hit) {
  return z
    .object({
      hits: z.array(hit),
      nbHits: z.int32().min(0),
      page: z.int32().min(0),
      nbPages: z.int32().min(0),
      hitsPerPage: z.int32().min(0),
      offset: z.int32().min(0).optional(),
      length: z.int32().min(0).optional(),
      exhaustiveNbHits: z.boolean(),
      exhaustiveFacetsCount: z.boolean().optional(),
      facets: z.record(z.string(), z.record(z.string(), z.int32())).optional(),
      facets_stats: z.record(z.string(), FacetStatsSchema).optional(),
      query: z.string(),
      params: z.string(),
      index: z.string().optional(),
      processingTimeMS: z.number().min(0),
      renderingContent: z.record(z.string(), z.unknown()).optional(),
    })
    .loose();
}

/** A search answer with open hits. */
export const SearchResponseSchema = searchResponseSchema(BaseHitSchema);
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** The answer of a search for facet values. */
export const FacetSearchResponseSchema = z.object({
  facetHits: z.array(z.object({ value: z.string(), highlighted: z.string(), count: z.int32().min(0) })),
  exhaustiveFacetsCount: z.boolean(),
  processingTimeMS: z.number().min(0).optional(),
});
export type FacetSearchResponse = z.infer<typeof FacetSearchResponseSchema>;

/** Answer of `POST /1/indexes/{*}/queries`, in request order. */
export const MultiSearchResponseSchema = z.object({
  results: z.array(z.union([SearchResponseSchema, FacetSearchResponseSchema])),
});
export type MultiSearchResponse = z.infer<typeof MultiSearchResponseSchema>;

/** Algolia's error answer; `message` names the problem (e.g. "filters: unexpected token ')' at position 17, …"). */
export const SearchErrorResponseSchema = z.object({ message: z.string(), status: z.int32() });
export type SearchErrorResponse = z.infer<typeof SearchErrorResponseSchema>;
