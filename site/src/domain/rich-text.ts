import type { RichTextNode, RichTextTag } from '../../../schema/api/rich-text.ts';

/*
 * Dealer rich text (article bodies, offer terms; schema/api/rich-text.ts) read as plain text:
 * the special-offers cards cut an offer's terms to the configured length (spec §9 truncations).
 */

/** Tags that run on inside a line; every other tag is a block. */
export const INLINE_RICH_TEXT_TAGS: ReadonlySet<RichTextTag> = new Set(['a', 'strong', 'em', 'b', 'i', 'br']);

/** The plain text of a rich text tree: blocks and line breaks are separated by a space. */
export function richTextToPlainText(nodes: readonly RichTextNode[]): string {
  const parts: string[] = [];
  const walk = (list: readonly RichTextNode[]) => {
    for (const node of list) {
      if ('text' in node) parts.push(node.text);
      else if (node.tag === 'br') parts.push(' ');
      else {
        walk(node.children);
        if (!INLINE_RICH_TEXT_TAGS.has(node.tag)) parts.push(' ');
      }
    }
  };
  walk(nodes);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
