import { parsePointer } from './json-locate.ts';
import { childSchema, resolveNode, schemaAt, type SchemaNode } from './schema-walk.ts';

/** "similarCarsLayout" → "Similar cars layout"; keeps acronyms readable ("platformApiBaseUrl" → "Platform API base URL"). */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  const acronyms = new Set(['api', 'url', 'id', 'js', 'css', 'seo', 'abn', 'gst', 'sms', 'faq', 'vin', 'rego', 'utm']);
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (acronyms.has(lower) && lower !== 'rego') return lower.toUpperCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** What staff call a list item: its own title or name, a weekday, or its position. */
function itemName(item: unknown, index: number, listLabel: string): { name: string; own: boolean } {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const o = item as Record<string, unknown>;
    for (const k of ['name', 'title', 'label']) if (typeof o[k] === 'string' && o[k]) return { name: o[k] as string, own: true };
    if (typeof o.weekday === 'number' && WEEKDAYS[o.weekday]) return { name: WEEKDAYS[o.weekday]!, own: false };
    if (typeof o.date === 'string' && o.date) return { name: o.date, own: false };
  }
  return { name: `${listLabel} ${index + 1}`, own: false };
}

/**
 * A setting as staff know it: `/dealer/locations/1/phone` → "Service Centre › Phone" (a list item
 * by its own name, which starts the label; a weekday by its name; otherwise field titles from the
 * schema, or the key in words). The item's name is read from the first of `docs` that has it, so
 * a location deleted on one side is still named.
 * @param root the tenant schema
 * @param docs the parsed texts to read item names from (e.g. yours, the disk's, the saved base)
 * @param pointer the JSON pointer
 */
export function settingLabel(root: SchemaNode, docs: readonly unknown[], pointer: string): string {
  if (!pointer) return 'The whole file';
  const tokens = parsePointer(pointer);
  let node: SchemaNode | undefined = resolveNode(root, root);
  let values = [...docs];
  let parts: string[] = [];
  let lastLabel = '';
  for (const token of tokens) {
    const list = values.find(Array.isArray) as unknown[] | undefined;
    node = childSchema(root, node, token);
    values = values.map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[token] : undefined));
    if (list) {
      const index = Number(token);
      const item = values.find((v) => v !== undefined);
      const { name, own } = itemName(item, index, lastLabel || 'Item');
      // A named item (a location, a dealership) is what staff look for: the label starts there.
      if (own) parts = [name];
      else parts.push(name);
      continue;
    }
    lastLabel = node?.title ?? humanize(token);
    parts.push(lastLabel);
  }
  return parts.join(' › ');
}

/** A name in help text shaped like a setting's place in the file: "search.searchHistoryLength". */
const SETTING_PATH = /\b[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+\b/g;

/** Help text in pieces: words, and the settings it names, each with its pointer and its name in the form. */
export type HelpPart = string | { pointer: string; label: string };

/**
 * Help text as staff read it in the form: a setting the text names by its place in the file
 * ("search.searchHistoryLength", as the file and its completions know it) becomes the setting's
 * name in the form ("Search › Search history length"), with its pointer so the form can go there.
 * Anything else shaped like that (a web address, "e.g.") stays as it is written.
 */
export function helpParts(root: SchemaNode, text: string): HelpPart[] {
  const parts: HelpPart[] = [];
  let at = 0;
  for (const match of text.matchAll(SETTING_PATH)) {
    const pointer = `/${match[0].split('.').join('/')}`;
    if (!schemaAt(root, pointer)) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ pointer, label: settingLabel(root, [], pointer) });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
