import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RenderInput } from './render-core.mjs';
import { createRenderPool, defaultRenderThreads, type RenderJob } from './render-pool.ts';

/*
 * The render pool on its own: a render stuck in a loop is stopped at its time limit (its thread
 * ended, the other render on that thread told so too) and the pool renders again with a new
 * thread; a render that throws fails alone; a broken entry is told apart from a failed render;
 * the thread count follows the machine's cores within bounds; warmed threads import the entries
 * before the first render, and each renders where it was imported.
 */

let dir: string;
const logged: string[] = [];

const ENTRY = `
import { threadId } from 'node:worker_threads';
export async function render({ request }) {
  const url = new URL(request.url);
  if (url.pathname === '/hang') for (;;) {}
  if (url.pathname === '/wait') await new Promise(() => {});
  if (url.pathname === '/throws') throw new Error('render exploded');
  return new Response('<p>' + url.pathname + ' on ' + threadId + '</p>', { headers: { 'content-type': 'text/html' } });
}`;

const input = (target: string): RenderInput => ({
  path: target, headers: [], host: 'alpha.localhost', protocol: 'http', cookie: '', requestTime: 0, port: 1, nonce: 'n', manifest: {}, tenant: {} as RenderInput['tenant'], encoding: null, keepable: false,
});

const job = (file: string, target: string): RenderJob => ({
  entry: { url: pathToFileURL(path.join(dir, file)).href },
  file,
  version: '1',
  input: input(target),
  search: () => Promise.reject(new Error('no search here')),
});

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-render-pool-'));
  fs.writeFileSync(path.join(dir, 'entry.mjs'), ENTRY);
  fs.writeFileSync(path.join(dir, 'broken.mjs'), 'export const render = ;');
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the render pool', () => {
  test('a render past its time limit ends its thread; the pool renders again on a new one', async () => {
    const pool = createRenderPool({ threads: 1, perThread: 2, timeoutMs: 3_000 }, (line) => logged.push(line));
    try {
      const first = await pool.render(job('entry.mjs', '/'));
      expect(first.kind).toBe('rendered');
      const firstThread = /on (\d+)/.exec(first.kind === 'rendered' ? (first.answer.html ?? '') : '')?.[1];
      // Both on the one thread: the loop holds it, so the other render cannot finish either.
      const [hung, waiting] = await Promise.all([pool.render(job('entry.mjs', '/hang')), pool.render(job('entry.mjs', '/wait'))]);
      expect(hung).toEqual({ kind: 'timed-out', message: 'render took over 3000 ms', retrySoon: false });
      expect(waiting).toEqual({ kind: 'timed-out', message: 'its render thread was restarted', retrySoon: true });
      expect(logged.some((line) => line.includes('restarting its thread'))).toBe(true);
      const after = await pool.render(job('entry.mjs', '/after'));
      expect(after.kind).toBe('rendered');
      const html = after.kind === 'rendered' ? (after.answer.html ?? '') : '';
      expect(html).toContain('/after on');
      expect(/on (\d+)/.exec(html)?.[1]).not.toBe(firstThread);
      expect(pool.started).toBe(2);
    } finally {
      await pool.close();
    }
  }, 30_000);

  test('a render that throws fails alone; a broken entry is told apart', async () => {
    const pool = createRenderPool({ threads: 1, perThread: 2, timeoutMs: 20_000 }, (line) => logged.push(line));
    try {
      const [throws, fine] = await Promise.all([pool.render(job('entry.mjs', '/throws')), pool.render(job('entry.mjs', '/fine'))]);
      expect(throws.kind).toBe('failed');
      expect(throws.kind === 'failed' ? throws.message : '').toContain('render exploded');
      expect(fine.kind).toBe('rendered');
      expect((await pool.render(job('broken.mjs', '/'))).kind).toBe('load-failed');
      expect(pool.started).toBe(1);
    } finally {
      await pool.close();
    }
  });

  test('warmed: the threads start at once and import the entries between them, and each entry renders where it was imported', async () => {
    const imports = path.join(dir, 'imports.log');
    const warmEntry = (name: string) => `
import fs from 'node:fs';
import { threadId } from 'node:worker_threads';
fs.appendFileSync(${JSON.stringify(imports)}, ${JSON.stringify(name)} + ' ' + threadId + '\\n');
export async function render() {
  return new Response('<p>${name} on ' + threadId + '</p>', { headers: { 'content-type': 'text/html' } });
}`;
    for (const name of ['warm-a', 'warm-b']) fs.writeFileSync(path.join(dir, `${name}.mjs`), warmEntry(name));
    const importLines = () => (fs.existsSync(imports) ? fs.readFileSync(imports, 'utf8').trim().split('\n').sort() : []);
    const pool = createRenderPool({ threads: 2, perThread: 2, timeoutMs: 20_000 }, (line) => logged.push(line));
    try {
      pool.warm([job('warm-a.mjs', '/'), job('warm-b.mjs', '/')]);
      expect(pool.started).toBe(2);
      await expect.poll(importLines).toHaveLength(2);
      const byEntry = new Map(importLines().map((line) => line.split(' ') as [string, string]));
      expect(byEntry.get('warm-a')).not.toBe(byEntry.get('warm-b'));
      for (const name of ['warm-a', 'warm-b']) {
        const outcome = await pool.render(job(`${name}.mjs`, '/'));
        expect(outcome.kind === 'rendered' ? outcome.answer.html : outcome).toContain(`${name} on ${byEntry.get(name)}`);
      }
      // Rendered where they were imported: neither entry was imported again.
      expect(importLines()).toHaveLength(2);
      expect((await pool.render(job('entry.mjs', '/cold'))).kind).toBe('rendered');
      expect(pool.started).toBe(2);
    } finally {
      await pool.close();
    }
  });

  test('one render thread per core, at least one and at most four', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultRenderThreads(cores))).toEqual([1, 2, 3, 4, 4, 4]);
  });
});
