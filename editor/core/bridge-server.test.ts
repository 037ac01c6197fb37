import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceHandlers } from '../shared/workspace-api.ts';
import { startBridgeServer, type BridgeServer } from './bridge-server.ts';
import { WorkspaceError } from './workspace.ts';

let dir: string;
let bridge: BridgeServer;
const calls: unknown[] = [];

const handlers = new Proxy({} as WorkspaceHandlers, {
  get(_t, name: string) {
    return async (req: unknown) => {
      calls.push([name, req]);
      if (name === 'listTenants') return { tenants: [{ slug: 'a', errors: 0, warnings: 0 }] };
      if (name === 'openTenant') throw new WorkspaceError('tenant "zz" does not exist', 'not-found');
      throw new Error(`unexpected ${name}`);
    };
  },
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bridge-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
  bridge = await startBridgeServer({ handlers, staticDir: dir, token: 'secret-token', frameOrigin: () => 'http://127.0.0.1:4567' });
});
afterAll(async () => {
  await bridge.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Raw request so the test controls Host and Origin (fetch would not). */
function request(pathname: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: bridge.port, path: pathname, method: opts.method ?? 'GET', headers: { host: `127.0.0.1:${bridge.port}`, ...opts.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
const api = (channel: string, body: unknown, headers: Record<string, string> = {}) =>
  request(`/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer secret-token', ...headers },
    body: JSON.stringify(body),
  });

describe('bridge server', () => {
  it('listens on 127.0.0.1 only and hands out the token in the URL fragment', () => {
    expect(bridge.url).toBe(`http://127.0.0.1:${bridge.port}/#token=secret-token`);
  });

  it('answers a channel call with the parsed response', async () => {
    const res = await api('listTenants', {});

    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ tenants: [{ slug: 'a', errors: 0, warnings: 0 }] });
  });

  it('refuses a call without the right token', async () => {
    const res = await api('listTenants', {}, { authorization: 'Bearer wrong-token!' });

    expect(res.status).toBe(401);
  });

  it('refuses a foreign Host (DNS rebinding) and a cross-site Origin', async () => {
    const rebinding = await api('listTenants', {}, { host: 'evil.example:80' });
    const crossSite = await api('listTenants', {}, { origin: 'http://evil.example' });

    expect(rebinding.status).toBe(403);
    expect(crossSite.status).toBe(403);
  });

  it('refuses non-JSON bodies so plain HTML forms cannot post', async () => {
    const res = await request('/api/listTenants', { method: 'POST', headers: { authorization: 'Bearer secret-token', 'content-type': 'text/plain' }, body: '{}' });

    expect(res.status).toBe(415);
  });

  it('names the bad field of a malformed payload and never calls the handler', async () => {
    calls.length = 0;

    const res = await api('openTenant', { slug: 'NOT A SLUG' });

    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatch(/^openTenant: slug: /);
    expect(calls).toEqual([]);
  });

  it('maps workspace errors to HTTP statuses with the message for staff', async () => {
    const res = await api('openTenant', { slug: 'zz' });

    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).error).toBe('tenant "zz" does not exist');
  });

  it('serves the page with a strict CSP that frames only the preview origin', async () => {
    const res = await request('/');

    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-src http://127.0.0.1:4567');
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('does not serve files outside the renderer folder', async () => {
    const res = await request('/..%2f..%2fetc%2fpasswd.txt');

    expect(res.status).toBe(404);
  });
});
