import { z } from 'zod';

/*
 * Dealer-supplied HTML (article bodies, offer terms) crosses the network as an allowlisted node
 * tree, never as an HTML string: the server parses and sanitises, the site renders React elements
 * (text is escaped by React), so no page needs dangerouslySetInnerHTML.
 */

/** Block and inline tags a dealer's article may use after sanitising (h1 is mapped to h2). */
export const RICH_TEXT_TAGS = [
  'p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'blockquote', 'a',
] as const;
export const RichTextTagSchema = z.enum(RICH_TEXT_TAGS);
export type RichTextTag = z.infer<typeof RichTextTagSchema>;

/** A text node: plain text, never markup. */
export const RichTextTextSchema = z.object({ text: z.string() });

/** An element node; only `a` carries an attribute (href, already checked by the server). */
export type RichTextElement = {
  tag: RichTextTag;
  attrs?: { href: string; external?: boolean };
  children: RichTextNode[];
};
export type RichTextNode = { text: string } | RichTextElement;

/** One node of a sanitised dealer HTML tree. */
export const RichTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.union([
    RichTextTextSchema,
    z.object({
      tag: RichTextTagSchema,
      attrs: z.object({ href: z.string().min(1), external: z.boolean().optional() }).optional(),
      children: z.array(RichTextNodeSchema),
    }),
  ]),
).meta({ id: 'RichTextNode', description: 'One node of sanitised dealer HTML: a text node, or an allowlisted element (only a link has attributes).' });

/** A sanitised dealer HTML document: its top-level nodes. */
export const RichTextSchema = z.array(RichTextNodeSchema);
export type RichText = RichTextNode[];
