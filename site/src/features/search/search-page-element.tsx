import type { ComponentType } from 'react';
import { SearchPage, type SearchPageProps } from './search-page.tsx';

import { WatchlistControlContext, type SearchWatchlistControlProps } from './watchlist-slot.tsx';

/**
 * The search page as the route composes it: with the watchlist feature's card control where
 * the tenant has one. The server-state render and the page itself use this one element, so
 * both mount the same InstantSearch widgets and send the same request.
 */
export function searchPageElement(props: SearchPageProps, watchlistControl: ComponentType<SearchWatchlistControlProps> | null) {
  return (
    <WatchlistControlContext.Provider value={watchlistControl}>
      <SearchPage {...props} />
    </WatchlistControlContext.Provider>
  );
}
