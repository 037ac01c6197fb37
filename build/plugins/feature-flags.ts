import type { Plugin } from 'vite';
import { featureFlagName } from '../../schema/resolve.ts';

/** How the `__FEATURE_*__` constants reach the code. */
export type FeatureFlagMode =
  /** Production: every flag is a literal (`true`, `false`, `"grid"`), so the minifier removes dead branches and their imports. */
  | 'literal'
  /** Editor preview: every flag is `globalThis.__FC_FEATURES__.<key>`, so toggling a feature needs no rebuild. */
  | 'live'
  /**
   * The stand-in bundle every tenant can be served from while its own builds (docs/build.md):
   * in the browser as `live`, the page setting the global before any module runs; no page is
   * written with a tenant's features.
   */
  | 'runtime'
  /**
   * The stand-in's server entry: every flag is `__FC_SSR_FEATURES__.<key>`, a constant the
   * entry's first line reads for the tenant it was imported for (`runtimeSsrBanner`), so each
   * tenant has its own instance and flags never cross between tenants rendering at once.
   */
  | 'runtime-ssr';

/** The global the live preview reads flags from (see docs/contracts.md). */
export const LIVE_FEATURES_GLOBAL = '__FC_FEATURES__';

/**
 * The `define` map for a tenant's `features` object. Literal mode serialises each value as
 * JSON (a literal the minifier can fold); live mode points each constant at the live global.
 */
export function featureDefines(features: Record<string, unknown>, mode: FeatureFlagMode): Record<string, string> {
  const defines: Record<string, string> = {};
  for (const key of Object.keys(features).sort()) {
    const value = features[key];
    if (value === undefined) continue;
    defines[featureFlagName(key)] =
      mode === 'literal'
        ? JSON.stringify(value)
        : mode === 'runtime-ssr'
          ? `${SSR_FEATURES_CONST}.${safeMember(key)}`
          : `globalThis.${LIVE_FEATURES_GLOBAL}.${safeMember(key)}`;
  }
  return defines;
}

function safeMember(key: string): string {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) throw new Error(`feature key "${key}" is not a valid identifier`);
  return key;
}

/** The constant a `runtime-ssr` server entry reads its flags from. */
const SSR_FEATURES_CONST = '__FC_SSR_FEATURES__';
/** The global registry the platform fills before importing a `runtime-ssr` entry: import key → features. */
export const SSR_FEATURES_REGISTRY = '__FC_TENANT_FEATURES__';
/** The query parameter of a `runtime-ssr` entry's URL naming its registry key. */
export const SSR_FEATURES_PARAM = 'features';

/**
 * The first line of a `runtime-ssr` server entry: its flags, from the registry entry its own URL
 * names (`entry-server.js?features=<key>`). An entry imported without one fails at once.
 */
export function runtimeSsrBanner(): string {
  return [
    `const ${SSR_FEATURES_CONST} = globalThis.${SSR_FEATURES_REGISTRY}?.[new URL(import.meta.url).searchParams.get(${JSON.stringify(SSR_FEATURES_PARAM)})];`,
    `if (!${SSR_FEATURES_CONST}) throw new Error("this server entry reads its feature switches at run time: import it with ?${SSR_FEATURES_PARAM}=<key> after setting globalThis.${SSR_FEATURES_REGISTRY}[key]");`,
  ].join('\n');
}

/** A source of the current features: a fixed object, or a getter for the editor's live config. */
export type FeaturesSource = Record<string, unknown> | (() => Record<string, unknown>);

/**
 * Vite plugin that defines every `__FEATURE_*__` constant.
 *
 * Literal mode is what makes per-tenant tree-shaking work: `if (__FEATURE_COMPARE__)` becomes
 * `if (false)`, the branch is dropped, and whatever it alone imported never enters the bundle.
 * Live mode keeps the code for every feature and injects the current features into index.html as
 * `globalThis.__FC_FEATURES__` before any module runs; the editor reloads the page when they change.
 */
export function featureFlagsPlugin(source: FeaturesSource, mode: FeatureFlagMode = 'literal'): Plugin {
  const read = (): Record<string, unknown> => (typeof source === 'function' ? source() : source);
  return {
    name: 'forecourt:feature-flags',
    config() {
      const runtime = mode === 'runtime' || mode === 'runtime-ssr';
      return { define: { ...featureDefines(read(), mode), __FC_RUNTIME_FEATURES__: JSON.stringify(runtime) } };
    },
    transformIndexHtml() {
      if (mode !== 'live') return [];
      return [
        {
          tag: 'script',
          // JSON inside a script: escape "<" so a label like "</script>" cannot end the tag.
          children: `globalThis.${LIVE_FEATURES_GLOBAL} = ${JSON.stringify(read()).replace(/</g, '\\u003c')};`,
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
