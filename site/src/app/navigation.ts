import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { uniqueMakes, type NavigationInput } from '../domain/navigation.ts';

// Schema defaults, used when a tenant omits the whole group (the resolver only fills groups
// that are entirely defaulted).
const DEFAULT_SEARCH_PATH = '/search/new-used-and-demo-cars/';

/** The tenant settings the header and footer menus are built from. */
export function navigationInput(tenant: ResolvedTenant): NavigationInput {
  const navigation = tenant.navigation;
  const routes = tenant.routes;
  return {
    name: tenant.name,
    headerVariant: navigation?.headerVariant ?? 'dealer-group',
    makes: uniqueMakes(tenant.dealer.dealerships),
    defaultSearchPath: routes?.defaultSearchPath ?? DEFAULT_SEARCH_PATH,
    financePath: routes?.financePath ?? '/finance',
    ...(routes?.serviceBookingUrl ? { serviceBookingUrl: routes.serviceBookingUrl } : {}),
    ...(navigation?.headerLinks ? { headerLinks: navigation.headerLinks } : {}),
    ...(navigation?.footerGroups ? { footerGroups: navigation.footerGroups } : {}),
  };
}

/** Default search path (spec §2) of the tenant. */
export function defaultSearchPath(tenant: ResolvedTenant): string {
  return tenant.routes?.defaultSearchPath ?? DEFAULT_SEARCH_PATH;
}

/** Whether header dropdowns open on mouse enter (navigation.headerDropdownHover). */
export function headerOpensOnHover(tenant: ResolvedTenant): boolean {
  return tenant.navigation?.headerDropdownHover ?? false;
}
