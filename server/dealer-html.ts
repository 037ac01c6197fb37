import { parseFragment } from 'parse5';
import type { RichText, RichTextElement, RichTextNode, RichTextTag } from '../schema/api/rich-text.ts';
import { INLINE_RICH_TEXT_TAGS } from '../site/src/domain/rich-text.ts';

/*
 * The dealer HTML sanitiser's rules: which tags survive (and as what), which tags are dropped
 * together with their content, and which link targets are kept. Only the server sanitises (the
 * site receives the allowlisted tree of schema/api/rich-text.ts), so the rules live here; they
 * are pure, and the parser glue only has to map its tree to ParsedHtmlNode.
 */

/** Tags dropped with everything inside them (their text is code or foreign markup, not prose). */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'template', 'noscript',
  'textarea', 'select', 'button', 'input', 'head', 'title', 'frame', 'frameset', 'applet', 'xmp',
  'noembed', 'noframes', 'plaintext', 'video', 'audio', 'canvas', 'link', 'meta', 'base',
]);

const KEEP: Record<string, RichTextTag> = {
  p: 'p', h1: 'h2', h2: 'h2', h3: 'h3', h4: 'h4', h5: 'h4', h6: 'h4', ul: 'ul', ol: 'ol', li: 'li',
  strong: 'strong', em: 'em', b: 'b', i: 'i', br: 'br', blockquote: 'blockquote', a: 'a',
};

/**
 * What the sanitiser does with an element: `drop` removes it and its content, `unwrap` keeps
 * its children without the element, or the allowlisted tag to emit (h1 → h2, h5/h6 → h4, since
 * the page owns its h1 and article headings must keep a valid order).
 */
export function richTextTagAction(tagName: string): 'drop' | 'unwrap' | RichTextTag {
  const name = tagName.toLowerCase();
  if (DROP_WITH_CONTENT.has(name)) return 'drop';
  return KEEP[name] ?? 'unwrap';
}

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', sol: '/' };

/**
 * Decodes character references and removes the whitespace and control characters browsers
 * ignore inside a URL scheme, so `&#106;ava&#x73;cript:` or `java\tscript:` is seen for what it is.
 */
export function normaliseUrlForCheck(raw: string): string {
  const decoded = raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
  // eslint-disable-next-line no-control-regex
  return decoded.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '');
}

/** Where a dealer link leads: an internal path of the tenant, another https site, or nowhere safe. */
export type LinkTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; href: string }
  | { kind: 'refused' };

/**
 * Classifies a dealer link. Internal: a path starting with one `/` (or an absolute URL on one of
 * `ownHosts`), returned as path + query + hash for the caller to check that the page exists.
 * External: an absolute https URL to another host. Everything else (javascript:, data:,
 * vbscript:, http:, mailto:, protocol-relative `//`, relative `foo/bar`) is refused and the
 * caller keeps the link's text only.
 */
export function classifyDealerLink(raw: string, ownHosts: readonly string[]): LinkTarget {
  const cleaned = normaliseUrlForCheck(raw);
  if (cleaned === '') return { kind: 'refused' };
  // Browsers read a backslash as a slash in http(s) URLs, so `/\\evil` would leave the site.
  if (cleaned.includes('\\')) return { kind: 'refused' };
  if (cleaned.startsWith('/')) {
    return cleaned.startsWith('//') ? { kind: 'refused' } : { kind: 'internal', path: cleaned };
  }
  // The https form is matched strictly rather than by URL parsing, which accepts far more.
  const match = /^https:\/\/([a-z0-9.-]+)(:\d{1,5})?([/?#].*)?$/i.exec(cleaned);
  if (!match) return { kind: 'refused' };
  const host = match[1]!.toLowerCase();
  const rest = match[3] ?? '/';
  if (ownHosts.includes(host)) {
    return { kind: 'internal', path: rest.startsWith('/') ? rest : `/${rest}` };
  }
  return { kind: 'external', href: `https://${host}${match[2] ?? ''}${rest}` };
}

/** A parsed HTML node as any parser gives it (the server maps its parser's tree to this). */
export type ParsedHtmlNode =
  | { kind: 'text'; value: string }
  | { kind: 'comment' }
  | { kind: 'element'; name: string; attrs: Record<string, string>; children: ParsedHtmlNode[] };

/**
 * Sanitises a parsed HTML tree into allowlisted rich text: dropped tags lose their content,
 * unknown tags are unwrapped (their text stays), comments vanish, no attribute survives except
 * a kept link's href. `keepInternal` says whether an internal path is a real page of the tenant;
 * a refused or dead link keeps its text without the link. Empty elements (other than br) go.
 */
export function sanitiseParsedHtml(
  nodes: readonly ParsedHtmlNode[],
  ownHosts: readonly string[],
  keepInternal: (path: string) => boolean,
): RichText {
  const out: RichText = [];
  for (const node of nodes) {
    if (node.kind === 'comment') continue;
    if (node.kind === 'text') {
      if (node.value !== '') out.push({ text: node.value });
      continue;
    }
    const action = richTextTagAction(node.name);
    if (action === 'drop') continue;
    const children = sanitiseParsedHtml(node.children, ownHosts, keepInternal);
    if (action === 'unwrap') {
      out.push(...children);
      continue;
    }
    if (action === 'br') {
      out.push({ tag: 'br', children: [] });
      continue;
    }
    if (children.length === 0) continue;
    if (action === 'a') {
      const target = classifyDealerLink(node.attrs.href ?? '', ownHosts);
      if (target.kind === 'external') out.push({ tag: 'a', attrs: { href: target.href, external: true }, children });
      else if (target.kind === 'internal' && keepInternal(target.path)) out.push({ tag: 'a', attrs: { href: target.path }, children });
      else out.push(...children);
      continue;
    }
    out.push({ tag: action, children });
  }
  return out;
}

/** Blocks (every tag that is not inline): whitespace beside them is layout, not text, and a run of inline content between them is a paragraph. */
const isBlockTag = (tag: RichTextTag): boolean => !INLINE_RICH_TEXT_TAGS.has(tag);
const isBlock = (node: RichTextNode | undefined): boolean => node !== undefined && 'tag' in node && isBlockTag(node.tag);
/** Whether a node shows nothing but space (a line break counts as space: `<p><br></p>` is an empty paragraph). */
const isBlank = (node: RichTextNode): boolean => ('text' in node ? node.text.trim() === '' : node.tag === 'br' || node.children.every(isBlank));

/**
 * Gives a sanitised tree the structure the page can render as valid, accessible HTML whatever
 * the dealer's CMS produced: a list holds only items (other content is wrapped in one, the
 * whitespace between items goes), an item outside a list is a paragraph, a block left empty
 * (`<p>&nbsp;</p>`) goes, whitespace beside a block goes, and inline content at the top level or
 * beside blocks in a quote is gathered into paragraphs (plain-text terms become one).
 */
export function normaliseRichText(nodes: readonly RichTextNode[], parent: RichTextTag | null = null): RichText {
  const inList = parent === 'ul' || parent === 'ol';
  const blockParent = parent === null || isBlockTag(parent);
  const cleaned: RichText = [];
  nodes.forEach((node, index) => {
    if ('text' in node) {
      // Whitespace beside a block (or inside a list) is the source's indentation.
      const edge = blockParent && (index === 0 || index === nodes.length - 1);
      if (node.text.trim() === '' && (inList || edge || isBlock(nodes[index - 1]) || isBlock(nodes[index + 1]))) return;
      cleaned.push(inList ? { tag: 'li', children: [node] } : node);
      return;
    }
    const tag: RichTextTag = node.tag === 'li' && !inList ? 'p' : node.tag;
    const children = normaliseRichText(node.children, tag);
    const element: RichTextElement = node.attrs ? { tag, attrs: node.attrs, children } : { tag, children };
    if (tag !== 'br' && children.every(isBlank)) return;
    cleaned.push(inList && tag !== 'li' ? { tag: 'li', children: [element] } : element);
  });
  // Inline runs become paragraphs where blocks are the norm: the top level, and a quote holding blocks.
  const blocksHere = parent === null || (parent === 'blockquote' && cleaned.some(isBlock));
  if (!blocksHere) return cleaned;
  const out: RichText = [];
  let run: RichTextNode[] = [];
  const flush = () => {
    // A run's edge line breaks and spaces are the source's layout.
    while (run.length > 0 && isBlank(run[0]!)) run.shift();
    while (run.length > 0 && isBlank(run[run.length - 1]!)) run.pop();
    if (run.length > 0) out.push({ tag: 'p', children: run });
    run = [];
  };
  for (const node of cleaned) {
    if (isBlock(node)) {
      flush();
      out.push(node);
    } else run.push(node);
  }
  flush();
  return out;
}

/** parse5's default tree, as far as the sanitiser reads it. */
interface Parse5Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Parse5Node[];
}

function toParsedHtml(nodes: readonly Parse5Node[]): ParsedHtmlNode[] {
  return nodes.map((node): ParsedHtmlNode => {
    if (node.nodeName === '#text') return { kind: 'text', value: node.value ?? '' };
    if (node.nodeName.startsWith('#')) return { kind: 'comment' };
    return {
      kind: 'element',
      name: node.nodeName,
      attrs: Object.fromEntries((node.attrs ?? []).map((a) => [a.name.toLowerCase(), a.value])),
      children: toParsedHtml(node.childNodes ?? []),
    };
  });
}

/** What the sanitiser needs to know about the site the HTML is shown on. */
export interface DealerHtmlSite {
  /** The tenant's own host names: absolute links to them are internal. */
  ownHosts: readonly string[];
  /** Whether an internal path (with its query and hash) is a real page; the site checks again with its router. */
  keepInternal: (path: string) => boolean;
}

/**
 * Dealer-supplied HTML (an article's body, an offer's terms) as the allowlisted tree the site
 * renders. The HTML is parsed the way a browser parses a fragment of a page's body (parse5, the
 * WHATWG algorithm), so markup that browsers read differently from how it looks (unclosed tags,
 * stray end tags, entities in URLs) is judged as browsers would read it, then sanitised
 * (`sanitiseParsedHtml`) and normalised into valid structure (`normaliseRichText`).
 */
export function dealerHtmlToRichText(html: string, site: DealerHtmlSite): RichText {
  const fragment = parseFragment(html) as unknown as Parse5Node;
  return normaliseRichText(sanitiseParsedHtml(toParsedHtml(fragment.childNodes ?? []), site.ownHosts, site.keepInternal));
}
