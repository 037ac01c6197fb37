/*
 * A server-rendered page carries its CSS in one `<style>` in its head (the router's inline CSS,
 * build/plugins/router-manifest.ts `inlineCssOf`) instead of a `<link>` per stylesheet. Vite's
 * preload helper, which loads a lazily imported part's stylesheets before the part runs, looks
 * for those stylesheets among the page's `<link rel="stylesheet">` elements: not finding them,
 * it downloaded again, while the app started, every stylesheet the page already had inlined
 * (13 on a car page) and held each part back until they had loaded. So the page also names
 * them in `disabled` stylesheet links: a disabled stylesheet is neither downloaded nor applied,
 * and the helper counts the page as having it.
 */

import { escapeXml } from '../domain/sitemap.ts';

/** What a route of the router's manifest links (a URL, or an object with one). */
type CssLink = string | { href: string };

/** The part of the router's server manifest read here. */
export interface InlinedCssManifest {
  routes: Record<string, { css?: CssLink[] } | undefined>;
  inlineCss?: { styles: Record<string, string> };
}

const hrefOf = (link: CssLink) => (typeof link === 'string' ? link : link.href);

/** The stylesheets the router wrote into the page's `<style>`: those of the matched routes it has the text of, in order, once each. */
export function inlinedStylesheets(manifest: InlinedCssManifest, routeIds: readonly string[]): string[] {
  const styles = manifest.inlineCss?.styles;
  if (!styles) return [];
  const hrefs = routeIds.flatMap((id) => (manifest.routes[id]?.css ?? []).map(hrefOf)).filter((href) => styles[href] !== undefined);
  return [...new Set(hrefs)];
}

/** Disabled stylesheet links naming `hrefs` (never downloaded or applied), for Vite's preload helper to find. */
export function inlinedStylesheetMarkers(hrefs: readonly string[]): string {
  return hrefs.map((href) => `<link rel="stylesheet" href="${escapeXml(href)}" disabled>`).join('');
}
