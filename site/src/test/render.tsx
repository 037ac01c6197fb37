import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { createQueryClient } from '../app/query-client.ts';
import { TenantProvider } from '../app/tenant-context.tsx';

/**
 * Renders `ui` as the only page of an in-memory router (so <Link> works) inside the tenant
 * and query providers. Await a `findBy…` query before asserting: the router renders async.
 */
export function renderWithApp(ui: ReactNode, { tenant, path = '/' }: { tenant: ResolvedTenant; path?: string }) {
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  // Same trailing-slash rule as the app router (the default search path ends in '/').
  const router = createRouter({ routeTree: rootRoute, trailingSlash: 'preserve', history: createMemoryHistory({ initialEntries: [path] }) });
  return render(
    <TenantProvider tenant={tenant}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TenantProvider>,
  );
}
