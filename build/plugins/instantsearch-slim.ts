import type { Plugin } from 'vite';

/**
 * instantsearch.js falls back to its own history router when `routing` has no `router`; that
 * router pulls in `qs` and its dependency tree (~50 KB minified, ~15 KB gzip). The site always
 * passes its own router (site/src/features/search/routing.ts, over TanStack Router's history),
 * so the fallback is dead code the bundler cannot prove dead. This swaps that one module for a
 * stub that fails loudly if the fallback were ever reached.
 */
export const INSTANTSEARCH_HISTORY_STUB =
  "export default function historyRouter() { throw new Error('Forecourt passes its own router to InstantSearch; the built-in history router is not bundled (build/plugins/instantsearch-slim.ts).'); }\n";

/** True for instantsearch.js's compiled history-router module (the one that imports qs). */
export function isInstantSearchHistoryRouter(id: string, code: string): boolean {
  return /[\\/]node_modules[\\/]instantsearch\.js[\\/]es[\\/]/.test(id) && /\bfrom ['"]qs['"]/.test(code) && code.includes('BrowserHistory');
}

/** Vite plugin: replaces instantsearch.js's unused history router with a stub. */
export function instantSearchSlimPlugin(): Plugin {
  return {
    name: 'forecourt:instantsearch-slim',
    enforce: 'pre',
    transform(code, id) {
      return isInstantSearchHistoryRouter(id, code) ? { code: INSTANTSEARCH_HISTORY_STUB, map: null } : null;
    },
  };
}
