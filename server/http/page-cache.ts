import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../api/account.ts';
import { stockFilterHour } from '../../site/src/domain/stock-filter.ts';
import { deflateParts, joinDeflated } from './gzip-splice.mjs';
import { acceptsEncoding, chooseEncoding } from './static.ts';
import { TEST_NOW_HEADER } from '../app/test-clock.ts';

/*
 * Server-rendered pages kept for a short time, so a campaign or a crawler hitting the same pages
 * costs one render per page, not one per visit. Only what every anonymous shopper is shown alike:
 * - kept per tenant, scheme, host and path with its query (the page a URL renders), for at most
 *   `ttlMs`; a stock change (stock generation), a write through the tenant's API (an offer, a
 *   review, a lead), a new tenant file or bundle makes another key, and so does the hour the
 *   site's stock filter moves on (a car sold beyond the sold window leaves the kept pages too);
 * - never for a signed-in or possibly signed-in shopper (session cookie or the signed-in hint),
 *   an Authorization header, a browser test's clock, anything but GET/HEAD;
 * - never an answer that sets a cookie, says no-store (a part of the page failed on the platform's
 *   side), is not 200, or is larger than `maxPageBytes`.
 * Every answer from the cache carries a fresh CSP nonce: the kept page is split where its
 * render's nonce stood and joined with a new one (a nonce is 24 random base64 characters, so
 * it appears nowhere else), then compressed for this request.
 */

const brotli = promisify(zlib.brotliCompress);

/** Cookies whose presence means the render may be personal. */
const PERSONAL_COOKIES = [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE];

const writes = new Map<string, number>();

/**
 * Records that a request may have changed what a tenant's pages show (a write to its API): its
 * kept pages are not used again. Stock changes move the stock generation instead.
 * @param slug tenant slug
 */
export function siteWritten(slug: string): void {
  writes.set(slug, (writes.get(slug) ?? 0) + 1);
}

/**
 * How many writes the tenant's API has taken (part of a page's cache key).
 * @param slug tenant slug
 */
export function siteWrites(slug: string): number {
  return writes.get(slug) ?? 0;
}

/** What a render left in the cache. */
export interface CachedPage {
  status: number;
  /** Headers as sent, the render's nonce still in the CSP. */
  headers: Record<string, string>;
  /** The page split at its nonce, as UTF-8: join with a new nonce. */
  parts: Buffer[];
  /** Each part deflated on its own (gzip-splice.mjs): a gzip answer costs no compression. */
  deflated: Uint8Array[];
  nonce: string;
  storedAt: number;
  bytes: number;
}

/** A render's answer offered to the cache; `deflated` when the render thread already deflated its parts. */
export interface KeptPage {
  status: number;
  headers: Record<string, string>;
  html: string;
  nonce: string;
  deflated?: Uint8Array[] | null;
}

/** The page cache's settings. */
export interface PageCacheOptions {
  /** How long a page is kept. */
  ttlMs: number;
  /** All pages together, in bytes of HTML. */
  maxBytes: number;
  /** Largest page kept. */
  maxPageBytes: number;
  now?: () => number;
}

/** The page cache the server starts with. */
export const PAGE_CACHE_DEFAULTS: PageCacheOptions = { ttlMs: 30_000, maxBytes: 64 * 1024 * 1024, maxPageBytes: 2 * 1024 * 1024 };

/** Whether the request's cookies say it may belong to a signed-in shopper. */
function personal(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => PERSONAL_COOKIES.includes(part.split('=')[0]?.trim() ?? ''));
}

/** The page cache of one server. */
export interface PageCache {
  /**
   * The request's cache key, or null when its answer must not be shared.
   * @param variant what else the page depends on (tenant file, bundle, stock generation, scheme)
   */
  keyOf(req: IncomingMessage, variant: string): string | null;
  get(key: string): CachedPage | undefined;
  /** A page past its time but not past twice its time: answered while the same page is being rendered again. */
  stale(key: string): CachedPage | undefined;
  /** Keeps a render's answer (when it may be shared). */
  keep(key: string, page: KeptPage): void;
  /** Drops every page (tests, a tenant removed). */
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

/**
 * Creates a page cache.
 * @param options time to keep, size limits, clock
 */
export function createPageCache(options: Partial<PageCacheOptions> = {}): PageCache {
  const settings = { ...PAGE_CACHE_DEFAULTS, ...options };
  const now = settings.now ?? Date.now;
  // Insertion order is use order (a hit moves its page to the end): the first key is the least recently used.
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  };
  return {
    keyOf(req, variant) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return null;
      if (personal(req.headers.cookie) || req.headers.authorization !== undefined || req.headers[TEST_NOW_HEADER] !== undefined) return null;
      return `${variant}\u0000${stockFilterHour(Math.floor(now() / 1000))}\u0000${(req.headers.host ?? '').toLowerCase()}\u0000${req.url ?? '/'}`;
    },
    get(key) {
      const page = pages.get(key);
      if (!page) return undefined;
      const age = now() - page.storedAt;
      if (age >= settings.ttlMs) {
        // Kept a while longer for stale(), while its fresh render is under way.
        if (age >= 2 * settings.ttlMs) drop(key);
        return undefined;
      }
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    stale(key) {
      const page = pages.get(key);
      return page && now() - page.storedAt < 2 * settings.ttlMs ? page : undefined;
    },
    keep(key, page) {
      if (page.status !== 200 || page.nonce === '') return;
      if (Object.keys(page.headers).some((name) => name.toLowerCase() === 'set-cookie')) return;
      // A render that says no-store (a part of it could not be served: entry-server.tsx) is for this shopper only.
      if (Object.entries(page.headers).some(([name, value]) => name.toLowerCase() === 'cache-control' && /\bno-store\b/i.test(value))) return;
      if (Buffer.byteLength(page.html) > settings.maxPageBytes) return;
      const split = page.html.split(page.nonce);
      const deflated = page.deflated && page.deflated.length === split.length ? page.deflated : deflateParts(split);
      const parts = split.map((part) => Buffer.from(part));
      const size = [...parts, ...deflated].reduce((sum, part) => sum + part.byteLength, 0);
      drop(key);
      pages.set(key, { status: page.status, headers: page.headers, parts, deflated, nonce: page.nonce, storedAt: now(), bytes: size });
      bytes += size;
      for (const oldest of pages.keys()) {
        if (bytes <= settings.maxBytes) break;
        drop(oldest);
      }
    },
    clear() {
      pages.clear();
      bytes = 0;
    },
    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * Answers a request from a kept page, with a fresh nonce. Gzip when the browser takes it (even
 * where it would rather have brotli): the page's parts were deflated once, so the answer is
 * joined, not compressed (about as small as the fast brotli setting a fresh compression could
 * afford). A browser that takes only brotli gets it at a fast setting, compressed in Node's
 * thread pool, not on the thread that answers requests.
 * @param req the request
 * @param res the response
 * @param page the kept page
 */
export async function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): Promise<void> {
  const nonce = crypto.randomBytes(16).toString('base64');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (name.toLowerCase() === 'content-encoding' || name.toLowerCase() === 'content-length') continue;
    headers[name] = value.split(page.nonce).join(nonce);
  }
  const accepted = req.headers['accept-encoding'];
  const encoding = acceptsEncoding(accepted, 'gzip') ? 'gzip' : chooseEncoding(accepted);
  const joined = () => Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from(nonce), part])));
  const body =
    encoding === 'gzip'
      ? joinDeflated(page.deflated, page.parts, nonce)
      : encoding === 'br'
        ? await brotli(joined(), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } })
        : joined();
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  if (res.destroyed) return;
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
