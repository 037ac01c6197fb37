import type { AnyRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import type { SiteServices } from './services.ts';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
  tenant: ResolvedTenant;
  services: SiteServices;
  /** The page the visitor is leaving (for sign-in's `back`); '/' on the first page. */
  previousHref: () => string;
  /** This router (a loader that renders a subtree on the server needs it for links). */
  getRouter: () => AnyRouter;
}
