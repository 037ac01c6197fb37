import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { answerChannel, BadRequestError, isChannel, type WorkspaceHandlers } from '../shared/workspace-api.ts';
import { WorkspaceError } from './workspace.ts';
import { editorCsp } from '../shared/csp.ts';


const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface BridgeOptions {
  handlers: WorkspaceHandlers;
  /** The built renderer (index.html + assets). */
  staticDir: string;
  /** Port to listen on; 0 picks a free one. */
  port?: number;
  /** Fixed token (tests); otherwise 32 random bytes. */
  token?: string;
  /** The preview origin the page may frame (changes when the preview server starts). */
  frameOrigin?: () => string | undefined;
}

export interface BridgeServer {
  /** The URL staff open: the token travels in the fragment so it never reaches logs or Referer. */
  url: string;
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

/**
 * Browser-mode transport of the workspace interface: an HTTP server bound to 127.0.0.1 only.
 * `POST /api/<channel>` needs the bearer token, a JSON body, a Host naming this server (defeats DNS
 * rebinding) and, when the browser sends one, a same-origin Origin (defeats cross-site requests).
 * Everything else is the static renderer.
 */
export async function startBridgeServer(options: BridgeOptions): Promise<BridgeServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const tokenBuf = Buffer.from(token);
  const staticDir = path.resolve(options.staticDir);
  let port = 0;

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: err instanceof Error ? err.message : String(err) });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (!allowedHosts().has(req.headers.host ?? '')) return send(res, 403, { error: 'unexpected Host header' });
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url.pathname.slice(5));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method not allowed' });
    return serveStatic(res, url.pathname);
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, channel: string) {
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().has(origin.replace(/^http:\/\//, ''))) {
      return send(res, 403, { error: 'cross-origin request refused' });
    }
    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (auth.length !== tokenBuf.length || !timingSafeEqual(auth, tokenBuf)) return send(res, 401, { error: 'missing or wrong token' });
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return send(res, 415, { error: 'content-type must be application/json' });
    }
    if (!isChannel(channel)) return send(res, 404, { error: `unknown channel "${channel}"` });
    let payload: unknown;
    try {
      payload = JSON.parse(await readBody(req));
    } catch (err) {
      return send(res, 400, { error: err instanceof Error ? err.message : 'invalid JSON body' });
    }
    try {
      return send(res, 200, await answerChannel(options.handlers, channel, payload));
    } catch (err) {
      if (err instanceof BadRequestError) return send(res, 400, { error: err.message });
      if (err instanceof WorkspaceError) return send(res, err.code === 'not-found' ? 404 : err.code === 'exists' ? 409 : 400, { error: err.message });
      throw err;
    }
  }

  async function serveStatic(res: http.ServerResponse, pathname: string) {
    let rel = decodeURIComponent(pathname);
    if (rel === '/' || !path.extname(rel)) rel = '/index.html';
    const file = path.resolve(staticDir, '.' + rel);
    if (!file.startsWith(staticDir + path.sep)) return send(res, 404, { error: 'not found' });
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      return send(res, 404, { error: 'not found' });
    }
    const headers: Record<string, string> = {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      // Hashed assets never change; the page itself must not be cached so a rebuild shows.
      'cache-control': rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
    };
    if (file.endsWith('.html')) {
      headers['content-security-policy'] = editorCsp(options.frameOrigin?.());
      headers['x-frame-options'] = 'DENY';
    }
    res.writeHead(200, headers);
    res.end(body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
