import { parse } from 'parse5';

// The server's HTML read as a browser parses it (parse5), for checks of what the server sends
// that need no browser: no regexes over markup.

export interface HtmlNode {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

/** The document of a page's HTML. */
export function parseHtml(html: string): HtmlNode {
  return parse(html) as unknown as HtmlNode;
}

function* walk(node: HtmlNode): Generator<HtmlNode> {
  yield node;
  for (const child of node.childNodes ?? []) yield* walk(child);
}

/** The elements under `root` that `match` accepts, in document order. */
export function elements(root: HtmlNode, match: (el: { tag: string; attr: (name: string) => string | undefined }) => boolean): HtmlNode[] {
  return [...walk(root)].filter((node) => node.tagName !== undefined && match({ tag: node.tagName, attr: (name) => node.attrs?.find((a) => a.name === name)?.value }));
}

/** The first element named `tag`, or undefined. */
export function firstTag(root: HtmlNode, tag: string): HtmlNode | undefined {
  return elements(root, (el) => el.tag === tag)[0];
}

/** An element's text, as textContent reads it (comments left out). */
export function textOf(node: HtmlNode | undefined): string | undefined {
  if (!node) return undefined;
  return [...walk(node)].map((n) => (n.nodeName === '#text' ? (n.value ?? '') : '')).join('');
}

/** An attribute of an element. */
export function attrOf(node: HtmlNode, name: string): string | undefined {
  return node.attrs?.find((a) => a.name === name)?.value;
}

/** The data-testid of every element that has one, in document order. */
export function testIds(root: HtmlNode): string[] {
  return elements(root, (el) => el.attr('data-testid') !== undefined).map((el) => attrOf(el, 'data-testid')!);
}
