import type { AnyRouter } from '@tanstack/react-router';

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Whether this tenant's route tree has a page for a route pattern ('/cars/$slug/checkout',
 * '/cars/trade-in', '/finance'). A link is rendered only when it leads to a real page of the
 * tenant (switched-off features have no routes in its bundle): matching the pattern itself —
 * not a sample URL — keeps '/cars/trade-in' from counting as a car slug.
 */
export function routeExists(router: Pick<AnyRouter, 'routesById'>, pattern: string): boolean {
  const wanted = trim(pattern);
  return Object.values(router.routesById as Record<string, { fullPath?: string }>).some((route) => route.fullPath !== undefined && trim(route.fullPath) === wanted);
}

/** Whether this site's bundle has a page at a route pattern: a link is shown only when it leads somewhere. */
export type HasRoute = (pattern: string) => boolean;

/** `routeExists` bound to a router (the route context's `getRouter()`), for components that take a `HasRoute`. */
export function routeChecker(router: Pick<AnyRouter, 'routesById'>): HasRoute {
  return (pattern) => routeExists(router, pattern);
}
