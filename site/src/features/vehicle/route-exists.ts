import type { AnyRouter } from '@tanstack/react-router';

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Whether this tenant's route tree has a page for a route pattern ('/cars/$slug/checkout',
 * '/cars/trade-in', '/finance'). A link is rendered only when it leads to a real page of the
 * tenant (switched-off features have no routes in its bundle): matching the pattern itself —
 * not a sample URL — keeps '/cars/trade-in' from counting as a car slug.
 */
export function routeExists(router: AnyRouter, pattern: string): boolean {
  const wanted = trim(pattern);
  return Object.values(router.routesById as Record<string, { fullPath?: string }>).some((route) => route.fullPath !== undefined && trim(route.fullPath) === wanted);
}
