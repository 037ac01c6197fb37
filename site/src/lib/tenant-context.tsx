import { createContext, useContext, type ReactNode } from 'react';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';

const TenantContext = createContext<ResolvedTenant | null>(null);

/**
 * Makes the resolved tenant config available to components. main.tsx feeds it from
 * `virtual:tenant-config`; component tests feed a fixture. Components read config only
 * through `useTenant()`, never by importing the virtual module, so they stay testable.
 */
export function TenantProvider({ tenant, children }: { tenant: ResolvedTenant; children: ReactNode }) {
  return <TenantContext.Provider value={tenant}>{children}</TenantContext.Provider>;
}

/** The resolved config of this site. */
export function useTenant(): ResolvedTenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant must be used inside <TenantProvider>');
  return tenant;
}
