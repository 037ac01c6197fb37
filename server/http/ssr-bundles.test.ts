import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runtimeSsrBanner } from '../../build/plugins/feature-flags.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { importEntry } from './render-core.mjs';
import { createEntryLoader } from './ssr.ts';

/*
 * Which bundle renders a tenant (docs/build.md, "Bundles shared by content"): its own shared
 * bundle while that was compiled with the tenant's switches; the stand-in (every feature's code,
 * switches read at run time) while the own bundle is missing or has other switches; the old
 * bundle with its own switches when there is no stand-in. Stand-in entries written like the real
 * ones: the real banner, reading the switches the platform registered for the entry's URL.
 */

let dist: string;

const tenant = (slug: string, features: Record<string, unknown>): ResolvedTenant => ({ slug, name: `${slug} cars`, features }) as unknown as ResolvedTenant;

/** An entry that answers what it was built as and what it was handed. */
function writeEntry(dir: string, source: string): void {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'entry-server.js'), source);
  fs.writeFileSync(path.join(dir, 'server', 'router-manifest.json'), JSON.stringify({ routes: { __root__: {} } }));
}

function linkTenant(slug: string, bundle: string): void {
  fs.mkdirSync(path.join(dist, slug), { recursive: true });
  fs.symlinkSync(path.join('..', '_bundles', bundle, 'server'), path.join(dist, slug, 'server'));
}

async function rendered(loaded: Awaited<ReturnType<ReturnType<typeof createEntryLoader>['entryFor']>>): Promise<Record<string, unknown>> {
  if (!loaded) throw new Error('nothing to render with');
  const entry = await importEntry(loaded.spec);
  const answer = await entry.render({ request: new Request('http://x/'), services: {} as never, manifest: loaded.manifest, tenant: loaded.tenant });
  return JSON.parse(await answer.text()) as Record<string, unknown>;
}

const SHARED_ENTRY = `export async function render({ tenant }) { return new Response(JSON.stringify({ bundle: 'shared', name: tenant.name, compare: true })); }`;

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-ssr-bundles-'));
  // As in the repo, whose package.json makes dist/'s .js files ES modules.
  fs.writeFileSync(path.join(dist, 'package.json'), '{ "type": "module" }\n');
  const shared = path.join(dist, '_bundles', 'shared-compare-on');
  writeEntry(shared, SHARED_ENTRY);
  fs.writeFileSync(path.join(shared, 'server', 'features.json'), JSON.stringify({ garage: false, compare: true }));
  linkTenant('alpha', 'shared-compare-on');
  linkTenant('gamma', 'shared-compare-on');
});

afterAll(() => {
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the bundle a tenant is rendered with', () => {
  test('tenants with the same switches share one loaded entry, each rendered with its own tenant', async () => {
    const { entryFor } = createEntryLoader(dist);
    const alpha = await entryFor('alpha', tenant('alpha', { compare: true, garage: false }));
    const gamma = await entryFor('gamma', tenant('gamma', { compare: true, garage: false }));
    expect(alpha?.spec).toEqual(gamma?.spec);
    expect(alpha?.standIn).toBe(false);
    expect(await rendered(alpha)).toEqual({ bundle: 'shared', name: 'alpha cars', compare: true });
    expect(await rendered(gamma)).toEqual({ bundle: 'shared', name: 'gamma cars', compare: true });
  });

  test('without a stand-in, a tenant whose switches changed keeps its old bundle with the switches compiled into it', async () => {
    const { entryFor } = createEntryLoader(dist);
    const loaded = await entryFor('alpha', tenant('alpha', { compare: false, garage: false }));
    expect(loaded?.standIn).toBe(false);
    expect(loaded?.tenant.features).toEqual({ garage: false, compare: true });
    expect(await entryFor('nobody', tenant('nobody', {}))).toBeNull();
  });

  test('with a stand-in: a changed switch is rendered by it at once, with the tenant’s switches; a tenant without a bundle too', () => {
    const runtime = path.join(dist, '_bundles', 'runtime-0123456789abcdef');
    writeEntry(runtime, `${runtimeSsrBanner()}\nexport async function render({ tenant }) { return new Response(JSON.stringify({ bundle: 'stand-in', name: tenant.name, compare: __FC_SSR_FEATURES__.compare })); }`);
    fs.writeFileSync(path.join(runtime, 'bundle.json'), JSON.stringify({ key: 'runtime-0123456789abcdef', kind: 'runtime' }));
    // In plain Node, as the platform runs: a module's URL keeps its query there (the test runner's loader drops it).
    const script = path.join(dist, 'stand-in-scenario.mts');
    fs.writeFileSync(script, `
      import { createEntryLoader } from ${JSON.stringify(path.join(import.meta.dirname, 'ssr.ts'))};
      import { importEntry } from ${JSON.stringify(path.join(import.meta.dirname, 'render-core.mjs'))};
      const { entryFor, assetRoots } = createEntryLoader(${JSON.stringify(dist)});
      const tenant = (slug, features) => ({ slug, name: slug + ' cars', features });
      const render = async (loaded) => JSON.parse(await (await (await importEntry(loaded.spec)).render({ request: new Request('http://x/'), services: {}, manifest: loaded.manifest, tenant: loaded.tenant })).text());
      const switched = await entryFor('alpha', tenant('alpha', { compare: false, garage: false }));
      const other = await entryFor('newcomer', tenant('newcomer', { compare: true, garage: true }));
      const again = await entryFor('alpha', tenant('alpha', { compare: false, garage: false }));
      const gamma = await entryFor('gamma', tenant('gamma', { compare: true, garage: false }));
      console.log(JSON.stringify({
        switched: { standIn: switched.standIn, page: await render(switched) },
        other: { sameInstance: (await importEntry(other.spec)) === (await importEntry(switched.spec)), page: await render(other) },
        again: await render(again),
        gammaStandIn: gamma.standIn,
        roots: assetRoots('newcomer'),
      }));
    `);
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: path.join(import.meta.dirname, '..', '..'), encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({
      switched: { standIn: true, page: { bundle: 'stand-in', name: 'alpha cars', compare: false } },
      // Another tenant with other switches rendering meanwhile gets its own instance.
      other: { sameInstance: false, page: { bundle: 'stand-in', name: 'newcomer cars', compare: true } },
      again: { bundle: 'stand-in', name: 'alpha cars', compare: false },
      // The tenant's own bundle still wins while its switches match.
      gammaStandIn: false,
      roots: [path.join(dist, 'newcomer'), runtime],
    });
  }, 30_000);

  test('a stand-in entry imported without its switches fails at once instead of rendering with none', async () => {
    const file = path.join(dist, 'bare-stand-in.mjs');
    fs.writeFileSync(file, `${runtimeSsrBanner()}\nexport const ok = true;`);
    await expect(import(file)).rejects.toThrow(/reads its feature switches at run time/);
  });
});
