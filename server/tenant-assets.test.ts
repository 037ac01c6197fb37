import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveTenantAsset } from './tenant-assets.ts';

/*
 * Uploaded images are served to their own tenant's host only, from the tenants folder's assets,
 * by the names the editor writes — never another tenant's, never any other file.
 */

let dir: string;
let server: http.Server;
let port: number;
const LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'fc-served-assets-'));
  mkdirSync(path.join(dir, 'assets', 'coastal-motors'), { recursive: true });
  mkdirSync(path.join(dir, 'assets', 'range-road-kia'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', 'coastal-motors', 'logo-0123456789ab.svg'), LOGO);
  writeFileSync(path.join(dir, 'assets', 'coastal-motors', 'notes.txt'), 'private');
  writeFileSync(path.join(dir, 'assets', 'range-road-kia', 'logo-ba9876543210.png'), 'png bytes');
  writeFileSync(path.join(dir, 'coastal-motors.json'), '{}');
  // The host's tenant is coastal-motors.
  server = http.createServer((req, res) => void serveTenantAsset(req, res, 'coastal-motors', path.join(dir, 'assets'), new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, method = 'GET') => fetch(`http://127.0.0.1:${port}${p}`, { method });

describe('uploaded images on the site', () => {
  test("the tenant's own logo, as an image that runs nothing and is kept for a year", async () => {
    const res = await get('/tenants/assets/coastal-motors/logo-0123456789ab.svg');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(LOGO)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/tenants/assets/coastal-motors/logo-0123456789ab.svg', 'HEAD')).status).toBe(200);
  });

  test("nothing else: another tenant's upload, other files, other names, escapes from the folder", async () => {
    for (const p of [
      '/tenants/assets/range-road-kia/logo-ba9876543210.png',
      '/tenants/assets/coastal-motors/notes.txt',
      '/tenants/assets/coastal-motors/logo-missing.png',
      '/tenants/assets/coastal-motors/%2e%2e/%2e%2e/coastal-motors.json',
      '/tenants/assets/coastal-motors/../coastal-motors.json',
    ]) {
      expect({ p, status: (await get(p)).status }).toEqual({ p, status: 404 });
    }
    expect((await get('/tenants/assets/coastal-motors/logo-0123456789ab.svg', 'POST')).status).toBe(405);
  });
});
