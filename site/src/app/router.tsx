import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { RouteError } from '../components/layout/route-error.tsx';
import { routeTree } from '../routeTree.gen.ts';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
  tenant: ResolvedTenant;
  /** The page the visitor is leaving (for sign-in's `back`); '/' on the first page. */
  previousHref: () => string;
}

/**
 * The app router: generated file-based route tree, preloading on intent (hover/focus) through
 * TanStack Query (so the router itself caches nothing: defaultPreloadStaleTime 0), scroll
 * restoration, and trailing slashes preserved (the default search path ends in '/').
 */
export function createAppRouter(context: Omit<RouterContext, 'previousHref'>) {
  const router = createRouter({
    routeTree,
    context: { ...context, previousHref: () => router.state.resolvedLocation?.href ?? '/' },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    trailingSlash: 'preserve',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
