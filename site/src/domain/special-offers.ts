/*
 * The special-offers search of spec §7/§9: categories, price and query, 21 offers per page,
 * answers cached up to 10 entries; its empty state (spec §8) has Clear Filters back to
 * /special-offers.
 */

/** Offers per page (spec §9: special offers 21 per page). */
export const OFFERS_PAGE_SIZE = 21;

/** Cached special-offers answers before the oldest is evicted (spec §7: up to 10 entries). */
export const OFFERS_CACHE_LIMIT = 10;

/** The special offers page (spec §2); Clear Filters returns here (spec §8). */
export const SPECIAL_OFFERS_PATH = '/special-offers';

/** A price filter of the offers search: a range in dollars (`max` absent = no upper bound). */
export interface OfferPriceBand {
  /** URL value, in the range form of the search page ("30000:50000", "80000:"). */
  value: string;
  label: string;
  min: number;
  max?: number;
}

/** The price filters offered. */
export const OFFER_PRICE_BANDS: readonly OfferPriceBand[] = [
  { value: '0:30000', label: 'Under $30,000', min: 0, max: 30_000 },
  { value: '30000:50000', label: '$30,000 to $50,000', min: 30_000, max: 50_000 },
  { value: '50000:80000', label: '$50,000 to $80,000', min: 50_000, max: 80_000 },
  { value: '80000:', label: '$80,000 and over', min: 80_000 },
];

/** The offers search in the URL. */
export interface OfferSearch {
  category?: string;
  /** One of OFFER_PRICE_BANDS' values. */
  price?: string;
  query?: string;
  /** Only one campaign's offers (the EOFY pages); never read from the shopper's URL. */
  campaign?: 'eofy';
  page: number;
}

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim().slice(0, max);
  return trimmed === '' ? undefined : trimmed;
};

/**
 * Reads the offers search from URL parameters; anything unusable is dropped rather than
 * breaking the page: an unknown price band, blank text, a page below 1 or not a whole number.
 */
export function parseOfferSearch(raw: Record<string, unknown>): OfferSearch {
  const search: OfferSearch = { page: 1 };
  const category = text(raw.category, 100);
  const query = text(raw.query, 200);
  const price = text(raw.price, 20);
  const page = Number(raw.page);
  if (category) search.category = category;
  if (query) search.query = query;
  if (price && OFFER_PRICE_BANDS.some((band) => band.value === price)) search.price = price;
  if (Number.isInteger(page) && page >= 1 && page <= 100_000) search.page = page;
  return search;
}

/** Whether any filter is applied (the page then offers Clear Filters). */
export function hasOfferFilters(search: OfferSearch): boolean {
  return Boolean(search.category || search.price || search.query);
}

/** `key=value&…` of the given pairs, each part percent-encoded (no DOM in the domain). */
function queryString(pairs: [string, string][]): string {
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

/**
 * The URL of an offers search: /special-offers with category, price and query when set, and
 * the page only when it is not 1.
 */
export function offerSearchHref(search: OfferSearch): string {
  const pairs: [string, string][] = [];
  if (search.category) pairs.push(['category', search.category]);
  if (search.price) pairs.push(['price', search.price]);
  if (search.query) pairs.push(['query', search.query]);
  if (search.page > 1) pairs.push(['page', String(search.page)]);
  const qs = queryString(pairs);
  return qs ? `${SPECIAL_OFFERS_PATH}?${qs}` : SPECIAL_OFFERS_PATH;
}

/** The platform API query of an offers search (GET /api/offers): 21 per page, price as min/max. */
export function offersApiQuery(search: OfferSearch): string {
  const pairs: [string, string][] = [];
  if (search.category) pairs.push(['category', search.category]);
  if (search.query) pairs.push(['query', search.query]);
  if (search.campaign) pairs.push(['campaign', search.campaign]);
  const band = OFFER_PRICE_BANDS.find((b) => b.value === search.price);
  if (band) {
    pairs.push(['price_min', String(band.min)]);
    if (band.max !== undefined) pairs.push(['price_max', String(band.max)]);
  }
  pairs.push(['page', String(search.page)], ['per_page', String(OFFERS_PAGE_SIZE)]);
  return queryString(pairs);
}

/** A price band's range test: min inclusive, max exclusive; an offer without a price is in none. */
export function priceInBand(price: number | null, band: Pick<OfferPriceBand, 'min' | 'max'>): boolean {
  if (price === null) return false;
  return price >= band.min && (band.max === undefined || price < band.max);
}

/** The page links of a result: 1…pages, empty when everything fits on one page. */
export function offerPages(count: number, pageSize = OFFERS_PAGE_SIZE): number[] {
  const pages = Math.ceil(count / pageSize);
  return pages > 1 ? Array.from({ length: pages }, (_, i) => i + 1) : [];
}

/** The page of one special offer or dealer-group promotion (spec §2 /offers/{id}). */
export function offerHref(id: number | string): string {
  return `/offers/${encodeURIComponent(String(id))}`;
}

/** What an /offers/{id} path names: a special offer (a whole number) or a tenant promotion (its slug id). */
export type OfferRef = { kind: 'offer'; id: number } | { kind: 'promotion'; id: string };

const PROMOTION_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads the id of /offers/{id}: a whole number from 1 is a special offer's id; a slug (the
 * tenant's `promotions[].id`, "eofy-2027", not all digits) a dealer-group promotion's. Anything else names no
 * offer (the page is a 404).
 */
export function parseOfferRef(raw: string): OfferRef | null {
  if (/^\d+$/.test(raw)) {
    const id = Number(raw);
    return /^[1-9]\d{0,9}$/.test(raw) && id <= 2_147_483_647 ? { kind: 'offer', id } : null;
  }
  return PROMOTION_ID.test(raw) && raw.length <= 100 ? { kind: 'promotion', id: raw } : null;
}

/**
 * Whether a special offer is inside its window at `now` (start inclusive, expiry exclusive, as
 * the offers list reads it): an expired or not yet started offer has no page.
 */
export function isOfferLive(offer: { start: string; expiry: string }, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(offer.start) <= t && t < Date.parse(offer.expiry);
}

const CAR_TYPE_WORDS = { new: 'new', demo: 'demo', used: 'used' } as const;

/**
 * Who a dealer-group promotion is for (spec §2: promotions per car type): "For new and demo
 * cars", "For used cars", "For new, demo and used cars" (the default, every car type).
 */
export function promotionAudience(display: readonly ('new' | 'demo' | 'used')[] = ['new', 'demo', 'used']): string {
  const words = (['new', 'demo', 'used'] as const).filter((type) => display.includes(type)).map((type) => CAR_TYPE_WORDS[type]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? '');
  return `For ${list} cars`;
}
