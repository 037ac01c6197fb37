import { toSlug } from './navigation.ts';
import { formatMoney } from '../../../schema/number-format.ts';

/*
 * The search page's URL rules (spec §2): car type, make and make-model refinements are path
 * segments, every other refinement is a query parameter, the page is written only when it is
 * not 1, price-range menu values lose their currency symbols and commas, and the root search
 * path without parameters applies nothing. Parameters this page does not know (utm_*, gclid…)
 * are carried through every change untouched.
 */

/** Sort option keys (tenant `search.sortOptions`). */
export type SortKey = 'relevance' | 'latest' | 'price_desc' | 'price_asc';

/** A numeric refinement; an absent end is open. */
export interface NumericRange {
  min?: number;
  max?: number;
}

/** Everything the search page's URL encodes. */
export interface SearchRouteState {
  /** Search text; '' when none. */
  query: string;
  /** 1-based page number. */
  page: number;
  sortBy: SortKey;
  /** Checkbox refinements by facet attribute (car_type, make, make_model, simple_body, …). */
  lists: Record<string, string[]>;
  /** Range refinements by attribute (price, subscription_price, year, km, …). */
  ranges: Record<string, NumericRange>;
  /** Selected price-range menu value in the record's label form, e.g. "$20,000 - $30,000". */
  priceRange?: string;
  /** Dealership slug of /search/{dealership_slug}. */
  dealership?: string;
  /** Query parameters this page does not own, in their original order. */
  extra: [string, string][];
}

/** What the parser needs to know about the site and its stock. */
export interface SearchUrlContext {
  /** The tenant's dealership slugs (the /search/{dealership_slug} form wins over a make). */
  dealershipSlugs: readonly string[];
  /** Known make facet values, to turn 'mercedes-benz' back into 'Mercedes-Benz'. */
  makes?: readonly string[];
  /** Known make_model facet values, to turn 'toyota/land-cruiser' into 'Toyota Land Cruiser'. */
  makeModels?: readonly string[];
  /** The tenant's first sort option; it is the default and never written. */
  defaultSort?: SortKey;
}

/** The default search path (spec §2). */
export const DEFAULT_SEARCH_PATH = '/search/new-used-and-demo-cars/';

/** The attributes whose refinements are numeric ranges in the URL. */
export const RANGE_ATTRIBUTES = ['price', 'subscription_price', 'year', 'km', 'weekly_price', 'created_at_timestamp'] as const;

/**
 * URL parameter of each checkbox-list attribute: the refinement-state names of spec §3 (the
 * simple_* facets are `body`, `fuel`, `transmission` and `drive` in the URL).
 */
export const LIST_PARAMS: Readonly<Record<string, string>> = {
  car_type: 'car_type',
  make: 'make',
  make_model: 'make_model',
  model: 'model',
  badge: 'badge',
  status: 'status',
  categories: 'categories',
  city: 'city',
  colour: 'colour',
  dealership_name: 'dealership_name',
  filtered_features: 'filtered_features',
  item_type: 'item_type',
  location_name: 'location_name',
  seats: 'seats',
  simple_body: 'body',
  simple_drive: 'drive',
  simple_fuel: 'fuel',
  simple_transmission: 'transmission',
  state: 'state',
  tag: 'tag',
  certified: 'certified',
  series: 'series',
};

const PARAM_TO_LIST = new Map(Object.entries(LIST_PARAMS).map(([attribute, param]) => [param, attribute]));
const RANGE_SET = new Set<string>(RANGE_ATTRIBUTES);
const SORT_KEYS: readonly SortKey[] = ['relevance', 'latest', 'price_desc', 'price_asc'];
const OWN_PARAMS = new Set(['query', 'page', 'sortBy', 'price_range', ...PARAM_TO_LIST.keys(), ...RANGE_ATTRIBUTES]);

// A Map, not an object: a path segment such as "constructor" or "__proto__" must not find an
// inherited property and be read as a list of car types.
const CAR_TYPE_SEGMENTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['new-used-and-demo-cars', []],
  ['used-cars', ['used']],
  ['new-cars', ['new']],
  ['demo-cars', ['demo']],
  ['new-and-demo-cars', ['new', 'demo']],
]);

/** A state with nothing applied. */
export function emptySearchState(defaultSort: SortKey = 'relevance'): SearchRouteState {
  return { query: '', page: 1, sortBy: defaultSort, lists: {}, ranges: {}, extra: [] };
}

/**
 * Price-range menu value in its URL form: currency symbols, commas and spaces removed
 * ("$20,000 - $30,000" → "20000-30000", "$150,000+" → "150000+").
 */
export function priceRangeToParam(label: string): string {
  return label.replace(/[$,\s]/g, '');
}

function money(digits: string): string {
  return formatMoney(Number(digits));
}

/** The record's label form of a price-range URL value ("20000-30000" → "$20,000 - $30,000"). */
export function priceRangeFromParam(param: string): string {
  const span = /^(\d+)-(\d+)$/.exec(param);
  if (span) return `${money(span[1] as string)} - ${money(span[2] as string)}`;
  const open = /^(\d+)\+$/.exec(param);
  if (open) return `${money(open[1] as string)}+`;
  return param;
}

function titleCaseSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The make facet value of a path segment, from the known makes when possible. */
export function makeFromSlug(slug: string, makes: readonly string[] = []): string {
  return makes.find((make) => toSlug(make) === slug) ?? titleCaseSlug(slug);
}

/** The make_model facet value of a make and a model path segment. */
export function makeModelFromSlug(make: string, modelSlug: string, makeModels: readonly string[] = []): string {
  const prefix = `${make} `;
  const known = makeModels.find((value) => value.startsWith(prefix) && toSlug(value.slice(prefix.length)) === modelSlug);
  return known ?? `${make} ${titleCaseSlug(modelSlug)}`;
}

function parseRange(value: string): NumericRange | null {
  const match = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(value.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const range: NumericRange = {};
  if (match[1] !== undefined) range.min = Number(match[1]);
  if (match[2] !== undefined) range.max = Number(match[2]);
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) return null;
  return range;
}

function formatRange(range: NumericRange): string | null {
  if (range.min === undefined && range.max === undefined) return null;
  return `${range.min ?? ''}-${range.max ?? ''}`;
}

function addList(lists: Record<string, string[]>, attribute: string, value: string) {
  const values = lists[attribute] ?? [];
  if (!values.includes(value)) values.push(value);
  lists[attribute] = values;
}

/** Query-string pairs (application/x-www-form-urlencoded; no DOM types in domain code). */
function readQuery(search: string): [string, string][] {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const pairs: [string, string][] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    pairs.push([decodeQueryPart(rawKey), decodeQueryPart(rawValue)]);
  }
  return pairs;
}

function decodeQueryPart(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray % (hand-edited link) keeps its raw text rather than breaking the page.
    return spaced;
  }
}

function encodeQueryPart(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

function writeQuery(pairs: readonly [string, string][]): string {
  const encode = encodeQueryPart;
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/**
 * The search state of a URL. Unknown path segments are read as a make (and model), so a
 * shared link keeps working even for stock that has since sold; malformed parameters are
 * dropped instead of breaking the page.
 * @param pathname e.g. "/search/used-cars/toyota/hilux"
 * @param search the query string, with or without '?'
 */
export function parseSearchUrl(pathname: string, search: string, context: SearchUrlContext): SearchRouteState {
  const state = emptySearchState(context.defaultSort);
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment).toLowerCase());
  if (segments[0] === 'search') segments.shift();

  if (segments[0] !== undefined && context.dealershipSlugs.includes(segments[0])) {
    state.dealership = segments.shift();
  }
  const carTypes = segments[0] === undefined ? undefined : CAR_TYPE_SEGMENTS.get(segments[0]);
  if (carTypes) {
    segments.shift();
    for (const type of carTypes) addList(state.lists, 'car_type', type);
  }
  const [makeSlug, modelSlug] = segments;
  if (makeSlug) {
    const make = makeFromSlug(makeSlug, context.makes);
    addList(state.lists, 'make', make);
    if (modelSlug) addList(state.lists, 'make_model', makeModelFromSlug(make, modelSlug, context.makeModels));
  }

  for (const [key, value] of readQuery(search)) {
    if (!OWN_PARAMS.has(key)) {
      state.extra.push([key, value]);
      continue;
    }
    if (key === 'query') state.query = value;
    else if (key === 'page') {
      const page = Number(value);
      state.page = Number.isInteger(page) && page >= 1 ? page : 1;
    } else if (key === 'sortBy') {
      if ((SORT_KEYS as readonly string[]).includes(value)) state.sortBy = value as SortKey;
    } else if (key === 'price_range') {
      if (value) state.priceRange = priceRangeFromParam(value);
    } else if (RANGE_SET.has(key)) {
      const range = parseRange(value);
      if (range) state.ranges[key] = range;
    } else {
      const attribute = PARAM_TO_LIST.get(key);
      if (attribute && value !== '') addList(state.lists, attribute, value);
    }
  }
  return state;
}

/** What a search path is to the site: a page, a page kept out of search engines, or no page. */
export type SearchPathStanding = 'page' | 'noindex' | 'missing';

/**
 * What a search path is (spec §2's search variants: an optional dealership slug, an optional
 * car-type segment, a make, a model of it). A make the site does not know (not in its stock, not
 * a dealership's franchise, `context.makes`), or more segments than the variants have, is no page
 * of the site: 404, so text under /search/ cannot become a page titled with it. A model of a known
 * make that is not in stock (`context.makeModels`) is a page — an offer or a model page may link
 * there while none is in stock, and the shopper sees the empty state — but one search engines are
 * told not to index.
 * @param pathname the URL path (`/search/...`)
 * @param context the site's dealerships, makes and make-models
 */
export function searchPathStanding(pathname: string, context: SearchUrlContext): SearchPathStanding {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return '\u0000';
      }
    });
  if (segments[0] === 'search') segments.shift();
  if (segments[0] !== undefined && context.dealershipSlugs.includes(segments[0])) segments.shift();
  if (segments[0] !== undefined && CAR_TYPE_SEGMENTS.has(segments[0])) segments.shift();
  const [makeSlug, modelSlug, ...rest] = segments;
  if (rest.length > 0) return 'missing';
  if (makeSlug === undefined) return 'page';
  const make = (context.makes ?? []).find((value) => toSlug(value) === makeSlug);
  if (make === undefined) return 'missing';
  if (modelSlug === undefined) return 'page';
  return (context.makeModels ?? []).some((value) => value.startsWith(`${make} `) && toSlug(value.slice(make.length + 1)) === modelSlug) ? 'page' : 'noindex';
}

function carTypeSegment(carTypes: readonly string[]): string | null | undefined {
  const set = [...new Set(carTypes)].sort().join(',');
  if (set === '' || set === 'demo,new,used') return null;
  for (const [segment, types] of CAR_TYPE_SEGMENTS) {
    if (types.length > 0 && [...types].sort().join(',') === set) return segment;
  }
  return undefined;
}

/**
 * The URL (path and query) of a search state: the inverse of `parseSearchUrl`.
 * Only a single make (and a single model of it) can be a path segment; more go to the query.
 */
export function searchUrl(state: SearchRouteState, defaultSort: SortKey = 'relevance'): string {
  const path: string[] = [];
  const params: [string, string][] = [];
  if (state.query) params.push(['query', state.query]);

  if (state.dealership) path.push(state.dealership);
  const carTypes = state.lists.car_type ?? [];
  const segment = carTypeSegment(carTypes);
  if (segment) path.push(segment);

  const makes = state.lists.make ?? [];
  const makeModels = state.lists.make_model ?? [];
  let makeInPath: string | undefined;
  let modelInPath: string | undefined;
  if (makes.length === 1) {
    makeInPath = makes[0] as string;
    path.push(toSlug(makeInPath));
    const ownModels = makeModels.filter((value) => value.startsWith(`${makeInPath} `));
    if (makeModels.length === 1 && ownModels.length === 1) {
      modelInPath = ownModels[0] as string;
      path.push(toSlug(modelInPath.slice(makeInPath.length + 1)));
    }
  }

  for (const [attribute, param] of Object.entries(LIST_PARAMS)) {
    const values = state.lists[attribute] ?? [];
    if (attribute === 'car_type' && segment !== undefined) continue;
    if (attribute === 'make' && makeInPath !== undefined) continue;
    if (attribute === 'make_model' && modelInPath !== undefined) continue;
    for (const value of values) params.push([param, value]);
  }
  for (const attribute of RANGE_ATTRIBUTES) {
    const range = state.ranges[attribute];
    const text = range ? formatRange(range) : null;
    if (text) params.push([attribute, text]);
  }
  if (state.priceRange) params.push(['price_range', priceRangeToParam(state.priceRange)]);
  if (state.sortBy !== defaultSort) params.push(['sortBy', state.sortBy]);
  if (state.page > 1) params.push(['page', String(state.page)]);
  for (const [key, value] of state.extra) params.push([key, value]);

  const pathname = path.length === 0 ? DEFAULT_SEARCH_PATH : `/search/${path.join('/')}`;
  const query = writeQuery(params);
  return query ? `${pathname}?${query}` : pathname;
}

/** Whether a state applies any refinement, text or non-default sort (the Clear Filters test). */
export function hasRefinements(state: SearchRouteState, defaultSort: SortKey = 'relevance'): boolean {
  return (
    state.query !== '' ||
    state.sortBy !== defaultSort ||
    state.priceRange !== undefined ||
    Object.values(state.lists).some((values) => values.length > 0) ||
    Object.values(state.ranges).some((range) => range.min !== undefined || range.max !== undefined)
  );
}

/** The car types a state is refined to (all three when none is chosen). */
export function refinedCarTypes(state: SearchRouteState): ('new' | 'demo' | 'used')[] {
  const chosen = (state.lists.car_type ?? []).filter((t): t is 'new' | 'demo' | 'used' => t === 'new' || t === 'demo' || t === 'used');
  return chosen.length > 0 ? chosen : ['new', 'demo', 'used'];
}
