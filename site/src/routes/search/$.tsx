import { useMemo, useState } from 'react';
import { createFileRoute, defaultStringifySearch, notFound, useRouterState } from '@tanstack/react-router';
import { featureComponent } from '../../lib/feature-component.tsx';
import { useInteractive } from '../../lib/hydration-replay.ts';
import { searchHead, searchUrlContext } from '../../lib/search-head.ts';
import { searchPathStanding } from '../../domain/search-url.ts';
import { useServices } from '../../lib/use-services.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { searchPageElement } from '../../features/search/search-page-element.tsx';
import { SearchSSRProvider } from '../../features/search/search-ssr-provider.tsx';
import { loadShortEnquiryIfShown } from '../../features/search/short-enquiry-slot.ts';
import type { SearchServerRender } from '../../features/search/search-server-state.tsx';
import { searchClientFor, type SearchRouteData } from '../../features/search/search-setup.ts';
import { CardFormDialogs } from '../../features/search/card-forms.tsx';

// The watchlist feature's card control, only in bundles of watchlist tenants.
const WatchlistButton =
  __FEATURE_FAVOURITES_MECHANISM__ === 'watchlist' ? featureComponent(() => import('../../features/watchlist/watchlist-button.tsx')) : null;

// The forms a card's Enquire and Book a Test Drive open in a dialog (the test drive where the
// site has it), and their code's loader (its own module: see features/search/card-forms.tsx).
const CARD_FORMS_OFFERED = { enquiry: true, test_drive: __FEATURE_TEST_DRIVE__ };
const loadCardForms = () => import('./-card-forms.ts');

/** Route data: the page's setup, and on a server render the first results for the URL it was rendered for. */
export interface SearchLoaderData extends SearchRouteData, Partial<SearchServerRender> {
  href: string;
}

// Every search URL of spec §2 (/search/new-used-and-demo-cars/, /search/used-cars,
// /search/{make}/{model}, /search/{dealership_slug}…) is this one route: the page reads the
// path itself (domain search-url.ts), so moving between them never remounts the search.
export const Route = createFileRoute('/search/$')({
  // Before hydrating: the watchlist control, and the short enquiry form when the page has no results.
  staticData: { features: async () => Promise.all([WatchlistButton?.load(), loadShortEnquiryIfShown()]) },
  // Loaded on demand so the search client stays out of every other page's initial bundle.
  loader: async ({ context, location }): Promise<SearchLoaderData> => {
    const [{ loadSearchPage }] = await Promise.all([import('../../features/search/search-setup.ts'), WatchlistButton?.load()]);
    const data = await loadSearchPage(context.queryClient, context.tenant, context.services);
    // Text that names no dealership or make of the site is not a page (a spammer's words would
    // become its title). Without a catalog (search unavailable) the path is not judged.
    if (data.catalog.makes.length > 0 && searchPathStanding(location.pathname, searchUrlContext(context.tenant, data.catalog, data.defaultSort)) === 'missing') throw notFound();
    if (!import.meta.env.SSR) return { ...data, href: location.href };
    const { renderSearchServerState } = await import('../../features/search/search-server-state.tsx');
    const rendered = await renderSearchServerState({
      data,
      tenant: context.tenant,
      services: context.services,
      router: context.getRouter(),
      queryClient: context.queryClient,
      watchlistControl: WatchlistButton,
    });
    return { ...data, href: location.href, ...rendered };
  },
  head: ({ match, loaderData }) => searchHead(match.context.tenant, match.pathname, defaultStringifySearch(match.search as Record<string, unknown>), loaderData),
  // Refinements change the URL; they must not re-run the loader (the page owns that state).
  shouldReload: false,
  staleTime: Infinity,
  component: SearchRoute,
});

function SearchRoute() {
  const data = Route.useLoaderData();
  const tenant = useTenant();
  const services = useServices();
  const href = useRouterState({ select: (state) => state.location.href });
  const [client] = useState(() => searchClientFor(tenant, services));
  // The server's first results only for the page they were rendered for (a later visit searches afresh).
  const [serverState] = useState(() => (data.serverState && data.href === href ? data.serverState : undefined));
  // True after InstantSearch's own effects (they run before this route's): input held while
  // the page loaded is replayed only then (lib/hydration-replay.ts).
  const interactive = useInteractive();
  // One element for the route's life: `interactive` turning true re-renders this wrapper only,
  // not every card and facet of the page (a whole-page render on a phone, right after hydration).
  // (The SSR provider too: a new provider value re-renders every search widget.)
  const page = useMemo(() => {
    const element = searchPageElement({ ...data, client }, WatchlistButton);
    return serverState ? <SearchSSRProvider serverState={serverState}>{element}</SearchSSRProvider> : element;
  }, [data, client, serverState]);
  return (
    <>
      <div data-interactive={interactive}>{page}</div>
      <CardFormDialogs offered={CARD_FORMS_OFFERED} load={loadCardForms} />
    </>
  );
}
