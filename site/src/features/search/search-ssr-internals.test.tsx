import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { InstantSearchSSRContext, type InstantSearchServerState } from 'react-instantsearch';
import { describe, expect, it } from 'vitest';
import { SearchSSRProvider } from './search-ssr-provider.tsx';

/*
 * Canary for the one place the site fills a library's internal context by hand: SearchSSRProvider
 * stands in for react-instantsearch's InstantSearchSSRProvider and puts the same internal refs
 * into InstantSearchSSRContext. If an upgrade renames, adds or drops one, these tests fail
 * loudly instead of the search page quietly creating a second InstantSearch. The package is
 * pinned exactly (package.json) so the upgrade is a deliberate change that meets this test.
 */

const require = createRequire(import.meta.url);
// The package's exports hide package.json: find its folder from its entry point.
const coreEntry = require.resolve('react-instantsearch-core');
const core = path.join(coreEntry.slice(0, coreEntry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'dist', 'es');
const read = (...parts: string[]) => readFileSync(path.join(core, ...parts), 'utf8');

/** The internal refs the library's own provider adds to the server state (the keys of its context value). */
function stockProviderKeys(): string[] {
  const source = read('components', 'InstantSearchSSRProvider.js');
  const value = /var contextValue = [^(]+\([^(]+\(\{\}, props\), \{([^}]*)\}\);/.exec(source);
  if (!value) throw new Error('react-instantsearch-core changed how InstantSearchSSRProvider builds its context value: read it again before upgrading');
  return [...(value[1] as string).matchAll(/(\w+):/g)].map((m) => m[1] as string).sort();
}

/** Every ref-like key (…Ref, …Idx) the library reads off the SSR context anywhere. */
function keysTheLibraryReads(): string[] {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) {
        for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:ssrContext|serverState)\b[^;]{0,80}?\.(\w+(?:Ref|Idx))\b/g)) keys.add(m[1] as string);
      }
    }
  };
  walk(core);
  return [...keys].sort();
}

/** The keys SearchSSRProvider puts into the context beyond the server state itself. */
function ourKeys(): string[] {
  const serverState = { initialResults: {} } as InstantSearchServerState;
  let seen: Record<string, unknown> = {};
  function Reader() {
    seen = useContext(InstantSearchSSRContext) as unknown as Record<string, unknown>;
    return null;
  }
  renderToString(
    <SearchSSRProvider serverState={serverState}>
      <Reader />
    </SearchSSRProvider>,
  );
  return Object.keys(seen).filter((key) => !(key in serverState)).sort();
}

describe('react-instantsearch internals the search page fills by hand', () => {
  it('the library provider adds exactly the refs SearchSSRProvider adds', () => {
    expect(stockProviderKeys()).toEqual(['hydrationCompleteRef', 'recommendIdx', 'ssrSearchRef']);
    expect(ourKeys()).toEqual(stockProviderKeys());
  });

  it('the library reads no internal ref from the context that SearchSSRProvider does not provide', () => {
    expect(keysTheLibraryReads()).toEqual(ourKeys());
  });

  it('the refs are read where the workaround expects: one InstantSearch per server state, hydration, recommend results', () => {
    expect(read('lib', 'useInstantSearchApi.js')).toMatch(/serverState\.ssrSearchRef/);
    expect(read('lib', 'useIsHydrated.js')).toMatch(/hydrationCompleteRef/);
    expect(read('hooks', 'useConnector.js')).toMatch(/ssrContext\.recommendIdx/);
  });
});
