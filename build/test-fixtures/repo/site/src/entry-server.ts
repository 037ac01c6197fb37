// Fixture server entry for the build tests: the same flags and route tree as the browser bundle
// (so feature absence can be checked on the server build too), rendered without React so the
// fixture stays small. Like the real entry, it gets its tenant with each request.
import { routeTree } from './routeTree.gen.ts';

/** The routes this entry serves (the real entry renders them with the router). */
export const routes = routeTree;

export function render({ tenant }: { tenant: { name: string } }): Promise<Response> {
  return Promise.resolve(new Response(`<!doctype html><title>${tenant.name}</title><p>fixture</p>`, { headers: { 'content-type': 'text/html' } }));
}
