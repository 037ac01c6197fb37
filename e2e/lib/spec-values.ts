/*
 * Values the browser tests work out themselves from the spec's words, rather than with the
 * app's own functions (a test that asks the app what to expect cannot catch the app being wrong).
 */

/**
 * The address slug of a make, model or category as the spec's URLs show them (/search/great-wall,
 * /blog/vehicle-reviews): lower case, accents dropped, every run of other characters one hyphen,
 * none at either end.
 * @param text a make, model or category as staff wrote it
 */
export function urlSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

/**
 * The one make a site sells, when it sells one (its dealerships' makes and its manufacturer,
 * letter case aside), else null.
 * @param tenant the tenant's dealer settings
 */
export function onlyMake(tenant: { dealer: { manufacturer?: string | undefined; dealerships: readonly { makes: readonly string[] }[] } }): string | null {
  const makes = [...(tenant.dealer.manufacturer ? [tenant.dealer.manufacturer] : []), ...tenant.dealer.dealerships.flatMap((d) => d.makes)].map((m) => m.trim()).filter(Boolean);
  const distinct = new Set(makes.map((m) => m.toLowerCase()));
  return distinct.size === 1 ? (makes[0] as string) : null;
}

/** The information pages of spec §2 and the copy each shows (/warranty and /pages/warranty show the same). */
export const SPEC_INFO_PAGES = {
  '/terms-and-conditions': 'terms',
  '/privacy-policy': 'privacy',
  '/pages/warranty': 'warranty',
  '/pages/owners': 'owners',
  '/pages/capped-price-service': 'cappedPriceService',
  '/pages/roadside-assistance': 'roadsideAssistance',
  '/warranty': 'warranty',
  '/buying': 'buying',
  '/about-us': 'aboutUs',
} as const;
