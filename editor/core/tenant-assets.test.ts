import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readAssetThumbnail, storeLogo } from './tenant-assets.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fc-assets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c00' } }).png().toBuffer();
const svg = (inner = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48" viewBox="0 0 240 48"><rect width="240" height="48" fill="#036"/>${inner}</svg>`);

describe('uploading a logo', () => {
  test('a PNG is stored with the tenant under a name made from its bytes, with its size', async () => {
    const bytes = await png(320, 80);
    const stored = await storeLogo(dir, 'coastal-motors', bytes);
    expect(stored.src).toMatch(/^\/tenants\/assets\/coastal-motors\/logo-[0-9a-f]{12}\.png$/);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 320, height: 80 });
    const file = path.join(dir, 'assets', 'coastal-motors', path.basename(stored.src));
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(stored.thumbnail).toBe(`data:image/png;base64,${bytes.toString('base64')}`);
    expect(await readAssetThumbnail(dir, 'coastal-motors', stored.src)).toBe(stored.thumbnail);
    // The same file again is the same address; no temporary files are left behind.
    expect((await storeLogo(dir, 'coastal-motors', bytes)).src).toBe(stored.src);
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(stored.src)]);
  });

  test('an SVG keeps its own size; one that loads from the internet is refused', async () => {
    const stored = await storeLogo(dir, 'coastal-motors', svg());
    expect(stored.src).toMatch(/\.svg$/);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 240, height: 48 });
    await expect(storeLogo(dir, 'coastal-motors', svg('<image href="https://example.com/a.png" width="10" height="10"/>'))).rejects.toThrow('logo: the SVG must not load anything from the internet');
  });

  test('refuses what is not an accepted image, too heavy, too large or too small — writing nothing', async () => {
    await expect(storeLogo(dir, 'coastal-motors', Buffer.from('not an image at all'))).rejects.toThrow('logo: must be a PNG, JPEG, WebP or SVG image (this file is not an image)');
    const gif = await sharp({ create: { width: 100, height: 40, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(storeLogo(dir, 'coastal-motors', gif)).rejects.toThrow('logo: must be a PNG, JPEG, WebP or SVG image (this file is GIF)');
    // 200 kB is the limit: a 201 kB file is refused before it is read as an image.
    await expect(storeLogo(dir, 'coastal-motors', Buffer.alloc(201 * 1024, 1))).rejects.toThrow('logo: the file is 201 kB; a logo may be at most 200 kB');
    // The schema's limits: 2000 × 1000 px at most.
    await expect(storeLogo(dir, 'coastal-motors', await png(2001, 100))).rejects.toThrow('logo: the image is 2001 × 100 px; a logo may be at most 2000 × 1000 px');
    await expect(storeLogo(dir, 'coastal-motors', await png(100, 1001))).rejects.toThrow('logo: the image is 100 × 1001 px; a logo may be at most 2000 × 1000 px');
    await expect(storeLogo(dir, 'coastal-motors', await png(200, 10))).rejects.toThrow('logo: the image is 200 × 10 px; it needs at least 16 px on each side');
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a thumbnail is only read for the tenant’s own uploads', async () => {
    const stored = await storeLogo(dir, 'coastal-motors', await png(64, 64));
    expect(await readAssetThumbnail(dir, 'range-road-kia', stored.src)).toBeNull();
    expect(await readAssetThumbnail(dir, 'coastal-motors', '/tenants/assets/coastal-motors/../../coastal-motors.json')).toBeNull();
    expect(await readAssetThumbnail(dir, 'coastal-motors', '/tenants/assets/coastal-motors/logo-000000000000.png')).toBeNull();
  });
});
