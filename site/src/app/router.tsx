import { createRouter, type AnyRouter } from '@tanstack/react-router';
import { dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { RouteError } from '../components/layout/route-error.tsx';
import { whenReachable } from '../lib/code-loading.ts';
import { routeTree } from '../routeTree.gen.ts';
import type { RouterContext } from '../lib/router-context.ts';

export type { RouterContext } from '../lib/router-context.ts';

/** What travels from the server render to the browser besides the route matches. */
interface DehydratedApp {
  /** The Query cache as JSON (query keys and answers are JSON already). */
  queryState: string;
}

/**
 * Scroll restoration (the router's `scrollRestoration` test, asked after each render) that
 * never moves the page on the first render in the browser. A server-rendered page is already
 * where it belongs (the browser placed it: the top, the fragment's target, or, on a reload or
 * back, the position the router's inline script restored while the HTML was parsed), and the
 * first client render comes only once the page has hydrated, a few seconds in on a slow phone:
 * a shopper who has scrolled down to the finance calculator meanwhile was thrown back to the
 * top, and the tap meant for a control landed on the gallery. Later navigations restore or
 * reset the scroll as usual.
 */
export function leavesFirstRenderInPlace(): () => boolean {
  let rendered = false;
  return () => {
    const first = !rendered;
    rendered = true;
    return !first;
  };
}

/**
 * The app router: generated file-based route tree, preloading on intent (hover/focus) through
 * TanStack Query (so the router itself caches nothing: defaultPreloadStaleTime 0), scroll
 * restoration, and trailing slashes preserved (the default search path ends in '/').
 *
 * One router (and one QueryClient) per page in the browser and per request on the server.
 * Server rendering dehydrates the Query cache the loaders filled next to the route matches,
 * and the browser hydrates it before the first render, so nothing is fetched twice.
 */
export function createAppRouter(context: Omit<RouterContext, 'previousHref' | 'getRouter'>, options: { nonce?: string } = {}) {
  const router = createRouter({
    routeTree,
    context: { ...context, previousHref: () => router.state.resolvedLocation?.href ?? '/', getRouter: (): AnyRouter => router },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: leavesFirstRenderInPlace(),
    trailingSlash: 'preserve',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    // Server only (dropped from the browser bundle): only settled data; a query still pending
    // on the server is fetched again in the browser.
    ...(import.meta.env.SSR
      ? { dehydrate: (): DehydratedApp => ({ queryState: JSON.stringify(dehydrate(context.queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' })) }) }
      : {}),
    hydrate: async (dehydrated: DehydratedApp) => {
      hydrate(context.queryClient, JSON.parse(dehydrated.queryState) as DehydratedState);
      // The lazily loaded parts the server rendered into this page (`staticData.features` of the
      // matched routes) load before React hydrates, so the whole page hydrates in one pass. A part
      // left to hydrate later is thrown away and rendered again if its parent updates first (and
      // what the shopper had typed or chosen in it is lost). A part whose code does not arrive (a
      // lost connection) is asked for again until it does: hydration waits with the server's page
      // in place, where a failure here removed the whole page (lib/code-loading.ts).
      const [branch] = router.getMatchedRoutes(router.history.location.pathname);
      await Promise.all(branch.map((route) => whenReachable(async () => route.options.staticData?.features?.())));
    },
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Loads the lazily loaded parts the route's page renders (its loader awaits the same): the
     * browser loads them before hydrating a server-rendered page of the route.
     */
    features?: () => Promise<unknown>;
  }
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
