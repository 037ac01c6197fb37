import { mkdtempSync, mkdirSync, readFileSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress.ts';
import { siblingBundles, siblingFiles } from './sibling-files.ts';

describe('precompressAssets', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip siblings that decompress to the asset, newer than it, and leaves small, binary and server files alone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fc-precompress-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, 'server'));
    const script = `export const cars = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, make: 'Toyota', model: 'Corolla' })))};\n`;
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny.css'), 'a{color:red}');
    writeFileSync(path.join(dir, 'assets', 'photo.webp'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, 'server', 'entry-server.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>stock</p>'.repeat(200)}`);

    expect(await precompressAssets(dir)).toBe(2);

    const js = path.join(dir, 'assets', 'index-abc.js');
    expect(zlib.brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 5);
    // The static server uses a sibling only when it is as new as the file.
    expect(statSync(`${js}.br`).mtimeMs).toBeGreaterThanOrEqual(statSync(js).mtimeMs);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'photo.webp.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'server', 'entry-server.js.br'))).toBe(false);
  });
});

describe('precompressAssets beside finished bundles', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes the compressed files of a byte-identical file in a finished sibling bundle, and compresses the files that differ', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'fc-precompress-siblings-'));
    dirs.push(root);
    const sibling = path.join(root, 'finished');
    const building = path.join(root, '.tmp-building');
    for (const dir of [sibling, building]) mkdirSync(path.join(dir, 'assets'), { recursive: true });
    const shared = `export const makes = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `make ${i}`))};\n`;
    const changed = `export const models = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `model ${i}`))};\n`;
    writeFileSync(path.join(sibling, 'build-report.json'), JSON.stringify({ chunks: [], assets: [] }));
    writeFileSync(path.join(sibling, 'assets', 'vendor-1.js'), shared);
    writeFileSync(path.join(sibling, 'assets', 'app-2.js'), `${changed}// other switches\n`);
    // Stand-ins for the sibling's compressed files: if they are taken, these exact bytes appear.
    writeFileSync(path.join(sibling, 'assets', 'vendor-1.js.br'), 'sibling brotli');
    writeFileSync(path.join(sibling, 'assets', 'vendor-1.js.gz'), 'sibling gzip');
    writeFileSync(path.join(sibling, 'assets', 'app-2.js.br'), 'sibling brotli of other bytes');
    writeFileSync(path.join(sibling, 'assets', 'app-2.js.gz'), 'sibling gzip of other bytes');
    writeFileSync(path.join(building, 'assets', 'vendor-1.js'), shared);
    writeFileSync(path.join(building, 'assets', 'app-2.js'), changed);

    expect(await precompressAssets(building, { siblings: siblingFiles(siblingBundles(building)) })).toBe(2);

    const vendor = path.join(building, 'assets', 'vendor-1.js');
    expect(readFileSync(`${vendor}.br`, 'utf8')).toBe('sibling brotli');
    expect(readFileSync(`${vendor}.gz`, 'utf8')).toBe('sibling gzip');
    expect(statSync(`${vendor}.br`).mtimeMs).toBeGreaterThanOrEqual(statSync(vendor).mtimeMs);
    // Same name, other bytes: compressed here, from this bundle's own file.
    const app = path.join(building, 'assets', 'app-2.js');
    expect(zlib.brotliDecompressSync(readFileSync(`${app}.br`)).toString()).toBe(changed);
    expect(zlib.gunzipSync(readFileSync(`${app}.gz`)).toString()).toBe(changed);
  });
});
