import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/*
 * TanStack Router's automatic code splitting rewrites every route file with Babel (parse,
 * traverse, generate): once into the route's reference module and once per split-off part. That
 * was the largest piece of JavaScript work in a bundle's build (about 4 s of a core for the browser
 * and server halves), and its output depends only on the route file's text and the plugin's
 * options, never on a tenant's switches — those are `define`s applied after it. So a production
 * build keeps each rewrite in a cache on disk, keyed by the plugin's version, the hook, the
 * module id and a hash of the text, and a later build (another set of switches, the server half,
 * the next `npm run build`) takes it from there. Development servers are left alone.
 *
 * The splitter hands state between its hooks: compiling a route file records the bindings its
 * parts share, which compiling a part then reads. A part compiled for real after its route file
 * came from the cache would not find them, so the route file is compiled once for real first
 * (its result unused) whenever that happens.
 */

/** The code splitter's hooks whose results are cached (names as the plugin gives them). */
const REFERENCE = 'tanstack-router:code-splitter:compile-reference-file';
const SPLIT_HOOKS = new Set([REFERENCE, 'tanstack-router:code-splitter:compile-virtual-file', 'tanstack-router:code-splitter:compile-shared-file']);

type TransformResult = { code: string; map?: unknown } | string | null | undefined;
type Handler = (this: unknown, code: string, id: string, ...rest: unknown[]) => TransformResult | Promise<TransformResult>;

/** A cached result: the transform's output, or none (the hook left the module alone). */
type Entry = { result: { code: string; map?: unknown } | null };

/**
 * Wraps the router plugin's code-splitting hooks with a cache in `dir` (production builds only).
 * @param plugins the plugins `tanstackRouter()` returned
 * @param options the cache folder and the router plugin's version (part of every key)
 */
export function cacheRouteSplitting(plugins: Plugin[], options: { dir: string; version: string }): Plugin[] {
  let building = false;
  // Route files (without query) the real reference hook has compiled in this process, and their text.
  const compiled = new Set<string>();
  let reference: { handler: Handler; context: unknown } | undefined;

  const read = (key: string): Entry | undefined => {
    try {
      return JSON.parse(readFileSync(join(options.dir, `${key}.json`), 'utf8')) as Entry;
    } catch {
      return undefined;
    }
  };
  const write = (key: string, entry: Entry): void => {
    try {
      mkdirSync(options.dir, { recursive: true });
      const temp = join(options.dir, `.${key}-${process.pid}-${randomBytes(4).toString('hex')}`);
      writeFileSync(temp, JSON.stringify(entry));
      renameSync(temp, join(options.dir, `${key}.json`));
    } catch {
      // an unwritable cache only costs the next build this work
    }
  };

  return plugins.map((plugin) => {
    if (!SPLIT_HOOKS.has(plugin.name) || typeof plugin.transform !== 'object' || plugin.transform === null || !('handler' in plugin.transform)) return plugin;
    const original = plugin.transform.handler as unknown as Handler;
    const isReference = plugin.name === REFERENCE;
    const configResolved = plugin.configResolved;
    const resolvedHandler = typeof configResolved === 'function' ? configResolved : configResolved && typeof configResolved === 'object' ? configResolved.handler : undefined;
    const handler = async function (this: unknown, code: string, id: string, ...rest: unknown[]): Promise<TransformResult> {
      if (isReference) reference = { handler: original, context: this };
      if (!building) return original.call(this, code, id, ...rest);
      const key = createHash('sha256').update(JSON.stringify([options.version, plugin.name, id])).update('\0').update(code).digest('hex');
      const hit = read(key);
      if (hit) return hit.result;
      const base = id.split('?')[0] ?? id;
      if (isReference) compiled.add(base);
      else if (!compiled.has(base) && reference) {
        // The route file came from the cache: compile it for real so its shared bindings are known.
        await reference.handler.call(reference.context, readFileSync(base, 'utf8'), base);
        compiled.add(base);
      }
      const result = await original.call(this, code, id, ...rest);
      const normal = result === null || result === undefined ? null : typeof result === 'string' ? { code: result } : { code: result.code, ...(result.map === undefined ? {} : { map: result.map }) };
      write(key, { result: normal });
      return result;
    };
    return {
      ...plugin,
      configResolved(this: unknown, config: { command: string; mode: string }) {
        building = config.command === 'build';
        return (resolvedHandler as ((this: unknown, c: unknown) => unknown) | undefined)?.call(this, config);
      },
      transform: { ...plugin.transform, handler },
    } as Plugin;
  });
}
