import type { Plugin } from 'vite';

/**
 * instantsearch.js falls back to its own history router when `routing` has no `router`; that
 * router pulls in `qs` and its dependency tree (~50 KB minified, ~15 KB gzip). The site always
 * passes its own router (site/src/features/search/routing.ts, over TanStack Router's history),
 * so the fallback is dead code the bundler cannot prove dead. This swaps that one module for a
 * stub that fails loudly if the fallback were ever reached.
 *
 * When it can go: when instantsearch.js imports its history router only where `routing.router`
 * is unset (a dynamic import, or a separate entry), so a bundler drops it; the canary in
 * instantsearch-slim.test.ts fails the day the module it matches is renamed or split.
 */
export const INSTANTSEARCH_HISTORY_STUB =
  "export default function historyRouter() { throw new Error('Forecourt passes its own router to InstantSearch; the built-in history router is not bundled (build/plugins/instantsearch-slim.ts).'); }\n";

/** True for instantsearch.js's compiled history-router module (the one that imports qs). */
export function isInstantSearchHistoryRouter(id: string, code: string): boolean {
  return /[\\/]node_modules[\\/]instantsearch\.js[\\/]es[\\/]/.test(id) && /\bfrom ['"]qs['"]/.test(code) && code.includes('BrowserHistory');
}

/**
 * The Insights middleware (click and conversion events to Algolia Insights, ~5 KB minified) is
 * added only when `insights` is on or unset; the site sets `insights={false}` (events go to the
 * dealer's own analytics, spec §7), so InstantSearch never calls it.
 *
 * When it can go: when InstantSearch stops importing the middleware statically (it is only
 * created when `insights` is on), or when the site turns Insights on.
 */
export const INSTANTSEARCH_INSIGHTS_STUB =
  "export function createInsightsMiddleware() { throw new Error('Forecourt sets insights={false}; the Insights middleware is not bundled (build/plugins/instantsearch-slim.ts).'); }\n";

/** True for instantsearch.js's compiled Insights middleware module. */
export function isInstantSearchInsightsMiddleware(id: string): boolean {
  return /[\\/]node_modules[\\/]instantsearch\.js[\\/]es[\\/]middlewares[\\/]createInsightsMiddleware\.js$/.test(id.split('?')[0] ?? id);
}

/**
 * instantsearch.js and react-instantsearch are compiled with SWC's object-spread helpers, which
 * copy each key through `Object.keys`, a symbol filter and `defineProperty`. Widgets spread their
 * state on every render, so on the search page these helpers were ~10 ms of each server render
 * and a share of hydration. The engine's own `Object.assign` does the same copy for these calls:
 * every target is a fresh object (`_object_spread({}, …)`), and no source the packages spread has
 * accessors (none of their compiled object literals defines a getter), so set and define agree.
 *
 * When it can go: when instantsearch.js and react-instantsearch ship code compiled for ES2018+
 * (native object spread, no `@swc/helpers` import), which their build target decides; the
 * canary checks the helper modules' ids and that both helpers copy as the originals do.
 */
export const SWC_OBJECT_SPREAD =
  'export function _(target) { for (var i = 1; i < arguments.length; i++) { var source = arguments[i]; if (source != null) Object.assign(target, source); } return target; }\n';
export const SWC_OBJECT_SPREAD_PROPS = 'export function _(target, source) { return source == null ? target : Object.assign(target, source); }\n';

/** The SWC helper module to replace with its native equivalent, if `id` is one. */
export function swcSpreadHelper(id: string): string | null {
  const path = (id.split('?')[0] ?? id).replaceAll('\\', '/');
  if (path.endsWith('/node_modules/@swc/helpers/esm/_object_spread.js')) return SWC_OBJECT_SPREAD;
  if (path.endsWith('/node_modules/@swc/helpers/esm/_object_spread_props.js')) return SWC_OBJECT_SPREAD_PROPS;
  return null;
}

/** Vite plugin: replaces instantsearch.js's unused history router and Insights middleware with stubs, and SWC's spread helpers with native ones. */
export function instantSearchSlimPlugin(): Plugin {
  return {
    name: 'forecourt:instantsearch-slim',
    enforce: 'pre',
    transform(code, id) {
      if (isInstantSearchHistoryRouter(id, code)) return { code: INSTANTSEARCH_HISTORY_STUB, map: null };
      if (isInstantSearchInsightsMiddleware(id)) return { code: INSTANTSEARCH_INSIGHTS_STUB, map: null };
      const spread = swcSpreadHelper(id);
      if (spread) return { code: spread, map: null };
      return null;
    },
  };
}
