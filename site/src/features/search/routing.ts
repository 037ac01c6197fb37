import type { UiState } from 'instantsearch.js';
import type { RouterHistory } from '@tanstack/react-router';
import { parseSearchUrl, searchUrl, type SearchRouteState, type SearchUrlContext, type SortKey } from '../../domain/search-url.ts';

/*
 * InstantSearch routing over the app's own history (TanStack Router's), so the search page and
 * the rest of the app agree on the location: refinements write the URL of spec §2 (domain
 * search-url.ts), back/forward and in-app links to other search URLs feed the state back.
 */

/** Sort key ↔ index name of this tenant. */
export interface SortIndexes {
  byKey: Record<SortKey, string>;
  defaultSort: SortKey;
}

/** InstantSearch's router contract (instantsearch.js `Router`). */
export interface SearchRouter {
  read(): SearchRouteState;
  write(route: SearchRouteState): void;
  createURL(route: SearchRouteState): string;
  onUpdate(callback: (route: SearchRouteState) => void): void;
  dispose(): void;
  /** The last location read: carries the dealership and unknown parameters into every write. */
  lastLocation(): SearchRouteState;
}

function hrefOf(location: { pathname: string; search?: string; searchStr?: string }): string {
  const search = location.searchStr ?? location.search ?? '';
  return `${location.pathname}${search}`;
}

/** A router that reads and writes search URLs through the app's history. */
export function createSearchRouter(history: RouterHistory, context: () => SearchUrlContext): SearchRouter {
  let lastRead: SearchRouteState | null = null;
  let lastWritten: string | null = null;
  let unsubscribe: (() => void) | null = null;
  const defaultSort = () => context().defaultSort ?? 'relevance';
  const read = () => {
    const location = history.location;
    lastRead = parseSearchUrl(location.pathname, location.search, context());
    return lastRead;
  };
  return {
    read,
    lastLocation: () => lastRead ?? read(),
    write(route) {
      // InstantSearch may write once more while the page unmounts; never leave another page's URL.
      if (!history.location.pathname.startsWith('/search')) return;
      const href = searchUrl(route, defaultSort());
      if (href === hrefOf(history.location)) return;
      lastWritten = href;
      lastRead = route;
      history.push(href);
    },
    createURL: (route) => searchUrl(route, defaultSort()),
    onUpdate(callback) {
      unsubscribe = history.subscribe(({ location }) => {
        const href = hrefOf(location);
        if (href === lastWritten) {
          lastWritten = null;
          return;
        }
        if (!location.pathname.startsWith('/search/')) return;
        callback(read());
      });
    },
    dispose() {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}

function parseRangeValue(value: string | undefined): { min?: number; max?: number } | null {
  if (!value) return null;
  const [low, high] = value.split(':');
  const range: { min?: number; max?: number } = {};
  if (low !== undefined && low !== '' && Number.isFinite(Number(low))) range.min = Number(low);
  if (high !== undefined && high !== '' && Number.isFinite(Number(high))) range.max = Number(high);
  return range.min === undefined && range.max === undefined ? null : range;
}

/** InstantSearch ui state → search URL state (the dealership and unknown parameters come from the location). */
export function uiStateToRoute(uiState: UiState, indexName: string, sorts: SortIndexes, location: SearchRouteState): SearchRouteState {
  const index = uiState[indexName] ?? {};
  const sortKey = (Object.entries(sorts.byKey).find(([, name]) => name === index.sortBy)?.[0] as SortKey | undefined) ?? sorts.defaultSort;
  const lists: Record<string, string[]> = {};
  for (const [attribute, values] of Object.entries(index.refinementList ?? {})) {
    if (values.length > 0) lists[attribute] = [...values];
  }
  const ranges: SearchRouteState['ranges'] = {};
  for (const [attribute, value] of Object.entries(index.range ?? {})) {
    const range = parseRangeValue(value);
    if (range) ranges[attribute] = range;
  }
  const route: SearchRouteState = {
    query: index.query ?? '',
    page: index.page ?? 1,
    sortBy: sortKey,
    lists,
    ranges,
    extra: location.extra,
  };
  const priceRange = index.menu?.price_range;
  if (priceRange) route.priceRange = priceRange;
  if (location.dealership) route.dealership = location.dealership;
  return route;
}

/** Search URL state → InstantSearch ui state of the root index. */
export function routeToUiState(route: SearchRouteState, indexName: string, sorts: SortIndexes): UiState {
  const range: Record<string, string> = {};
  for (const [attribute, value] of Object.entries(route.ranges)) {
    range[attribute] = `${value.min ?? ''}:${value.max ?? ''}`;
  }
  const index: UiState[string] = {};
  if (route.query) index.query = route.query;
  if (route.page > 1) index.page = route.page;
  if (route.sortBy !== sorts.defaultSort) index.sortBy = sorts.byKey[route.sortBy];
  if (Object.keys(route.lists).length > 0) index.refinementList = route.lists;
  if (Object.keys(range).length > 0) index.range = range;
  if (route.priceRange) index.menu = { price_range: route.priceRange };
  return { [indexName]: index };
}
