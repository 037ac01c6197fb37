import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inlineScriptHashes, securityHeaders } from './security-headers.ts';

/*
 * Serves a tenant's built bundle from dist/<slug>/: SPA fallback to index.html, immutable caching
 * for content-hashed assets, no-cache for HTML, and brotli/gzip compressed once per file version
 * and kept in memory (a build writes new hashed names, so entries go stale only for index.html,
 * which is keyed by mtime and size).
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml', '.webmanifest', '.wasm']);
/** A file name with a content hash, as Vite writes them (name-[hash].ext, hash ≥ 8 chars). */
const HASHED = /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

interface CacheEntry { key: string; raw: Buffer; br?: Buffer; gzip?: Buffer; scriptHashes?: string[] }
const cache = new Map<string, CacheEntry>();

/**
 * Picks the encoding for an Accept-Encoding header: br, then gzip, else identity.
 * @param header Accept-Encoding
 */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (acceptsEncoding(header, 'br')) return 'br';
  if (acceptsEncoding(header, 'gzip')) return 'gzip';
  return null;
}

/**
 * Whether an Accept-Encoding header takes this encoding (named with a quality above 0).
 * @param header the request's Accept-Encoding
 * @param name the encoding
 */
export function acceptsEncoding(header: string | undefined, name: 'br' | 'gzip'): boolean {
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (token !== name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (q ? Number(q.slice(2)) : 1) > 0;
  }
  return false;
}

function load(file: string, stat: fs.Stats): CacheEntry {
  const key = `${stat.mtimeMs}:${stat.size}`;
  // Tenants with the same switches link to one shared bundle (build/bundles.ts): their files are
  // kept once, under the bundle's own path, not once per tenant.
  let real = file;
  try {
    real = fs.realpathSync(file);
  } catch {
    // gone since its stat: read it under the name asked for
  }
  const hit = cache.get(real);
  if (hit && hit.key === key) return hit;
  const entry: CacheEntry = { key, raw: fs.readFileSync(file) };
  cache.set(real, entry);
  return entry;
}

function encoded(entry: CacheEntry, file: string, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    // A build may ship precompressed siblings; use them when they are as new as the file.
    if (!entry.br) {
      const pre = `${file}.br`;
      entry.br = fs.existsSync(pre) && fs.statSync(pre).mtimeMs >= fs.statSync(file).mtimeMs
        ? fs.readFileSync(pre)
        : zlib.brotliCompressSync(entry.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.raw.length } });
    }
    return entry.br;
  }
  if (!entry.gzip) {
    const pre = `${file}.gz`;
    entry.gzip = fs.existsSync(pre) && fs.statSync(pre).mtimeMs >= fs.statSync(file).mtimeMs ? fs.readFileSync(pre) : zlib.gzipSync(entry.raw, { level: 9 });
  }
  return entry.gzip;
}

/**
 * Serves a static file or the SPA fallback; answers false when the tenant has no bundle.
 * @param req request
 * @param res response
 * @param root dist/<slug>/
 * @param urlPath decoded request path
 * @param security how the request arrived and who may frame the page (security headers)
 * @param options `fallback: false` answers 404 for a missing file instead of the SPA's index.html
 */
export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  urlPath: string,
  security: { https: boolean; frameAncestors?: readonly string[] | undefined } = { https: false },
  options: { fallback?: boolean } = {},
): boolean {
  const index = path.join(root, 'index.html');
  if (options.fallback !== false && !fs.existsSync(index)) return false;
  let file = path.join(root, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
  if (!file.startsWith(root)) file = index;
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file);
    if (stat.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = fs.statSync(file);
    }
  } catch {
    stat = undefined;
  }
  const ext = path.extname(file).toLowerCase();
  if (!stat) {
    // Missing assets are real 404s; any other path is a client-side route.
    if (options.fallback === false || urlPath.startsWith('/assets/') || (ext !== '' && ext !== '.html')) {
      res.writeHead(404, { ...securityHeaders({ kind: 'asset', https: security.https }), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(`Not found: ${urlPath}`);
      return true;
    }
    file = index;
    stat = fs.statSync(index);
  }
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const isHtml = file.endsWith('.html');
  const immutable = !isHtml && (urlPath.startsWith('/assets/') || HASHED.test(path.basename(file)));
  const entry = load(file, stat);
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  // HTML allows exactly its own inline scripts (by hash), never 'unsafe-inline'.
  if (isHtml) entry.scriptHashes ??= inlineScriptHashes(entry.raw.toString('utf8'));
  const headers: Record<string, string> = {
    ...securityHeaders({ kind: isHtml ? 'html' : 'asset', https: security.https, frameAncestors: security.frameAncestors, scriptHashes: entry.scriptHashes }),
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
  };
  if (COMPRESSIBLE.has(path.extname(file).toLowerCase())) headers.Vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  let body = entry.raw;
  const encoding = COMPRESSIBLE.has(path.extname(file).toLowerCase()) && entry.raw.length > 512 ? chooseEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    body = encoded(entry, file, encoding);
    headers['Content-Encoding'] = encoding;
  }
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
