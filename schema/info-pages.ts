/*
 * The information pages of spec §2 and the `content.pages` key whose copy each one shows.
 * A tenant without copy for a page has no such page (404, no link, not in the sitemap).
 */

/** Keys of the information pages in `content.pages`. */
export type InfoPageKey = 'terms' | 'privacy' | 'warranty' | 'buying' | 'owners' | 'cappedPriceService' | 'roadsideAssistance' | 'aboutUs';

/** Paths of the information pages and the content key each one shows; the first path of a key is its canonical one. */
export const INFO_PAGE_PATHS: Readonly<Record<string, InfoPageKey>> = {
  '/terms-and-conditions': 'terms',
  '/privacy-policy': 'privacy',
  '/pages/warranty': 'warranty',
  '/warranty': 'warranty',
  '/buying': 'buying',
  '/pages/owners': 'owners',
  '/pages/capped-price-service': 'cappedPriceService',
  '/pages/roadside-assistance': 'roadsideAssistance',
  '/about-us': 'aboutUs',
};

/** The one address of an information page (/warranty and /pages/warranty show the same copy). */
export function canonicalInfoPath(key: InfoPageKey): string {
  return Object.entries(INFO_PAGE_PATHS).find(([, value]) => value === key)?.[0] ?? '/';
}

/**
 * Pages every site has: a dealer's site needs a privacy policy and terms (and staff expect an
 * About us page), so without the dealer's own copy the site shows standard text built from the
 * tenant (site/src/domain/standard-info-pages.ts) and the editor's launch checklist says so.
 */
export const STANDARD_INFO_PAGES: readonly InfoPageKey[] = ['privacy', 'terms', 'aboutUs'];

/**
 * Canonical paths of the information pages a tenant has: those it has copy for (`content.pages`
 * keys present) and the standard ones every site has.
 * @param pages the tenant's `content.pages`
 */
export function infoPagePaths(pages: Partial<Record<InfoPageKey, unknown>> | undefined): string[] {
  const keys = [...new Set(Object.values(INFO_PAGE_PATHS))];
  return keys.filter((key) => pages?.[key] !== undefined || STANDARD_INFO_PAGES.includes(key)).map(canonicalInfoPath);
}
