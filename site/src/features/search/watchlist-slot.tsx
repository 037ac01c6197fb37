import { createContext, useContext, type ComponentType } from 'react';

/** Props the search card gives the watchlist control (spec §2 card: favourite/compare/watchlist control). */
export interface SearchWatchlistControlProps {
  car: { id: number; title: string; available: boolean };
  className?: string;
  onSaved?: (carId: number) => void;
}

/**
 * The watchlist control is its own feature (site/src/features/watchlist), and features never
 * import each other: the search route, which composes features, puts the lazily loaded control
 * here for watchlist tenants, and the cards render whatever it holds. Absent → no control.
 */
export const WatchlistControlContext = createContext<ComponentType<SearchWatchlistControlProps> | null>(null);

/** The watchlist control the route provided, or null. */
export function useWatchlistControl(): ComponentType<SearchWatchlistControlProps> | null {
  return useContext(WatchlistControlContext);
}
