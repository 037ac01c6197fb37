import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeptPage } from '../http/page-cache.ts';
import type { RenderedAnswer } from '../http/render-core.mjs';

/*
 * Writing out a page a render thread rendered: the platform's page headers with this answer's
 * nonce, the entry's own headers (one per name, whatever its case: the render's lower-case
 * Content-Type and Location were once sent beside the server's, and a client may read either),
 * the render's status (redirects with their Location, 404, 410), and the body compressed as the
 * shopper accepts. The whole page is in memory, so a slow client holds only its socket.
 */

/** What sendRenderedPage needs besides the answer. */
export interface RenderedPageOptions {
  /** This answer's script nonce (the one the render was given). */
  nonce: string;
  /** How the render thread compressed the body. */
  encoding: 'br' | 'gzip' | null;
  /** The page headers with this nonce (security headers, CSP). */
  headers: Record<string, string>;
  /** Called with the whole page (the page cache decides whether to keep it). */
  keep?: (page: KeptPage) => void;
}

/**
 * Sends a rendered page.
 * @param req the request
 * @param res the response
 * @param answer the render thread's answer
 * @param options nonce, encoding, page headers, page cache
 */
export function sendRenderedPage(req: IncomingMessage, res: ServerResponse, answer: RenderedAnswer, options: RenderedPageOptions): void {
  const headers: Record<string, string> = { ...options.headers, 'Cache-Control': 'no-cache, private', Vary: 'Accept-Encoding, Cookie' };
  const setHeader = (name: string, value: string) => {
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
    headers[name] = value;
  };
  for (const [name, value] of answer.headers) setHeader(name, value);
  // Already answered (busy, at its deadline) or the shopper left: the page is only kept.
  const writable = !res.headersSent && !res.destroyed;
  if (answer.status >= 300 && answer.status < 400) {
    if (answer.location) setHeader('Location', answer.location);
    if (writable) {
      res.writeHead(answer.status, headers);
      res.end();
    }
    return;
  }
  setHeader('Content-Type', 'text/html; charset=utf-8');
  if (options.encoding) setHeader('Content-Encoding', options.encoding);
  const html = answer.html ?? '';
  const body = answer.body ? Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength) : Buffer.from(html);
  setHeader('Content-Length', String(body.length));
  if (writable) {
    res.writeHead(answer.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
  options.keep?.({ status: answer.status, headers, html, nonce: options.nonce, deflated: answer.deflated });
}
