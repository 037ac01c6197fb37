import type { Plugin } from 'vite';
import { featureFlagName } from '../../schema/resolve.ts';

/** How the `__FEATURE_*__` constants reach the code. */
export type FeatureFlagMode =
  /** Production: every flag is a literal (`true`, `false`, `"grid"`), so the minifier removes dead branches and their imports. */
  | 'literal'
  /** Editor preview: every flag is `globalThis.__FC_FEATURES__.<key>`, so toggling a feature needs no rebuild. */
  | 'live';

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
      mode === 'literal' ? JSON.stringify(value) : `globalThis.${LIVE_FEATURES_GLOBAL}.${safeMember(key)}`;
  }
  return defines;
}

function safeMember(key: string): string {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) throw new Error(`feature key "${key}" is not a valid identifier`);
  return key;
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
      return { define: featureDefines(read(), mode) };
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
