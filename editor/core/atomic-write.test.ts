import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashText, readWithStamp, writeFileAtomic } from './atomic-write.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces the file content and leaves no temporary file', async () => {
    const file = path.join(dir, 'a.json');
    writeFileSync(file, 'old');

    await writeFileAtomic(file, '{"new":true}\n');

    expect(readFileSync(file, 'utf8')).toBe('{"new":true}\n');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('keeps the old file whole when the process dies before the rename', async () => {
    const file = path.join(dir, 'a.json');
    writeFileSync(file, 'the original');
    const crashingFs = {
      open: fs.open,
      rm: fs.rm,
      rename: async () => {
        throw new Error('simulated power cut');
      },
    };

    await expect(writeFileAtomic(file, 'half written?', crashingFs)).rejects.toThrow('simulated power cut');

    expect(readFileSync(file, 'utf8')).toBe('the original');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('keeps the old file whole when writing the bytes fails', async () => {
    const file = path.join(dir, 'a.json');
    writeFileSync(file, 'the original');
    const failingOpen = (async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      return Object.assign(Object.create(handle) as typeof handle, {
        writeFile: async () => {
          throw new Error('disk full');
        },
        sync: () => handle.sync(),
        close: () => handle.close(),
      });
    }) as typeof fs.open;

    await expect(writeFileAtomic(file, 'new', { open: failingOpen, rename: fs.rename, rm: fs.rm })).rejects.toThrow('disk full');

    expect(readFileSync(file, 'utf8')).toBe('the original');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });
});

describe('readWithStamp', () => {
  it('returns the text with its hash, or undefined for a missing file', async () => {
    const file = path.join(dir, 'b.json');
    writeFileSync(file, 'abc');

    const read = await readWithStamp(file);
    const missing = await readWithStamp(path.join(dir, 'none.json'));

    expect(read?.text).toBe('abc');
    expect(read?.stamp.hash).toBe(hashText('abc'));
    expect(read?.stamp.size).toBe(3);
    expect(missing).toBeUndefined();
  });
});
