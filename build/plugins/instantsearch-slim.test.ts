import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInstantSearchHistoryRouter, isInstantSearchInsightsMiddleware, SWC_OBJECT_SPREAD, SWC_OBJECT_SPREAD_PROPS, swcSpreadHelper } from './instantsearch-slim.ts';

const require = createRequire(import.meta.url);

describe('instantsearch history-router stub', () => {
  it('matches exactly one module of the installed instantsearch.js, the one that default-exports historyRouter', () => {
    // Guards against a version bump renaming the compiled module: then the stub would silently stop applying.
    const es = path.join(path.dirname(require.resolve('instantsearch.js/package.json')), 'es');
    const matches = readdirSync(es)
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join(es, f))
      .filter((file) => isInstantSearchHistoryRouter(file, readFileSync(file, 'utf8')));

    expect(matches).toHaveLength(1);
    expect(readFileSync(matches[0]!, 'utf8')).toMatch(/export \{ historyRouter as default \}/);
  });

  it('leaves other modules alone', () => {
    expect(isInstantSearchHistoryRouter('/x/node_modules/instantsearch.js/es/index1.js', "import x from 'y';")).toBe(false);
    expect(isInstantSearchHistoryRouter('/x/site/src/routing.ts', "import qs from 'qs'; class BrowserHistory {}")).toBe(false);
  });
});

describe('instantsearch Insights-middleware stub', () => {
  it('matches the installed module, whose only export the stub keeps and whose only importer is the InstantSearch class', () => {
    const es = path.join(path.dirname(require.resolve('instantsearch.js/package.json')), 'es');
    const file = path.join(es, 'middlewares', 'createInsightsMiddleware.js');
    expect(isInstantSearchInsightsMiddleware(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/export \{ createInsightsMiddleware \};/);
    // InstantSearch adds it only when `insights` is on or unset; the search page turns it off.
    const page = readFileSync(path.resolve(import.meta.dirname, '../../site/src/features/search/search-page.tsx'), 'utf8');
    expect(page).toMatch(/insights=\{false\}/);
    expect(isInstantSearchInsightsMiddleware(path.join(es, 'middlewares', 'createRouterMiddleware.js'))).toBe(false);
  });
});

describe('algoliasearch-helper', () => {
  it('resolves to one copy for our code, instantsearch.js and react-instantsearch-core', () => {
    // Two copies (~14 KB gzip each) end up in the search page when our pinned version drifts
    // from the one instantsearch.js depends on; package.json pins the same version.
    const fromRoot = require.resolve('algoliasearch-helper');
    const fromInstantSearch = createRequire(require.resolve('instantsearch.js')).resolve('algoliasearch-helper');
    const fromCore = createRequire(require.resolve('react-instantsearch-core')).resolve('algoliasearch-helper');
    expect(new Set([fromRoot, fromInstantSearch, fromCore]).size).toBe(1);
  });
});

const load = async (code: string) => ((await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { _: (...args: unknown[]) => object })._;

describe('native SWC spread helpers', () => {
  const helpers = path.join(path.dirname(require.resolve('@swc/helpers/package.json')), 'esm');

  it('replace exactly the two installed helper modules', () => {
    expect(swcSpreadHelper(path.join(helpers, '_object_spread.js'))).toBe(SWC_OBJECT_SPREAD);
    expect(swcSpreadHelper(`${path.join(helpers, '_object_spread_props.js')}?v=1`)).toBe(SWC_OBJECT_SPREAD_PROPS);
    expect(swcSpreadHelper(path.join(helpers, '_define_property.js'))).toBeNull();
    expect(swcSpreadHelper('/x/site/src/_object_spread.js')).toBeNull();
  });

  it('copy what the SWC helpers copy, as compiled `{ ...a, ...b, key }` uses them', async () => {
    const swcSpread = ((await import(path.join(helpers, '_object_spread.js'))) as { _: (...args: unknown[]) => object })._;
    const swcProps = ((await import(path.join(helpers, '_object_spread_props.js'))) as { _: (...args: unknown[]) => object })._;
    const spread = await load(SWC_OBJECT_SPREAD);
    const props = await load(SWC_OBJECT_SPREAD_PROPS);
    const symbol = Symbol('s');
    const hidden = Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false });
    const sources: unknown[][] = [
      [{ a: 1, b: { deep: true } }, { b: 2, c: undefined }],
      [null, { a: 1 }, undefined],
      [{ [symbol]: 'symbol', a: [1, 2] }],
      [hidden, { shown: 3 }],
      [Object.create({ inherited: 1 }, { own: { value: 1, enumerable: true } })],
      [],
    ];
    for (const list of sources) {
      const mine = props(spread({}, ...list), { extra: 'x' });
      const theirs = swcProps(swcSpread({}, ...list), { extra: 'x' });
      expect(mine).toEqual(theirs);
      expect(Reflect.ownKeys(mine)).toEqual(Reflect.ownKeys(theirs));
    }
    expect(props({ a: 1 }, null)).toEqual(swcProps({ a: 1 }, null));
  });
});

describe('the packages these workarounds lean on are pinned', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; overrides: Record<string, string> };
  /** The installed version, read from the package's own folder (some packages' exports hide package.json). */
  const installed = (name: string) => (JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

  it.each([
    ['react-instantsearch', manifest.dependencies['react-instantsearch']],
    ['react-instantsearch-core', manifest.overrides['react-instantsearch-core']],
    ['instantsearch.js', manifest.overrides['instantsearch.js']],
    ['@swc/helpers', manifest.overrides['@swc/helpers']],
  ])('%s is pinned to one exact version, and that version is installed', (name, pin) => {
    // An upgrade is a deliberate edit of package.json that then meets the canaries above and
    // site/src/features/search/search-ssr-internals.test.tsx.
    expect(pin).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed(name)).toBe(pin);
  });
});
