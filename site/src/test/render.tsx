import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, type StaticDataRouteOption } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { TenantProvider } from '../lib/tenant-context.tsx';
import type { SiteServices } from '../lib/services.ts';

/** A route of the test router: its path, and whether a tenant has it (`staticData.available`). */
export interface TestPage {
  path: string;
  staticData?: StaticDataRouteOption;
}

/**
 * Renders `ui` on every page of an in-memory router (so <Link> works) inside the tenant and
 * query providers. Await a `findBy…` query before asserting: the router renders async.
 * Every path is a page unless `pages` lists the only routes there are, as paths or as route
 * options such as `{ path: '/about-us', ...infoPageGate('aboutUs') }` (links render only to
 * pages that exist, lib/route-exists.ts).
 */
export function renderWithApp(ui: ReactNode, { tenant, path = '/', pages = ['$'], services }: { tenant: ResolvedTenant; path?: string; pages?: (string | TestPage)[]; services?: SiteServices }) {
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  const routeTree = rootRoute.addChildren(
    pages.map((page) => (typeof page === 'string' ? { path: page } : page)).map(({ path: pagePath, staticData }) => createRoute({ getParentRoute: () => rootRoute, path: pagePath, ...(staticData ? { staticData } : {}) })),
  );
  // Same trailing-slash rule as the app router (the default search path ends in '/').
  // The page's services (fetch, clock) in the router context, for parts that read them (useServices).
  const router = createRouter({ routeTree, trailingSlash: 'preserve', history: createMemoryHistory({ initialEntries: [path] }), ...(services ? { context: { services } } : {}) });
  return render(
    <TenantProvider tenant={tenant}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TenantProvider>,
  );
}
