import type { VisitLanding } from '../../domain/form-inputs.ts';
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

/** Storage key of where a site's visit began. */
function landingKey(tenantSlug: string): string {
  return `forecourt:${tenantSlug}:visit-landing`;
}

/** Where this visit began (its first page and the other site that sent the visitor), when remembered. */
export function visitLanding(tenantSlug: string): VisitLanding | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(landingKey(tenantSlug)) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { page, referrer } = value as Record<string, unknown>;
    return typeof page === 'string' ? { page, referrer: typeof referrer === 'string' ? referrer : '' } : null;
  } catch {
    return null;
  }
}

/** The referring page when it is another site's (a link inside this site is not where the visit came from). */
function externalReferrer(): string {
  try {
    const referrer = document.referrer;
    return referrer && new URL(referrer).origin !== window.location.origin ? referrer : '';
  } catch {
    return '';
  }
}

/** Records a page (the router's href: path and query) of this visit; the first one is where the visit began. */
export function recordVisitedPage(tenantSlug: string, href: string) {
  try {
    if (window.sessionStorage.getItem(landingKey(tenantSlug)) === null) {
      window.sessionStorage.setItem(landingKey(tenantSlug), JSON.stringify({ page: href, referrer: externalReferrer() }));
    }
    window.sessionStorage.setItem(visitedPagesKey(tenantSlug), JSON.stringify(withVisitedPage(visitedPages(tenantSlug), href)));
  } catch {
    // Storage blocked or full: the lead goes without its visited pages.
  }
}
