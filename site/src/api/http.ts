import type { z } from 'zod';
import { shopperWordsOfBody } from '../domain/form-failure.ts';

/** A non-OK answer from the platform API; `status` lets callers and retries tell 4xx from 5xx. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly path: string;
  /** True when the answer was not JSON at all (e.g. an HTML page: no platform API here). */
  readonly notJson: boolean;
  /** The answer's JSON body (e.g. a 410's sold car), unparsed. */
  readonly body: unknown;
  constructor(path: string, status: number, message: string, notJson = false, body: unknown = null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.path = path;
    this.notJson = notJson;
    this.body = body;
  }
}

/**
 * The words a failed request wrote for the shopper: the server's `message` on a refusal written
 * for them (a 429's 'Too many requests…', a 409's reason), else ''. Never the answer's `error`
 * summary or this client's own text (API paths, HTTP statuses): a page shows its own sentence then.
 * @param error what a request or a route loader threw
 */
export function shopperMessageOf(error: unknown): string {
  if (!(error instanceof ApiRequestError) || error.notJson) return '';
  return shopperWordsOfBody(error.body);
}

/**
 * The schema an answer is parsed with, or a function that imports it. Clients of parts a page
 * hydrates with (the finance calculator, the price gauge, the delivery calculator, view counts…)
 * pass the import, so zod (~26 KB gzip) loads beside their first request, after hydration,
 * instead of before it. Route loaders may pass the schema: they do not run when a page hydrates.
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/**
 * Fetches JSON from the tenant's own origin and parses it with `schema`, so a changed or
 * broken answer fails loudly at the edge instead of deep inside a component. `fetcher` is the
 * router context's `services.fetch` where the call may run on the server.
 */
export async function getJson<T>(
  path: string,
  schemaSource: SchemaSource<T>,
  init?: RequestInit,
  fetcher: (path: string, init?: RequestInit) => Promise<Response> = (p, i) => fetch(p, i),
): Promise<T> {
  // Imported beside the request, not after it.
  const schemaReady = typeof schemaSource === 'function' ? schemaSource() : Promise.resolve(schemaSource);
  // A request that fails leaves the import's outcome unread: not an unhandled rejection.
  schemaReady.catch(() => {});
  const response = await fetcher(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...init?.headers },
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const body: unknown = isJson ? await response.json().catch(() => null) : null;
  if (!isJson) throw new ApiRequestError(path, response.status, `${path}: HTTP ${response.status}, not a JSON answer`, true);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `${path}: HTTP ${response.status}`;
    throw new ApiRequestError(path, response.status, message, false, body);
  }
  const schema = await schemaReady;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiRequestError(path, response.status, `${path}: unexpected answer (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  }
  return parsed.data;
}
