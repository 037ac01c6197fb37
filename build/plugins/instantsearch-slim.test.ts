import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInstantSearchHistoryRouter, isInstantSearchInsightsMiddleware } from './instantsearch-slim.ts';

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
