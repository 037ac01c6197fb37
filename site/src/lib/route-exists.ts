import { notFound, useRouter, type AnyRouter } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { classifyHref } from '../domain/links.ts';
import { useTenant } from './tenant-context.tsx';

/*
 * Every link the site renders leads to a real page of its tenant, or is not rendered. A page
 * is real when its path matches a route of the tenant's bundle (a switched-off feature's routes
 * are not in it) and every route on the way is available to the tenant: a route that exists in
 * every bundle but not for every tenant (an information page without copy, a form the tenant
 * switched off or moved) says so in `staticData.available`, and answers 404 on the same test.
 */

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Whether this tenant has the page; a route without it is a page wherever it is matched. */
    available?: (tenant: ResolvedTenant) => boolean;
  }
}

/**
 * The options of a route that only some tenants have: links ask `available`, and the route
 * answers 404 (the not-found page) where it says no.
 */
export function pageFor(available: (tenant: ResolvedTenant) => boolean) {
  return {
    staticData: { available },
    beforeLoad: ({ context }: { context: { tenant: ResolvedTenant } }) => requireAvailable(available, context.tenant),
  };
}

/** The 404 of a route only some tenants have, for a route with more to check before loading. */
export function requireAvailable(available: (tenant: ResolvedTenant) => boolean, tenant: ResolvedTenant): void {
  if (!available(tenant)) throw notFound();
}

/**
 * Whether an href from config, content or a card ('/news', '/trade-in', '/pages/warranty?x=1')
 * leads to a real page of this tenant. Links to other sites, `tel:` and in-page anchors are
 * not pages of this site and always count; whether a record exists (a car's slug) is the page's
 * own business.
 */
export function pageExists(router: Pick<AnyRouter, 'getMatchedRoutes'>, tenant: ResolvedTenant, href: string): boolean {
  // A page renders the same hrefs many times (header, footer, cards): each is matched once per
  // router and tenant (the editor preview swaps the tenant, so it is part of the key).
  let byTenant = answers.get(router);
  if (!byTenant) answers.set(router, (byTenant = new WeakMap()));
  let byHref = byTenant.get(tenant);
  if (!byHref) byTenant.set(tenant, (byHref = new Map()));
  let answer = byHref.get(href);
  if (answer === undefined) byHref.set(href, (answer = matchesPage(router, tenant, href)));
  return answer;
}

const answers = new WeakMap<object, WeakMap<ResolvedTenant, Map<string, boolean>>>();

function matchesPage(router: Pick<AnyRouter, 'getMatchedRoutes'>, tenant: ResolvedTenant, href: string): boolean {
  const target = classifyHref(href);
  if (target.kind !== 'internal') return true;
  const [branch, rawParams, found] = router.getMatchedRoutes(target.pathname);
  // A path no route takes is matched loosely by its nearest parent, with the rest in '**'.
  if (!found || (rawParams as Record<string, unknown>)['**'] !== undefined) return false;
  return branch.every((route) => availableTo(route, tenant));
}

/** A route's own answer: whether the tenant has it (a route without `available` is a page wherever it is matched). */
function availableTo(route: { options: { staticData?: { available?: (tenant: ResolvedTenant) => boolean } } }, tenant: ResolvedTenant): boolean {
  return route.options.staticData?.available?.(tenant) ?? true;
}

/** A route of a route tree (before a router takes it, a file route's id is in its options). */
interface TreeRoute {
  isRoot?: boolean;
  /** Set once a router has taken the tree. */
  id?: string;
  options: { id?: string; staticData?: { available?: (tenant: ResolvedTenant) => boolean } };
  children?: unknown;
}

/**
 * Every route of a route tree by its id (`__root__`, `/`, `/cars/$slug`, `/blog/`, the ids the
 * route tree generator gives the files), with whether this tenant has its page: the route and
 * every route above it say yes, the test links and 404s use. The build records it per tenant, so
 * the build report lists only the pages the tenant's site has.
 */
export function tenantPageIds(root: TreeRoute, tenant: ResolvedTenant): Record<string, boolean> {
  const pages: Record<string, boolean> = {};
  const visit = (route: TreeRoute, above: boolean): void => {
    const id = route.isRoot ? '__root__' : (route.id ?? route.options.id);
    const here = above && availableTo(route, tenant);
    if (id !== undefined) pages[id] = here;
    const children = route.children;
    if (children && typeof children === 'object') for (const child of Object.values(children as Record<string, TreeRoute>)) visit(child, here);
  };
  visit(root, true);
  return pages;
}

/** Whether an href leads to a page of this site (`pageExists` for the rendering router and tenant). */
export type LeadsToPage = (href: string) => boolean;

/** `pageExists` for the rendering router and tenant: links are rendered only when it says yes. */
export function useLeadsToPage(): LeadsToPage {
  const router = useRouter();
  const tenant = useTenant();
  return (href) => pageExists(router, tenant, href);
}
