import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

/** Where a server entry is and how to import it (one module instance per URL). */
export interface EntrySpec {
  /** The import URL: the file, the stand-in's switch key and the build's version in its query. */
  url: string;
  /** A stand-in entry's switches, registered under `key` before it is imported. */
  features?: { key: string; switches: Record<string, unknown> };
}

/** The render services a server entry receives (mirrors site/src/lib/services.ts). */
export interface RenderServices {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  origin: { host: string; protocol: string };
  searchRequester?: { send: (request: { url: string; method: string; data?: string | Uint8Array }) => Promise<{ content: string; status: number; isTimedOut: boolean }> };
  cookie: () => string;
  now: () => number;
}

/** What a tenant's server entry exports (site/src/entry-server.tsx). */
export interface ServerEntryModule {
  render(input: { request: Request; services: RenderServices; manifest: unknown; nonce?: string; tenant: ResolvedTenant }): Promise<Response>;
}

/** One page request as a render thread is handed it (plain data: it crosses threads). */
export interface RenderInput {
  /** The request target (path and query) as sent. */
  path: string;
  /** The request's headers that have one value. */
  headers: [string, string][];
  host: string;
  protocol: 'http' | 'https';
  cookie: string;
  /** The render's clock (the request's arrival, or a browser test's time). */
  requestTime: number;
  /** A browser test's time, passed on to the API calls the render makes. */
  testNow?: number;
  /** The server's port, for the render's loopback API calls. */
  port: number;
  nonce: string;
  manifest: unknown;
  tenant: ResolvedTenant;
  /** How to compress the body (what the shopper accepts). */
  encoding: 'br' | 'gzip' | null;
  /** Whether the page cache may keep the answer (its parts are then deflated for it). */
  keepable: boolean;
}

/** A search the render asks the server's engine for (algoliasearch's request). */
export interface SearchRequest {
  url: string;
  method: string;
  data?: string;
}

/** A render's whole answer. */
export interface RenderedAnswer {
  status: number;
  /** The entry's own headers, in order. */
  headers: [string, string][];
  /** A redirect's target. */
  location: string | null;
  /** The page (null for a redirect). */
  html: string | null;
  /** The page compressed as asked (null for a redirect or when not compressed). */
  body: Uint8Array | null;
  /** For the page cache: the page's parts between its nonces, each deflated (gzip-splice.mjs). */
  deflated: Uint8Array[] | null;
}

export declare const STAND_IN_REGISTRY: string;

/** Imports a server entry the loader located (a stand-in's switches registered first). */
export declare function importEntry(spec: EntrySpec): Promise<ServerEntryModule>;

/** Renders one page request with a loaded entry and reads its whole answer. */
export declare function renderAnswer(
  entry: ServerEntryModule,
  input: RenderInput,
  search: (request: SearchRequest) => Promise<{ content: string; status: number }>,
  signal?: AbortSignal,
): Promise<RenderedAnswer>;
