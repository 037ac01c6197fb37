import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../../app/feature-component.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { SearchPage } from '../../features/search/search-page.tsx';
import { WatchlistControlContext } from '../../features/search/watchlist-slot.tsx';

// The watchlist feature's card control, only in bundles of watchlist tenants.
const WatchlistButton =
  __FEATURE_FAVOURITES_MECHANISM__ === 'watchlist' ? featureComponent(() => import('../../features/watchlist/watchlist-button.tsx')) : null;

// Every search URL of spec §2 (/search/new-used-and-demo-cars/, /search/used-cars,
// /search/{make}/{model}, /search/{dealership_slug}…) is this one route: the page reads the
// path itself (domain search-url.ts), so moving between them never remounts the search.
export const Route = createFileRoute('/search/$')({
  // Loaded on demand so the search client stays out of every other page's initial bundle.
  loader: async ({ context }) => {
    const [{ loadSearchPage }] = await Promise.all([import('../../features/search/search-setup.ts'), WatchlistButton?.load()]);
    return loadSearchPage(context.queryClient, context.tenant);
  },
  // Refinements change the URL; they must not re-run the loader (the page owns that state).
  shouldReload: false,
  staleTime: Infinity,
  component: SearchRoute,
});

function SearchRoute() {
  const data = Route.useLoaderData();
  useDocumentTitle('Stock for sale');
  return (
    <WatchlistControlContext.Provider value={WatchlistButton}>
      <SearchPage {...data} />
    </WatchlistControlContext.Provider>
  );
}
