import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { SearchService } from './service.ts';

/*
 * node:http glue for the search routes: body reading (the algoliasearch Node client may gzip it),
 * CORS (tenant pages call their own origin, but a page on another host may use the same index, as
 * with Algolia), and JSON answers. The platform server can use this or call `service.handle` itself.
 */

/** Largest request body accepted; a multi-query of dozens of searches is a few kilobytes. */
const MAX_BODY_BYTES = 1_000_000;

/** CORS headers for the search routes; preflights echo the requested headers. */
export function searchCorsHeaders(requestedHeaders?: string): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers':
      requestedHeaders ?? 'content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent, request-id',
    'access-control-max-age': '86400',
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | { tooLarge: true }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? { tooLarge: true } : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string>, bytes?: () => Buffer): void {
  if (json === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const body = bytes?.() ?? JSON.stringify(json);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
  });
  res.end(body);
}

/**
 * Answers one `/1/*` request for `tenantSlug` on a node:http response. Bad bodies answer 400;
 * nothing here throws past the returned promise.
 */
export async function serveSearchRequest(
  service: SearchService,
  tenantSlug: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const requested = req.headers['access-control-request-headers'];
  const cors = searchCorsHeaders(typeof requested === 'string' ? requested : undefined);
  try {
    const url = new URL(req.url ?? '/', 'http://search.invalid');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      send(res, 204, undefined, cors);
      return;
    }
    let body: unknown;
    if (method === 'POST' || method === 'PUT') {
      const raw = await readBody(req);
      if (!(raw instanceof Buffer)) {
        send(res, 413, { message: 'Request body too large', status: 413 }, cors);
        return;
      }
      let bytes = raw;
      if (req.headers['content-encoding'] === 'gzip') {
        try {
          bytes = gunzipSync(raw, { maxOutputLength: MAX_BODY_BYTES });
        } catch {
          send(res, 400, { message: 'Request body is not valid gzip', status: 400 }, cors);
          return;
        }
      }
      body = bytes.toString('utf8');
    }
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = value;
    const result = service.handle(tenantSlug, method, url.pathname, body, query);
    send(res, result.status, result.json, cors, result.bytes);
  } catch (error) {
    console.error('search: request failed', error);
    if (!res.headersSent) send(res, 500, { message: 'Internal search error', status: 500 }, cors);
  }
}
