import type { RichText, RichTextNode, RichTextTag } from '../schema/api/rich-text.ts';

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

/** Tags that run on inside a line: no space is added after them in plain text. */
const INLINE_TAGS: ReadonlySet<RichTextTag> = new Set(['a', 'strong', 'em', 'b', 'i']);

/** The plain text of a rich text tree, blocks separated by a space (card teasers truncate it). */
export function richTextToPlainText(nodes: readonly RichTextNode[]): string {
  const parts: string[] = [];
  const walk = (list: readonly RichTextNode[]) => {
    for (const node of list) {
      if ('text' in node) parts.push(node.text);
      else if (node.tag === 'br') parts.push(' ');
      else {
        walk(node.children);
        if (!INLINE_TAGS.has(node.tag)) parts.push(' ');
      }
    }
  };
  walk(nodes);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
