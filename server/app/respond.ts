import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../schema/api/unavailable.ts';
import { securityHeaders, type SecurityHeaderOptions } from '../http/security-headers.ts';
import { chooseEncoding } from '../http/static.ts';

/*
 * Writing answers: JSON, text and HTML with the security headers of their kind, compressed when
 * large enough to be worth it. Every surface of the request pipeline answers through these.
 */

/** Whether the request came over HTTPS, set per request by the pipeline (HSTS, Secure cookies). */
const httpsRequests = new WeakSet<IncomingMessage>();

/** Records that this request arrived over HTTPS (directly or through a trusted proxy). */
export function markHttps(req: IncomingMessage): void {
  httpsRequests.add(req);
}

/** Whether this request arrived over HTTPS. */
export function isHttps(req: IncomingMessage): boolean {
  return httpsRequests.has(req);
}

/** The security headers of an answer of this kind to this request. */
export function guardHeaders(req: IncomingMessage, kind: SecurityHeaderOptions['kind'], extra: Partial<SecurityHeaderOptions> = {}): Record<string, string> {
  return securityHeaders({ kind, https: httpsRequests.has(req), ...extra });
}

/** A JSON answer (no body when `json` is undefined). */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, json: unknown, headers: Record<string, string | string[]> = {}): void {
  if (json === undefined) {
    res.writeHead(status, { ...guardHeaders(req, 'api'), ...headers });
    res.end();
    return;
  }
  sendJsonText(req, res, status, JSON.stringify(json), headers);
}

/** The Retry-After of an answer the database could not serve just now. */
export const UNAVAILABLE_HEADERS = { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } as const;

/**
 * Logs a request the database could not serve just now (a storage fault being recovered from,
 * PostgreSQL out of reach): that request fails, the server goes on.
 * @param req the request
 * @param error the storage failure
 */
export function logDatabaseUnavailable(req: IncomingMessage, error: unknown): void {
  // The path without its query, which can hold what a shopper typed.
  console.error(`[server] ${req.method} ${req.headers.host ?? ''}${(req.url ?? '').split('?')[0]}: the database could not serve it (503):`, (error as Error).message);
}

/**
 * Answers a request the database could not serve just now: 503 with Retry-After and the plain
 * "try again in a minute" message (a shopper's submission stays in their browser's outbox), logged.
 */
export function sendDatabaseUnavailable(req: IncomingMessage, res: ServerResponse, error: unknown, headers: Record<string, string | string[]> = {}): void {
  logDatabaseUnavailable(req, error);
  sendJson(req, res, 503, { error: UNAVAILABLE_MESSAGE }, { ...headers, ...UNAVAILABLE_HEADERS });
}

/** sendJson for a body already written as JSON text or its UTF-8 bytes (search answers write their own). */
export function sendJsonText(req: IncomingMessage, res: ServerResponse, status: number, text: string | Buffer, headers: Record<string, string | string[]> = {}): void {
  const raw = typeof text === 'string' ? Buffer.from(text) : text;
  const encoding = raw.length > 1024 ? chooseEncoding(req.headers['accept-encoding']) : null;
  const body = encoding === 'br' ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : encoding === 'gzip' ? zlib.gzipSync(raw, { level: 6 }) : raw;
  res.writeHead(status, {
    ...guardHeaders(req, 'api'),
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding, Cookie',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(body.length),
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A text answer (robots.txt, sitemaps, plain 404s): cached five minutes when 200. */
export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  const raw = Buffer.from(text);
  const encoding = raw.length > 1024 ? chooseEncoding(req.headers['accept-encoding']) : null;
  const body = encoding === 'br' ? zlib.brotliCompressSync(raw) : encoding === 'gzip' ? zlib.gzipSync(raw) : raw;
  res.writeHead(status, {
    ...guardHeaders(req, 'asset'),
    'Content-Type': type,
    'Cache-Control': status === 200 ? 'public, max-age=300' : 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(body.length),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** An HTML answer the server wrote itself (index, unknown host, not built, server error). */
export function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, html: string, frameAncestors?: readonly string[]): void {
  res.writeHead(status, { ...guardHeaders(req, 'html', { frameAncestors }), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : html);
}
