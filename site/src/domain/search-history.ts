/*
 * Search history on the device (spec §3, §9): the latest 5 searches, each its refinements
 * plus path. Newest first; repeating a search moves it to the front instead of duplicating it.
 */

/** One remembered search. */
export interface SearchHistoryEntry {
  /** Path and query of the search, e.g. "/search/used-cars/toyota?price=-30000". */
  path: string;
  /** Human-readable refinements in the applied filters' words, e.g. ["Used", "Toyota", "Price: Up to $30,000"]. */
  refinements: string[];
  /** Unix milliseconds of the search. */
  at: number;
}

/** Default history length (spec §9). */
export const SEARCH_HISTORY_LENGTH = 5;

/** The history with `entry` added at the front, de-duplicated by path, capped at `limit`. */
export function addSearchHistory(
  history: readonly SearchHistoryEntry[],
  entry: SearchHistoryEntry,
  limit: number = SEARCH_HISTORY_LENGTH,
): SearchHistoryEntry[] {
  if (limit <= 0) return [];
  return [entry, ...history.filter((item) => item.path !== entry.path)].slice(0, limit);
}

/**
 * History read back from storage: anything malformed is dropped, so a corrupted or older
 * stored value never breaks the page.
 */
export function parseSearchHistory(raw: unknown, limit: number = SEARCH_HISTORY_LENGTH): SearchHistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (item): item is SearchHistoryEntry =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as SearchHistoryEntry).path === 'string' &&
        (item as SearchHistoryEntry).path.startsWith('/search') &&
        Array.isArray((item as SearchHistoryEntry).refinements) &&
        typeof (item as SearchHistoryEntry).at === 'number',
    )
    .slice(0, Math.max(0, limit));
}
