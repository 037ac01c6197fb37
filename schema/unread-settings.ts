import { derefSchema, TENANT_SCHEMA, type SchemaNode } from './resolve.ts';

/**
 * Which settings does any code read? A setting is only worth having when something reads it, so
 * `schema/unread-settings.json` lists the leaves no code reads, and the editor marks them "Not used
 * by the site yet". What counts as read is decided by the type checker, not by text
 * (scripts/lib/setting-reads.ts, run by `npm run gen:schema -- --unread`; its test keeps the list
 * equal to the code): a read resolves to the setting's declaration in the resolved tenant's types,
 * directly or through the types the setting is handed to.
 */
export const SETTING_READER_DIRS = ['schema', 'site/src', 'server', 'build', 'editor'] as const;

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

/**
 * The unread leaves' paths, sorted, given the paths code reads.
 * @param leaves settingLeaves()
 * @param read the paths read (scripts/lib/setting-reads.ts)
 */
export function unreadSettingPaths(leaves: readonly SettingLeaf[], read: ReadonlySet<string>): string[] {
  return leaves
    .map((leaf) => leaf.path)
    .filter((path) => !read.has(path))
    .sort();
}
