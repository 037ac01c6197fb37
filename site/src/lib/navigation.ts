import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { uniqueMakes, type NavigationInput } from '../domain/navigation.ts';

/** The tenant settings the header and footer menus are built from. */
export function navigationInput(tenant: ResolvedTenant): NavigationInput {
  const navigation = tenant.navigation;
  const routes = tenant.routes;
  return {
    name: tenant.name,
    headerVariant: navigation.headerVariant,
    makes: uniqueMakes(tenant.dealer.dealerships),
    defaultSearchPath: routes.defaultSearchPath,
    financePath: routes.financePath,
    ...(routes.serviceBookingUrl ? { serviceBookingUrl: routes.serviceBookingUrl } : {}),
    ...(navigation.headerLinks ? { headerLinks: navigation.headerLinks } : {}),
    ...(navigation.footerGroups ? { footerGroups: navigation.footerGroups } : {}),
  };
}

/** Default search path (spec §2) of the tenant. */
export function defaultSearchPath(tenant: ResolvedTenant): string {
  return tenant.routes.defaultSearchPath;
}

/** Whether header dropdowns open on mouse enter (navigation.headerDropdownHover). */
export function headerOpensOnHover(tenant: ResolvedTenant): boolean {
  return tenant.navigation.headerDropdownHover;
}
