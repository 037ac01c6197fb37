import { withVisitedPage } from '../../domain/visited-pages.ts';

/*
 * This visit's pages in sessionStorage (spec §3 lead_attributes.visited_pages). Small on
 * purpose: the page frame records every page with it.
 */

/** Storage key of a site's visited pages. */
export function visitedPagesKey(tenantSlug: string): string {
  return `forecourt:${tenantSlug}:visited-pages`;
}

/** The pages of this visit, oldest first (empty when storage is blocked). */
export function visitedPages(tenantSlug: string): string[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(visitedPagesKey(tenantSlug)) ?? '[]');
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** Records a page (the router's href: path and query) of this visit. */
export function recordVisitedPage(tenantSlug: string, href: string) {
  try {
    window.sessionStorage.setItem(visitedPagesKey(tenantSlug), JSON.stringify(withVisitedPage(visitedPages(tenantSlug), href)));
  } catch {
    // Storage blocked or full: the lead goes without its visited pages.
  }
}
