import type { IncomingMessage } from 'node:http';
import { HttpError } from './core.ts';

/*
 * Checks at the edge, before any handler or the database sees input:
 * JSON nested deeper than any real payload is refused before it is parsed (a 10,000-deep body
 * used to overflow the stack), text with NUL or lone UTF-16 surrogates is refused with the field
 * named (PostgreSQL cannot store them), and state-changing requests must be same-origin JSON
 * (a cross-site form or text/plain fetch cannot submit leads or change an account).
 */

/** Deepest JSON nesting any platform payload needs (a lead's fields are at most 4 deep). */
export const MAX_JSON_DEPTH = 32;

/**
 * Parses a JSON body after checking its nesting depth without recursion.
 * @param text the body
 */
export function parseJsonBody(text: string): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_JSON_DEPTH) throw new HttpError(400, `Invalid JSON body: nested deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (c === 125 || c === 93) depth--;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `Invalid JSON body: ${(error as Error).message}`);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored, if it cannot: a NUL character or a lone surrogate.
 * @param s the text
 */
export function badText(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (no lone surrogates)';
  return undefined;
}

/**
 * Finds the first string (key or value) in parsed JSON that cannot be stored; iterative.
 * @param value parsed JSON
 * @returns the dotted path and reason, or undefined
 */
export function findBadText(value: unknown): { path: string; message: string } | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string };
    if (typeof v === 'string') {
      const why = badText(v);
      if (why) return { path: path || '(root)', message: why };
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const why = badText(k);
        if (why) return { path: path ? `${path}.${k.replace(/[^\x20-\x7e]/g, '?')}` : '(key)', message: why };
        stack.push({ value: item, path: path ? `${path}.${k}` : k });
      }
    }
  }
  return undefined;
}

/**
 * Refuses query or path parameters that cannot be stored or searched.
 * @param params name → value pairs
 * @param where 'query' or 'path'
 */
export function assertCleanParams(params: Iterable<[string, string]>, where: 'query' | 'path'): void {
  for (const [name, value] of params) {
    const why = badText(name) ?? badText(value);
    if (why) throw new HttpError(400, `Invalid ${where}: ${name.replace(/[^\x20-\x7e]/g, '?')}: ${why}`, [{ path: name.replace(/[^\x20-\x7e]/g, '?'), message: why }]);
  }
}

/** Methods that change state. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a state-changing request a browser may have sent from another site: its Origin (or
 * Sec-Fetch-Site) must be this site, and a body must be `application/json` — which a cross-site
 * page cannot send without a CORS preflight this server never grants.
 * @param req the request
 * @param ownOrigins origins of this tenant (http and https of the request's Host)
 * @param alsoAllowed other origins allowed to send (the editor preview, which proxies to this server)
 */
export function assertSameOriginJson(req: IncomingMessage, ownOrigins: readonly string[], alsoAllowed: (origin: string) => boolean = () => false): void {
  if (!STATE_CHANGING.has(req.method ?? 'GET')) return;
  assertSameOrigin(req, ownOrigins, alsoAllowed);
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (hasBody && type !== 'application/json') {
    throw new HttpError(415, `Content-Type must be application/json (got ${type || 'none'})`);
  }
}

/**
 * Refuses a request a browser sent from another site: its Origin (or, without one,
 * Sec-Fetch-Site) must be this site. Server-rendered forms (the dealer inbox) check this and a
 * CSRF token, since a form post cannot be told apart by its content type.
 * @param req the request
 * @param ownOrigins origins of this tenant (http and https of the request's Host)
 * @param alsoAllowed other origins allowed to send
 */
export function assertSameOrigin(req: IncomingMessage, ownOrigins: readonly string[], alsoAllowed: (origin: string) => boolean = () => false): void {
  const origin = req.headers.origin;
  if (origin !== undefined && !ownOrigins.includes(origin.toLowerCase()) && !alsoAllowed(origin.toLowerCase())) {
    throw new HttpError(403, `Cross-site request refused: Origin ${origin.slice(0, 100)} is not this site`);
  }
  const fetchSite = req.headers['sec-fetch-site'];
  if (origin === undefined && fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new HttpError(403, 'Cross-site request refused');
  }
}

/**
 * Whether an origin is a page served from this machine (http://127.0.0.1:port, http://localhost:port).
 * Only the editor's demo data server, which listens on loopback for the editor preview, allows them.
 * @param origin a lower-case Origin header
 */
export function isLoopbackOrigin(origin: string): boolean {
  return /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(origin);
}
