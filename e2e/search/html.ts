import { expect } from '@playwright/test';
import { parse } from 'parse5';
import { tenantHttp } from '../lib/tenant-http.ts';

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

/** Text with its runs of white space made one space and trimmed, as Playwright's text matchers compare it. */
export function squash(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** An element's text with white space squashed (see squash). */
export function plainText(node: HtmlNode | undefined): string {
  return squash(textOf(node));
}

/** The element with this id, or undefined. */
export function byId(root: HtmlNode, id: string): HtmlNode | undefined {
  return elements(root, (el) => el.attr('id') === id)[0];
}

/** Whether an element or one of its ancestors is left out of the accessibility tree by its markup (aria-hidden, hidden). */
function hiddenByMarkup(path: HtmlNode[]): boolean {
  return path.some((n) => attrOf(n, 'aria-hidden') === 'true' || attrOf(n, 'hidden') !== undefined);
}

function* walkPaths(node: HtmlNode, path: HtmlNode[] = []): Generator<[HtmlNode, HtmlNode[]]> {
  const here = [...path, node];
  yield [node, here];
  for (const child of node.childNodes ?? []) yield* walkPaths(child, here);
}

/**
 * An element's accessible name for the markup the site uses: aria-labelledby (the named elements'
 * text), aria-label, an image's alt, else its text (links, buttons, headings, cells), squashed.
 */
export function accessibleName(root: HtmlNode, el: HtmlNode): string {
  const labelledBy = attrOf(el, 'aria-labelledby');
  if (labelledBy) return squash(labelledBy.split(/\s+/).map((id) => textOf(byId(root, id)) ?? '').join(' '));
  const label = attrOf(el, 'aria-label');
  if (label !== undefined) return squash(label);
  if (el.tagName === 'img') return squash(attrOf(el, 'alt'));
  return plainText(el);
}

const IMPLICIT_ROLES: Record<string, (el: HtmlNode, root: HtmlNode) => boolean> = {
  heading: (el) => /^h[1-6]$/.test(el.tagName ?? ''),
  link: (el) => (el.tagName === 'a' || el.tagName === 'area') && attrOf(el, 'href') !== undefined,
  article: (el) => el.tagName === 'article',
  // A section is a region only when it has a name.
  region: (el, root) => el.tagName === 'section' && (attrOf(el, 'aria-labelledby') !== undefined || attrOf(el, 'aria-label') !== undefined) && accessibleName(root, el) !== '',
  img: (el) => el.tagName === 'img' && attrOf(el, 'alt') !== '',
  list: (el) => el.tagName === 'ul' || el.tagName === 'ol',
  listitem: (el) => el.tagName === 'li',
  table: (el) => el.tagName === 'table',
  row: (el) => el.tagName === 'tr',
  button: (el) => el.tagName === 'button' || (el.tagName === 'input' && ['button', 'submit', 'reset'].includes(attrOf(el, 'type') ?? '')),
  group: (el) => el.tagName === 'fieldset',
  radio: (el) => el.tagName === 'input' && attrOf(el, 'type') === 'radio',
  checkbox: (el) => el.tagName === 'input' && attrOf(el, 'type') === 'checkbox',
  main: (el) => el.tagName === 'main',
};

/** A header is the page's banner, and a footer its contentinfo, unless inside one of these. */
const LANDMARK_TAGS: Record<string, string> = { banner: 'header', contentinfo: 'footer' };
const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

/**
 * The elements under `scope` with an ARIA role (explicit, or the implicit one of their tag, for
 * the tags the site uses), as getByRole finds them in the server's markup: elements hidden by
 * their markup (aria-hidden, hidden) are left out; CSS is not read. `name`: a string matches the
 * whole accessible name, a RegExp tests it. `level` narrows headings. `root` is the document, for
 * aria-labelledby.
 */
export function byRole(root: HtmlNode, scope: HtmlNode, role: string, options: { name?: string | RegExp; level?: number } = {}): HtmlNode[] {
  const found: HtmlNode[] = [];
  for (const [node, path] of walkPaths(scope)) {
    if (node.tagName === undefined) continue;
    const explicit = attrOf(node, 'role');
    const has = explicit ? explicit.split(/\s+/).includes(role) : LANDMARK_TAGS[role] ? node.tagName === LANDMARK_TAGS[role] && !path.slice(0, -1).some((n) => SECTIONING.has(n.tagName ?? '')) : (IMPLICIT_ROLES[role]?.(node, root) ?? false);
    if (!has || hiddenByMarkup(path)) continue;
    if (options.level !== undefined && node.tagName !== `h${options.level}` && attrOf(node, 'aria-level') !== String(options.level)) continue;
    if (options.name !== undefined) {
      const name = accessibleName(root, node);
      if (typeof options.name === 'string' ? name !== options.name : !options.name.test(name)) continue;
    }
    found.push(node);
  }
  return found;
}

/** Whether `node` holds `inner` (or is it). */
export function contains(node: HtmlNode, inner: HtmlNode): boolean {
  return [...walk(node)].includes(inner);
}

/** A table's rows as innerText reads them, white space squashed: each row's cells joined by a space. */
export function tableRows(table: HtmlNode): string[] {
  return elements(table, (el) => el.tag === 'tr').map((tr) => squash((tr.childNodes ?? []).filter((c) => c.tagName === 'td' || c.tagName === 'th').map((cell) => textOf(cell) ?? '').join(' ')));
}

/** A page's title (as document.title reads it) and its canonical link. */
export function headOf(root: HtmlNode): { title: string; canonical: string | undefined } {
  const canonical = elements(root, (el) => el.tag === 'link' && el.attr('rel') === 'canonical')[0];
  return { title: plainText(firstTag(root, 'title')), canonical: canonical && attrOf(canonical, 'href') };
}

/** A page of the tenant as the server sends it (a browser with JavaScript off shows this), parsed: it must answer 200 and have a main. */
export async function servedPage(slug: string, path: string): Promise<{ doc: HtmlNode; main: HtmlNode; title: string; canonical: string | undefined }> {
  const { status, doc, title, canonical } = await answeredPage(slug, path);
  expect(status, path).toBe(200);
  const main = firstTag(doc, 'main');
  expect(main, `${path} has a main`).toBeDefined();
  return { doc, main: main!, title, canonical };
}

/** The content of the page's meta element with this name (or, for og: names, property). */
export function metaContent(root: HtmlNode, name: string): string | undefined {
  const meta = elements(root, (el) => el.tag === 'meta' && (el.attr('name') === name || el.attr('property') === name))[0];
  return meta && attrOf(meta, 'content');
}

/** The page's JSON-LD blocks, parsed. */
export function jsonLdBlocks(root: HtmlNode): Record<string, unknown>[] {
  return elements(root, (el) => el.tag === 'script' && el.attr('type') === 'application/ld+json').map((el) => JSON.parse(textOf(el) ?? '') as Record<string, unknown>);
}

/** The types of the page's JSON-LD nodes (a graph's each). */
export function jsonLdTypes(root: HtmlNode): string[] {
  return jsonLdBlocks(root).flatMap((data) => (Array.isArray(data['@graph']) ? (data['@graph'] as { '@type': string }[]).map((node) => node['@type']) : [String(data['@type'] ?? '')]));
}

/** The elements whose data-testid is `id`. */
export function byTestId(root: HtmlNode, id: string): HtmlNode[] {
  return elements(root, (el) => el.attr('data-testid') === id);
}

/** A page's answer and its document parsed, whatever its status (a 404's not-found page too). */
export async function answeredPage(slug: string, path: string, init?: Parameters<typeof tenantHttp>[2]): Promise<{ status: number; doc: HtmlNode; title: string; canonical: string | undefined }> {
  const r = await tenantHttp(slug, path, init);
  const doc = parseHtml(r.text);
  return { status: r.status, doc, ...headOf(doc) };
}

/**
 * The not-found page as the server sends it for `path`: a 404, one level-1 heading "Page not
 * found", titled so and noindex.
 */
export async function expectNotFoundPage(slug: string, path: string): Promise<void> {
  const { status, doc, title } = await answeredPage(slug, path);
  expect(status, path).toBe(404);
  expect(byRole(doc, doc, 'heading', { level: 1 }).map((h) => plainText(h)), path).toEqual(['Page not found']);
  expect(title, path).toMatch(/^Page not found \| /);
  expect(metaContent(doc, 'robots'), path).toBe('noindex');
}
