import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { siblingBundles, siblingFiles } from './sibling-files.ts';

describe('siblingFiles', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('finds finished bundles beside a build and takes their measured sizes only for the same bytes at the same path', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'fc-sibling-files-'));
    dirs.push(root);
    const finished = path.join(root, 'aaa');
    const unfinished = path.join(root, 'bbb');
    const building = path.join(root, '.tmp-ccc');
    for (const dir of [finished, unfinished, building]) mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(finished, 'build-report.json'), JSON.stringify({ chunks: [{ file: 'assets/a.js', raw: 11, gzip: 7, brotli: 5 }], assets: [{ file: 'assets/s.css', raw: 9, gzip: 6, brotli: 4 }] }));
    writeFileSync(path.join(finished, 'assets', 'a.js'), 'console.a()');
    writeFileSync(path.join(finished, 'assets', 's.css'), 'a{top:0}\n');
    // No build report: not finished, never used.
    writeFileSync(path.join(unfinished, 'assets', 'b.js'), 'console.b()');

    expect(siblingBundles(building)).toEqual([finished]);
    const files = siblingFiles(siblingBundles(building));
    expect(files.sizes('assets/a.js', Buffer.from('console.a()'))).toEqual({ raw: 11, gzip: 7, brotli: 5 });
    expect(files.sizes('assets/s.css', Buffer.from('a{top:0}\n'))).toEqual({ raw: 9, gzip: 6, brotli: 4 });
    expect(files.identical('assets/a.js', Buffer.from('console.a()'))).toBe(finished);
    // Same name, other bytes; other name; a file only an unfinished bundle has.
    expect(files.sizes('assets/a.js', Buffer.from('console.z()'))).toBeUndefined();
    expect(files.identical('assets/a.js', Buffer.from('console.z()'))).toBeUndefined();
    expect(files.sizes('assets/x.js', Buffer.from('console.a()'))).toBeUndefined();
    expect(files.identical('assets/b.js', Buffer.from('console.b()'))).toBeUndefined();
  });
});
