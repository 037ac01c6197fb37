// Fixture server entry for the build tests: the same flags and route tree as the browser bundle
// (so feature absence can be checked on the server build too), rendered without React so the
// fixture stays small. Like the real entry, it gets its tenant with each request.
import { routeTree } from './routeTree.gen.ts';

/** The routes this entry serves (the real entry renders them with the router). */
export const routes = routeTree;

export function render({ tenant }: { tenant: { name: string } }): Promise<Response> {
  return Promise.resolve(new Response(`<!doctype html><title>${tenant.name}</title><p>fixture</p>`, { headers: { 'content-type': 'text/html' } }));
}

type TreeRoute = { isRoot?: boolean; options: { id?: string; staticData?: { available?: (tenant: unknown) => boolean } }; children?: Record<string, TreeRoute> | TreeRoute[] };

/** Which pages the tenant has, by route id: each route's `staticData.available`, as the real entry answers. */
export function tenantPages(tenant: unknown): Record<string, boolean> {
  const pages: Record<string, boolean> = {};
  const visit = (route: TreeRoute, above: boolean): void => {
    const here = above && (route.options.staticData?.available?.(tenant) ?? true);
    pages[route.isRoot ? '__root__' : (route.options.id ?? '')] = here;
    for (const child of Object.values(route.children ?? {})) visit(child, here);
  };
  visit(routeTree as unknown as TreeRoute, true);
  return pages;
}
