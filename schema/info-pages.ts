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

/** Canonical paths of the information pages a tenant has copy for (`content.pages` keys present). */
export function infoPagePaths(pages: Partial<Record<InfoPageKey, unknown>> | undefined): string[] {
  const keys = [...new Set(Object.values(INFO_PAGE_PATHS))];
  return keys.filter((key) => pages?.[key] !== undefined).map(canonicalInfoPath);
}
