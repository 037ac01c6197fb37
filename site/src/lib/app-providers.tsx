import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { TenantProvider } from './tenant-context.tsx';

/**
 * The providers around the router, identical on the server and in the browser (a difference
 * here would be a hydration mismatch). They render no DOM: the router's root route renders
 * the whole document.
 */
export function AppProviders({ tenant, queryClient, children }: { tenant: ResolvedTenant; queryClient: QueryClient; children: ReactNode }) {
  return (
    <TenantProvider tenant={tenant}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </TenantProvider>
  );
}
