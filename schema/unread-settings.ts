import { derefSchema, featureFlagName, TENANT_SCHEMA, type SchemaNode } from './resolve.ts';

/**
 * Which settings does any code read? A setting is only worth having when something reads it, so a
 * test keeps `schema/unread-settings.json` equal to what this finds.
 *
 * The heuristic (textual, deliberately simple, documented in docs/tenant-schema.md):
 * - Sources are the non-test, non-generated files under SETTING_READER_DIRS.
 * - A leaf setting is identified by its key K and its nearest named parent P
 *   (`features.compare` → P = features, K = compare; `promotions[].start` → P = promotions).
 * - A feature switch is read when its constant (`__FEATURE_COMPARE__`) appears.
 * - Inside an object, the leaf is read when a file accesses `P.K` / `P?.K` / `P['K']`, or
 *   destructures K from an expression ending in P (`const { pageSize } = config.search`).
 * - Inside an array of objects (P is the array), the leaf is read when one file mentions `.P`
 *   and reads K as a property (`.K`, `['K']`) or destructures it (`{ K }`).
 * - Any leaf below an array additionally needs every array name on its path in the same file
 *   (`headerLinks[].children[].href` needs `headerLinks`), so generic names like `children` or
 *   `label` elsewhere do not count.
 * - A top-level leaf is read when a file that mentions the tenant config (`virtual:tenant-config`,
 *   `ResolvedTenant`, `TenantConfig`, `resolveTenant`) reads K as a property or destructures it.
 */
export const SETTING_READER_DIRS = ['site/src', 'server', 'build', 'editor'] as const;

/** Files that never count as readers: tests, generated files, declaration files. */
export const SETTING_READER_EXCLUDE = /(\.test\.[cm]?[jt]sx?$)|(\.gen\.)|(\.d\.ts$)|(\/node_modules\/)|(\/dist\/)|(\/(test-)?fixtures\/)|(\/\.scratch)/;

/** Source extensions scanned for setting reads. */
export const SETTING_READER_EXTENSIONS = /\.(ts|tsx|mts|js|mjs|jsx)$/;

/** A leaf setting of the schema. */
export interface SettingLeaf {
  /** Dotted path; array items are `[]`, e.g. `promotions[].node.heading`. */
  path: string;
  /** Key of the leaf. */
  key: string;
  /** Nearest named ancestor key (null at the top level). */
  parent: string | null;
  /** True when the parent is an array of objects. */
  inArray: boolean;
  /** Names of the arrays on the path (`navigation.headerLinks[].children[].href` → headerLinks, children). */
  arrays: string[];
  /** Description of the leaf, or of its nearest described ancestor that says "Read by:". */
  readBy: string | null;
}

/** Paths that are editor metadata, not settings. */
const NOT_SETTINGS = new Set(['$schema']);

/**
 * Every leaf setting path of the schema: scalars, arrays of scalars and `oneOf` choices are
 * leaves; objects and arrays of objects are descended into.
 */
export function settingLeaves(schema: SchemaNode = TENANT_SCHEMA): SettingLeaf[] {
  const out: SettingLeaf[] = [];
  const walk = (node: SchemaNode, path: string, key: string | null, parent: string | null, inArray: boolean, readBy: string | null, arrays: string[] = []) => {
    const n = derefSchema(node, schema);
    const ownReadBy = n.description?.includes('Read by:') ? n.description : readBy;
    if (n.type === 'object' && n.properties && !n.oneOf) {
      for (const [k, child] of Object.entries(n.properties)) {
        if (!path && NOT_SETTINGS.has(k)) continue;
        walk(child, path ? `${path}.${k}` : k, k, key, false, ownReadBy, arrays);
      }
      return;
    }
    if (n.type === 'array' && n.items) {
      const item = derefSchema(n.items, schema);
      if (item.type === 'object' && item.properties) {
        for (const [k, child] of Object.entries(item.properties)) {
          walk(child, `${path}[].${k}`, k, key, true, ownReadBy, key ? [...arrays, key] : arrays);
        }
        return;
      }
    }
    out.push({ path, key: key ?? path, parent, inArray, arrays, readBy: ownReadBy });
  };
  walk(schema, '', null, null, false, null);
  return out;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function readsAsProperty(text: string, key: string): boolean {
  const k = esc(key);
  return (
    new RegExp(`[.?]\\s*${k}\\b(?!\\s*[(:])`).test(text) ||
    new RegExp(`\\[\\s*['"\`]${k}['"\`]\\s*\\]`).test(text) ||
    new RegExp(`\\{[^{}()]*\\b${k}\\b[^{}()]*\\}\\s*[=:)]`).test(text)
  );
}

function readsThroughParent(text: string, parent: string, key: string): boolean {
  const p = esc(parent);
  const k = esc(key);
  return (
    new RegExp(`\\b${p}\\s*\\??\\.\\s*${k}\\b`).test(text) ||
    new RegExp(`\\b${p}\\s*(\\?\\.)?\\[\\s*['"\`]${k}['"\`]\\s*\\]`).test(text) ||
    new RegExp(`\\{[^{}]*\\b${k}\\b[^{}]*\\}\\s*=\\s*[\\w$.?()\\[\\]]*\\b${p}\\b`).test(text)
  );
}

const MENTIONS_CONFIG = /virtual:tenant-config|\bResolvedTenant\b|\bTenantConfig\b|\bresolveTenant\b/;

/** True when some source text reads the leaf according to the heuristic above. */
export function isSettingRead(leaf: SettingLeaf, sources: readonly { text: string }[]): boolean {
  const flag = leaf.parent === 'features' && leaf.path === `features.${leaf.key}` ? featureFlagName(leaf.key) : null;
  return sources.some(({ text }) => {
    if (flag && text.includes(flag)) return true;
    if (!leaf.arrays.every((name) => new RegExp(`\\b${esc(name)}\\b`).test(text))) return false;
    if (leaf.parent === null) return MENTIONS_CONFIG.test(text) && readsAsProperty(text, leaf.key);
    if (leaf.inArray) return new RegExp(`[.?]\\s*${esc(leaf.parent)}\\b|\\b${esc(leaf.parent)}\\s*[,}]`).test(text) && readsAsProperty(text, leaf.key);
    return readsThroughParent(text, leaf.parent, leaf.key);
  });
}

/** Leaves no source reads, sorted by path. `sources` are the texts of the reader files. */
export function findUnreadSettings(schema: SchemaNode, sources: readonly { path: string; text: string }[]): SettingLeaf[] {
  return settingLeaves(schema)
    .filter((leaf) => !isSettingRead(leaf, sources))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
