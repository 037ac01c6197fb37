import { mkdtempSync, mkdirSync, readFileSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress.ts';

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
