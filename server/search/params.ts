import { SearchError } from './errors.ts';
import { DEFAULT_TYPO_SETTINGS, type TypoSettings } from './typo.ts';

/*
 * Search parameters arrive either as JSON fields or as one urlencoded `params` string (older
 * clients, GET requests); both are turned into one checked SearchParams here. Unknown parameters
 * are refused with 400 as Algolia does, so a typo fails loudly instead of being silently ignored.
 */

/** The parsed, checked parameters of one search. */
export interface SearchParams {
  query: string;
  filters: string;
  facetFilters: unknown;
  numericFilters: unknown;
  tagFilters: unknown;
  facets: string[];
  maxValuesPerFacet: number;
  sortFacetValuesBy: 'count' | 'alpha';
  hitsPerPage: number;
  page: number;
  offset: number | undefined;
  length: number | undefined;
  attributesToRetrieve: string[];
  attributesToHighlight: string[] | undefined;
  attributesToSnippet: string[];
  highlightPreTag: string;
  highlightPostTag: string;
  responseFields: string[];
  /** Search-for-facet-values fields (multi-query requests with `type: 'facet'`). */
  facet: string | undefined;
  facetQuery: string;
  maxFacetHits: number;
  /** typoTolerance, minWordSizefor1Typo, minWordSizefor2Typos, allowTyposOnNumericTokens. */
  typo: TypoSettings;
  /** The parameters as received, re-encoded for the response's `params`. */
  raw: Record<string, unknown>;
}

type Kind = 'string' | 'int' | 'bool' | 'list' | 'filters' | 'any';

const KNOWN: Record<string, Kind> = {
  query: 'string',
  filters: 'string',
  facetFilters: 'filters',
  numericFilters: 'filters',
  tagFilters: 'filters',
  facets: 'list',
  maxValuesPerFacet: 'int',
  sortFacetValuesBy: 'string',
  hitsPerPage: 'int',
  page: 'int',
  offset: 'int',
  length: 'int',
  attributesToRetrieve: 'list',
  attributesToHighlight: 'list',
  attributesToSnippet: 'list',
  highlightPreTag: 'string',
  highlightPostTag: 'string',
  responseFields: 'list',
  facet: 'string',
  facetQuery: 'string',
  maxFacetHits: 'int',
  typoTolerance: 'any',
  minWordSizefor1Typo: 'int',
  minWordSizefor2Typos: 'int',
  allowTyposOnNumericTokens: 'bool',
};

/** Real Algolia parameters that change nothing in this engine (analytics, typo and language tuning…). */
const ACCEPTED_AND_IGNORED = new Set([
  'analytics', 'clickAnalytics', 'analyticsTags', 'userToken', 'getRankingInfo', 'enablePersonalization',
  'personalizationImpact', 'enableABTest', 'enableRules', 'enableReRanking', 'ruleContexts', 'synonyms',
  'replaceSynonymsInHighlight', 'disableTypoToleranceOnAttributes', 'ignorePlurals', 'removeStopWords',
  'queryLanguages', 'naturalLanguages', 'decompoundQuery', 'advancedSyntax', 'advancedSyntaxFeatures',
  'optionalWords', 'removeWordsIfNoResults', 'exactOnSingleWordQuery', 'alternativesAsExact',
  'disableExactOnAttributes', 'minProximity', 'distinct', 'facetingAfterDistinct', 'percentileComputation',
  'explain', 'sumOrFiltersScores', 'relevancyStrictness', 'attributeCriteriaComputedByMinProximity',
  'queryType', 'mode', 'semanticSearch', 'reRankingApplyFilter', 'optionalFilters', 'snippetEllipsisText',
  'restrictHighlightAndSnippetArrays', 'exhaustiveFacetsCount', 'similarQuery', 'aroundLatLngViaIP',
  'renderingContent', 'enableAutoTranslation', 'hitsPerPageLimitedTo',
]);

/** Real Algolia parameters this engine cannot honour; refusing them beats returning wrong results. */
const UNSUPPORTED = new Set([
  'aroundLatLng', 'aroundRadius', 'aroundPrecision', 'minimumAroundRadius', 'insideBoundingBox',
  'insidePolygon', 'restrictSearchableAttributes', 'attributesToSnippetOnly', 'customRanking', 'ranking',
]);

/** Keys the clients add to every request that are not search parameters. */
function isTransportKey(key: string): boolean {
  return key.toLowerCase().startsWith('x-algolia-') || key === 'indexName' || key === 'type';
}

function decodeParamsString(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) out[key] = value;
  return out;
}

function toInt(name: string, value: unknown, min: number, max: number): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number)) throw new SearchError(`${name}: expected an integer, got ${JSON.stringify(value)}`);
  if (number < min || number > max) throw new SearchError(`${name}: must be between ${min} and ${max}, got ${number}`);
  return number;
}

function toStringValue(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new SearchError(`${name}: expected a string, got ${Array.isArray(value) ? 'an array' : typeof value}`);
}

function toBool(name: string, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new SearchError(`${name}: expected true or false, got ${JSON.stringify(value)}`);
}

function toTypoTolerance(value: unknown): TypoSettings['typoTolerance'] {
  if (value === 'min' || value === 'strict') return value;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new SearchError(`typoTolerance: expected true, false, 'min' or 'strict', got ${JSON.stringify(value)}`);
}

function toList(name: string, value: unknown): string[] {
  let list = value;
  if (typeof list === 'string') {
    const trimmed = list.trim();
    if (trimmed.startsWith('[')) {
      try {
        list = JSON.parse(trimmed);
      } catch {
        throw new SearchError(`${name}: invalid JSON array`);
      }
    } else {
      return trimmed === '' ? [] : trimmed.split(',').map((part) => part.trim()).filter((part) => part !== '');
    }
  }
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) {
    throw new SearchError(`${name}: expected a list of strings`);
  }
  return list as string[];
}

/**
 * Merges a request's `params` string (if any) with its JSON fields and checks every parameter.
 * `defaults` carries index settings such as the highlight tags.
 */
export function parseSearchParams(request: Record<string, unknown>): SearchParams {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) {
    if (key === 'params') {
      if (typeof value === 'string') Object.assign(merged, decodeParamsString(value));
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(merged, value);
      else if (value !== undefined) throw new SearchError('params: expected a urlencoded string or an object');
    } else if (value !== undefined) {
      merged[key] = value;
    }
  }

  const params: SearchParams = {
    query: '',
    filters: '',
    facetFilters: undefined,
    numericFilters: undefined,
    tagFilters: undefined,
    facets: [],
    maxValuesPerFacet: 100,
    sortFacetValuesBy: 'count',
    hitsPerPage: 20,
    page: 0,
    offset: undefined,
    length: undefined,
    attributesToRetrieve: ['*'],
    attributesToHighlight: undefined,
    attributesToSnippet: [],
    highlightPreTag: '<em>',
    highlightPostTag: '</em>',
    responseFields: ['*'],
    facet: undefined,
    facetQuery: '',
    maxFacetHits: 10,
    typo: { ...DEFAULT_TYPO_SETTINGS },
    raw: {},
  };

  for (const [key, value] of Object.entries(merged)) {
    if (isTransportKey(key) || value === undefined) continue;
    if (ACCEPTED_AND_IGNORED.has(key)) {
      params.raw[key] = value;
      continue;
    }
    if (UNSUPPORTED.has(key)) throw new SearchError(`Unsupported parameter: ${key} (not available in the embedded search)`);
    const kind = KNOWN[key];
    if (kind === undefined) throw new SearchError(`Unknown parameter: ${key}`);
    params.raw[key] = value;
    switch (key) {
      case 'query':
      case 'filters':
      case 'highlightPreTag':
      case 'highlightPostTag':
      case 'facetQuery':
        params[key] = toStringValue(key, value);
        break;
      case 'facet':
        params.facet = toStringValue(key, value);
        break;
      case 'sortFacetValuesBy': {
        const sort = toStringValue(key, value);
        if (sort !== 'count' && sort !== 'alpha') {
          throw new SearchError(`sortFacetValuesBy: expected 'count' or 'alpha', got ${JSON.stringify(sort)}`);
        }
        params.sortFacetValuesBy = sort;
        break;
      }
      case 'facetFilters':
      case 'numericFilters':
      case 'tagFilters':
        params[key] = value;
        break;
      case 'facets':
      case 'attributesToRetrieve':
      case 'attributesToSnippet':
      case 'responseFields':
        params[key] = toList(key, value);
        break;
      case 'attributesToHighlight':
        params.attributesToHighlight = toList(key, value);
        break;
      case 'maxValuesPerFacet':
        params.maxValuesPerFacet = toInt(key, value, 0, 1000);
        break;
      case 'hitsPerPage':
        params.hitsPerPage = toInt(key, value, 0, 1000);
        break;
      case 'page':
        params.page = toInt(key, value, 0, 1_000_000);
        break;
      case 'offset':
        params.offset = toInt(key, value, 0, 1_000_000);
        break;
      case 'length':
        params.length = toInt(key, value, 0, 1000);
        break;
      case 'maxFacetHits':
        params.maxFacetHits = toInt(key, value, 1, 100);
        break;
      case 'typoTolerance':
        params.typo.typoTolerance = toTypoTolerance(value);
        break;
      case 'minWordSizefor1Typo':
      case 'minWordSizefor2Typos':
        params.typo[key] = toInt(key, value, 1, 100);
        break;
      case 'allowTyposOnNumericTokens':
        params.typo.allowTyposOnNumericTokens = toBool(key, value);
        break;
    }
  }
  return params;
}

/** Encoded `key=value` pieces by key and value text: a UI sends the same parameters with every request. */
const encodedPieces = new Map<string, string>();
const ENCODED_PIECES_LIMIT = 4096;

/** Re-encodes received parameters as the urlencoded `params` string Algolia echoes back. */
export function encodeParams(raw: Record<string, unknown>): string {
  let out = '';
  for (const key in raw) {
    const value = raw[key];
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const cacheKey = `${key}\u0000${text}`;
    let piece = encodedPieces.get(cacheKey);
    if (piece === undefined) {
      piece = `${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
      if (encodedPieces.size >= ENCODED_PIECES_LIMIT) encodedPieces.clear();
      encodedPieces.set(cacheKey, piece);
    }
    out += out === '' ? piece : `&${piece}`;
  }
  return out;
}
