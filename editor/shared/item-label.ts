/*
 * How the editor names an item of a list of objects (a promotion by its title, a location by its
 * name): the first of these keys holding text. The unread-settings check counts these settings as
 * read by the editor (scripts/lib/setting-reads.ts), since it finds them by key at run time.
 */

/** Keys whose text names a list item, in order of preference. */
export const ITEM_LABEL_KEYS = ['title', 'name', 'label', 'slug', 'id'] as const;

/**
 * The text naming a list item, if it has one.
 * @param item one item of a list setting
 */
export function itemLabel(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const o = item as Record<string, unknown>;
  for (const k of ITEM_LABEL_KEYS) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  return undefined;
}
