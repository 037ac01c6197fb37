import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheRouteSplitting } from './route-split-cache.ts';

/*
 * A stand-in for the router plugin's three code-splitting hooks with the same hand-over of state:
 * compiling a route file records its shared bindings, compiling a part reads them (and comes out
 * differently without them, as the real one does).
 */
function fakeSplitter() {
  const shared = new Map<string, string>();
  const calls: string[] = [];
  const hook = (name: string, transform: (code: string, id: string) => { code: string; map?: unknown } | null): Plugin => ({
    name,
    transform: { filter: { id: /./ }, handler: (code: string, id: string) => (calls.push(`${name.split(':').pop()} ${path.basename(id)}`), transform(code, id)) },
  } as unknown as Plugin);
  const plugins = [
    { name: 'tanstack:router-generator' } as Plugin,
    hook('tanstack-router:code-splitter:compile-reference-file', (code, id) => {
      shared.set(id, code.length.toString());
      return { code: `reference(${code})`, map: { mappings: 'AAAA' } };
    }),
    hook('tanstack-router:code-splitter:compile-virtual-file', (code, id) => ({ code: `part(${code}, shared=${shared.get(id.split('?')[0] ?? '') ?? 'missing'})` })),
    hook('tanstack-router:code-splitter:compile-shared-file', () => null),
  ];
  return { plugins, calls };
}

/** Runs a wrapped plugin set as Vite would: configResolved, then the transforms. */
async function run(plugins: Plugin[], command: 'build' | 'serve', modules: Array<[string, string, string]>) {
  for (const p of plugins) (p.configResolved as ((c: unknown) => void) | undefined)?.({ command, mode: command === 'build' ? 'production' : 'development' });
  const out: unknown[] = [];
  for (const [hook, code, id] of modules) {
    const plugin = plugins.find((p) => p.name.endsWith(hook));
    const transform = plugin?.transform as { handler: (code: string, id: string) => unknown };
    out.push(await transform.handler.call({}, code, id));
  }
  return out;
}

describe('cacheRouteSplitting', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('a second production build takes every rewrite from the cache, equal to the first, and a changed file is compiled again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fc-route-split-'));
    dirs.push(dir);
    const route = path.join(dir, 'about.tsx');
    writeFileSync(route, 'route text');
    const modules: Array<[string, string, string]> = [
      ['compile-reference-file', 'route text', route],
      ['compile-virtual-file', 'route text', `${route}?tsr-split=component`],
      ['compile-shared-file', 'route text', `${route}?tsr-shared=1`],
    ];
    const first = fakeSplitter();
    const firstOut = await run(cacheRouteSplitting(first.plugins, { dir: path.join(dir, 'cache'), version: '1' }), 'build', modules);
    expect(firstOut).toEqual([{ code: 'reference(route text)', map: { mappings: 'AAAA' } }, { code: 'part(route text, shared=10)' }, null]);
    expect(first.calls).toHaveLength(3);

    const second = fakeSplitter();
    expect(await run(cacheRouteSplitting(second.plugins, { dir: path.join(dir, 'cache'), version: '1' }), 'build', modules)).toEqual(firstOut);
    expect(second.calls).toEqual([]);

    // Another version of the plugin, or other text: compiled, not taken.
    const other = fakeSplitter();
    await run(cacheRouteSplitting(other.plugins, { dir: path.join(dir, 'cache'), version: '2' }), 'build', modules.slice(0, 1));
    expect(other.calls).toEqual(['compile-reference-file about.tsx']);
    const edited = fakeSplitter();
    expect(await run(cacheRouteSplitting(edited.plugins, { dir: path.join(dir, 'cache'), version: '1' }), 'build', [['compile-reference-file', 'route text, edited', route]])).toEqual([{ code: 'reference(route text, edited)', map: { mappings: 'AAAA' } }]);
  });

  it('a part compiled for real after its route file came from the cache still gets the bindings the route file shares', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fc-route-split-'));
    dirs.push(dir);
    const route = path.join(dir, 'cars.tsx');
    writeFileSync(route, 'cars route');
    const cache = { dir: path.join(dir, 'cache'), version: '1' };
    // Only the route file is cached (a build that stopped before its parts).
    await run(cacheRouteSplitting(fakeSplitter().plugins, cache), 'build', [['compile-reference-file', 'cars route', route]]);
    const later = fakeSplitter();
    const out = await run(cacheRouteSplitting(later.plugins, cache), 'build', [
      ['compile-reference-file', 'cars route', route],
      ['compile-virtual-file', 'cars route', `${route}?tsr-split=loader`],
    ]);
    expect(out[1]).toEqual({ code: 'part(cars route, shared=10)' });
    expect(later.calls).toEqual(['compile-reference-file cars.tsx', 'compile-virtual-file cars.tsx?tsr-split=loader']);
  });

  it('a development server compiles every time and keeps nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fc-route-split-'));
    dirs.push(dir);
    const route = path.join(dir, 'index.tsx');
    const cache = { dir: path.join(dir, 'cache'), version: '1' };
    const modules: Array<[string, string, string]> = [['compile-reference-file', 'home', route]];
    await run(cacheRouteSplitting(fakeSplitter().plugins, cache), 'serve', modules);
    const again = fakeSplitter();
    await run(cacheRouteSplitting(again.plugins, cache), 'serve', modules);
    expect(again.calls).toEqual(['compile-reference-file index.tsx']);
  });
});
