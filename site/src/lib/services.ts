import type { liteClient } from 'algoliasearch/lite';

/** algoliasearch's pluggable transport (`send(request) → { content, status, isTimedOut }`). */
export type SearchRequester = NonNullable<NonNullable<Parameters<typeof liteClient>[2]>['requester']>;

/**
 * What the app needs from where it runs. In the browser these are the page's own `fetch`,
 * location and cookies; on the server the platform hands in the request's origin and cookies,
 * an in-process requester for the Algolia-compatible search (the same request the browser
 * would send, without a network hop) and a `fetch` for the platform API that forwards the
 * shopper's cookies. Route loaders reach them through the router context, never through
 * globals, so one server process can render many requests (and tenants) at once.
 */
export interface SiteServices {
  /** `fetch` for same-origin platform API paths (`/api/…`). */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** The page's origin (search host in embedded mode). */
  origin: { host: string; protocol: string };
  /** Requester for the search client; absent in the browser (algoliasearch's own XHR requester). */
  searchRequester?: SearchRequester;
  /** The request's Cookie header (server) or `document.cookie` (browser). */
  cookie: () => string;
  /** Clock of this render (server: the request's time; it travels to the browser with the loader data). */
  now: () => number;
}

/** The services of a page running in the browser. */
export function browserServices(): SiteServices {
  return {
    fetch: (path, init) => fetch(path, init),
    origin: { host: window.location.host, protocol: window.location.protocol },
    cookie: () => document.cookie,
    now: () => Date.now(),
  };
}
