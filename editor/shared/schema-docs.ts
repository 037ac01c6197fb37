/**
 * The tenant schema as Monaco's JSON language service should see it: every property carries a
 * `markdownDescription` with what staff need in a hover or a completion's details — the
 * description, the default, the setting's path (and, for feature switches, that it is a switch)
 * and whether the site reads it yet. Pure: the renderer hands the result to `jsonDefaults`.
 */
import { parsePointer } from './json-locate.ts';
import type { SchemaNode } from './schema-walk.ts';

/** Shown next to a setting that no code reads yet (schema/unread-settings.json). */
export const UNREAD_NOTE = 'Not used by the site yet';

/**
 * A JSON pointer as the dotted setting path of schema/unread-settings.json:
 * `/dealer/locations/0/phone` → `dealer.locations[].phone`.
 */
export function settingPathOf(pointer: string): string {
  return parsePointer(pointer)
    .map((t) => (/^\d+$/.test(t) ? '[]' : `.${t}`))
    .join('')
    .replace(/^\./, '');
}

/** Keywords whose values are data, not subschemas. */
const DATA_KEYWORDS = new Set(['default', 'enum', 'const', 'examples', 'required', 'defaultSnippets']);

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, '\\$&');
}

/** Dotted path of a property (`features.compare`, `dealer.locations[].phone`). */
function childPath(parent: string | undefined, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/**
 * Markdown for one setting: description, default, which setting (or feature switch) it is, and
 * whether the site reads it.
 */
export function settingMarkdown(node: SchemaNode, path: string | undefined, unread: ReadonlySet<string>): string | undefined {
  const parts: string[] = [];
  if (typeof node.description === 'string') parts.push(escapeMarkdown(node.description));
  if ('default' in node) parts.push(`Default: \`${JSON.stringify(node.default)}\``);
  if (path) {
    const isSwitch = /^features\.[^.[\]]+$/.test(path);
    parts.push(isSwitch ? `Feature switch \`${path}\`` : `Setting \`${path}\``);
    if (unread.has(path)) parts.push(`**${UNREAD_NOTE}.**`);
  }
  return parts.length ? parts.join('\n\n') : undefined;
}

/**
 * Copies the schema with a `markdownDescription` on every node that has a description or a
 * default (Monaco's hover shows descriptions but not defaults), naming the setting's path where
 * the walk from the root knows it. `$defs` are annotated without a path; a property that uses
 * one carries its own path-specific text beside its `$ref`.
 */
export function schemaForLanguageService(schema: SchemaNode, unread: ReadonlySet<string> = new Set()): SchemaNode {
  const walk = (node: unknown, path: string | undefined): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, path));
    if (!node || typeof node !== 'object') return node;
    const src = node as SchemaNode;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(src)) {
      if (DATA_KEYWORDS.has(k)) out[k] = v;
      else if (k === 'properties' && v && typeof v === 'object') {
        out[k] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([key, child]) => [key, walk(child, childPath(path, key))]));
      } else if (k === 'items') out[k] = walk(v, path === undefined ? undefined : `${path}[]`);
      // Members of a union are the same setting; the property's own text already names it.
      else if (k === 'anyOf' || k === 'oneOf' || k === 'allOf') out[k] = walk(v, undefined);
      else if (k === '$defs' || k === 'definitions') {
        out[k] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([key, child]) => [key, walk(child, undefined)]));
      } else if (k === '$id') continue; // the language service registers the schema under our URI
      else out[k] = walk(v, undefined);
    }
    const md = settingMarkdown(src, path, unread);
    if (md) out.markdownDescription = md;
    return out;
  };
  return walk(schema, '') as SchemaNode;
}
