import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch';
import type { QueryClient } from '@tanstack/react-query';
import { RouterContextProvider, type AnyRouter } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { AppProviders } from '../../lib/app-providers.tsx';
import { ToastProvider } from '../../components/ui/toast.tsx';
import type { SiteServices } from '../../lib/services.ts';
import { searchPageElement } from './search-page-element.tsx';
import { searchClientFor, type SearchRouteData } from './search-setup.ts';
import type { SearchWatchlistControlProps } from './watchlist-slot.tsx';
import { vehicleTitle, type TitleInput } from '../../domain/vehicle-title.ts';

/*
 * Server only (the route imports it behind `import.meta.env.SSR`): InstantSearch's own
 * server-state mechanism. It renders the search page once to learn its widgets, sends the one
 * multi-query request the browser would send (through the platform's in-process requester),
 * and returns the answers; the page then renders them, and the browser hydrates from the same
 * answers without searching again.
 */

interface ServerHit extends TitleInput {
  slug?: string;
  primary_image_url?: string | null;
}

/** The first results of a search page, with what its head shows of them. */
export interface SearchServerRender {
  serverState: InstantSearchServerState;
  /** Number of matching items (meta description). */
  count?: number;
  /** The cars of the first page (ItemList JSON-LD). */
  items: { name: string; path: string; image: string | null }[];
}

/** Renders a search page's first results on the server. */
export async function renderSearchServerState(input: {
  data: SearchRouteData;
  tenant: ResolvedTenant;
  services: SiteServices;
  router: AnyRouter;
  queryClient: QueryClient;
  watchlistControl: ComponentType<SearchWatchlistControlProps> | null;
}): Promise<SearchServerRender> {
  const client = searchClientFor(input.tenant, input.services);
  const serverState = await getServerState(
    <AppProviders tenant={input.tenant} queryClient={input.queryClient}>
      <RouterContextProvider router={input.router}>
        {/* The page's frame (root layout) hosts the toasts the cards' favourite and compare controls show. */}
        <ToastProvider>{searchPageElement({ ...input.data, client }, input.watchlistControl)}</ToastProvider>
      </RouterContextProvider>
    </AppProviders>,
    { renderToString },
  );
  const first = serverState.initialResults[input.data.indexes[input.data.defaultSort]]?.results?.[0] as { nbHits?: number; hits?: ServerHit[] } | undefined;
  const items = (first?.hits ?? [])
    .filter((hit) => hit.slug)
    .map((hit) => ({
      name: vehicleTitle(hit, __FEATURE_SERIES_IN_TITLE__),
      path: `/cars/${hit.slug}`,
      image: hit.primary_image_url ?? null,
    }));
  return { serverState, ...(first?.nbHits === undefined ? {} : { count: first.nbHits }), items };
}
