// Fixture server entry for the build tests: the same virtual config, flags and route tree as the
// browser bundle (so feature absence can be checked on the server build too), rendered without
// React so the fixture stays small.
import config from 'virtual:tenant-config';
import { routeTree } from './routeTree.gen.ts';

export const tenant = config;

/** The routes this entry serves (the real entry renders them with the router). */
export const routes = routeTree;

export function render(): Promise<Response> {
  return Promise.resolve(new Response(`<!doctype html><title>${String(config.name)}</title><p>fixture</p>`, { headers: { 'content-type': 'text/html' } }));
}
