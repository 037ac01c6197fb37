/*
 * The site's stock filter expression (spec §5 and §7): a shared builder takes an argument
 * 0 to 14 (default 3, or the dealer's include_sold_cars_days) — the days a sold car stays
 * listed — and the dealer filter is "status in_stock OR coming_soon OR sold within N days,
 * AND show_on_dealer_website true". Site options narrow it (used only, in stock only,
 * certified only, dealerships) and exclude makes, stock numbers and car types.
 *
 * The expression is written in Algolia's filter syntax in conjunctive form (ANDs of ORs),
 * which Algolia requires; the embedded engine reads the same syntax.
 */

/** The tenant settings the builder reads. */
export interface StockFilterSettings {
  soldWithinDays: number;
  usedOnly: boolean;
  inStockOnly: boolean;
  excludeMakes: readonly string[];
  excludeStockNumbers: readonly string[];
  excludeCarTypes: readonly string[];
  dealerships: readonly string[];
}

/** The builder's inputs from the resolved tenant. */
export interface StockFilterInput {
  stockFilter: StockFilterSettings;
  /** `dealer.includeSoldCarsDays`: the dealer's override of the argument. */
  includeSoldCarsDays?: number;
  /** `search.certifiedOnly`. */
  certifiedOnly: boolean;
  /**
   * The site is launched (`launch.launched`): the platform's sample stock (seeded before the
   * dealer's first feed) is never listed as the dealer's own.
   */
  hideSampleStock?: boolean;
}

/** Largest builder argument (spec §5). */
export const MAX_SOLD_DAYS = 14;

const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The hour a stock filter is made for (Unix seconds at its start): the sold cutoff moves on the
 * hour, so the expression, the search cache key and a kept page listing its stock stay the same
 * for the whole hour, and change together when it ends.
 * @param nowSeconds current time in Unix seconds
 */
export function stockFilterHour(nowSeconds: number): number {
  return Math.floor(nowSeconds / HOUR_SECONDS) * HOUR_SECONDS;
}

/**
 * The dealer car-search filter: in stock, coming soon, or sold within `days` days; and shown
 * on the dealer website. The sold cutoff is counted from the start of the hour
 * (`stockFilterHour`).
 * @param days builder argument, 0 to 14
 * @param nowSeconds current time in Unix seconds
 */
export function dealerStockFilter(days: number, nowSeconds: number): string {
  if (!Number.isInteger(days) || days < 0 || days > MAX_SOLD_DAYS) {
    throw new RangeError(`stockFilter.soldWithinDays: must be a whole number from 0 to ${MAX_SOLD_DAYS}, got ${days}`);
  }
  const statuses = ['status:in_stock', 'status:coming_soon'];
  if (days > 0) {
    const cutoff = stockFilterHour(nowSeconds) - days * DAY_SECONDS;
    statuses.push(`sold_date_timestamp >= ${cutoff}`);
  }
  return `show_on_dealer_website:true AND (${statuses.join(' OR ')})`;
}

/** The resolved tenant's settings the builder reads. */
export interface StockFilterTenant {
  stockFilter: StockFilterSettings;
  dealer: { includeSoldCarsDays?: number | undefined };
  search: { certifiedOnly: boolean };
  /** Absent where a tenant is not resolved yet (not launched). */
  launch?: { launched: boolean } | undefined;
}

/**
 * The builder's inputs of a resolved tenant (the site, the server's enforced filter, the
 * sitemap and the seed all read them here).
 * @param tenant the resolved tenant
 */
export function stockFilterInput(tenant: StockFilterTenant): StockFilterInput {
  const days = tenant.dealer.includeSoldCarsDays;
  return { stockFilter: tenant.stockFilter, ...(days === undefined ? {} : { includeSoldCarsDays: days }), certifiedOnly: tenant.search.certifiedOnly, hideSampleStock: tenant.launch?.launched === true };
}

/**
 * The builder argument of a tenant: the dealer's include_sold_cars_days when set, else
 * stockFilter.soldWithinDays (its schema default is the spec's 3 days, so the resolved tenant
 * always has one).
 */
export function soldWindowDays(input: StockFilterInput): number {
  return input.includeSoldCarsDays ?? input.stockFilter.soldWithinDays;
}

/**
 * The site's own limits and exclusions (used only, certified only, dealerships, excluded makes,
 * stock numbers and car types), the part of the stock filter that does not depend on time.
 */
function siteLimits(input: StockFilterInput): string[] {
  const settings = input.stockFilter;
  const parts: string[] = [];
  // A launched site lists only the dealer's own stock: until its first feed, none at all.
  if (input.hideSampleStock) parts.push('sample_stock:false');
  if (settings.usedOnly) parts.push('car_type:used');
  if (input.certifiedOnly) parts.push('certified:true');
  if (settings.dealerships.length === 1) parts.push(`dealership_slug:${quote(settings.dealerships[0] as string)}`);
  else if (settings.dealerships.length > 1) {
    parts.push(`(${settings.dealerships.map((slug) => `dealership_slug:${quote(slug)}`).join(' OR ')})`);
  }
  for (const make of settings.excludeMakes) parts.push(`NOT make:${quote(make)}`);
  for (const stocknum of settings.excludeStockNumbers) parts.push(`NOT stocknum:${quote(stocknum)}`);
  for (const carType of settings.excludeCarTypes) parts.push(`NOT car_type:${quote(carType)}`);
  return parts;
}

/**
 * The full stock filter of a site: the dealer filter plus the site's limits and exclusions.
 * @param nowSeconds current time in Unix seconds
 */
export function stockFilterExpression(input: StockFilterInput, nowSeconds: number): string {
  const settings = input.stockFilter;
  const status = settings.inStockOnly ? 'show_on_dealer_website:true AND status:in_stock' : dealerStockFilter(soldWindowDays(input), nowSeconds);
  return [status, ...siteLimits(input)].join(' AND ');
}

/**
 * Sold stock the site once listed (spec §4: sold cars remain listed for the sold window, then
 * leave the site): shown on the dealer website, sold, and inside the site's limits and
 * exclusions, whenever it was sold. A car that matches this filter but not the stock filter has
 * left the site for good: its page is gone (HTTP 410), where a car the site never listed is
 * unknown (404).
 */
export function soldStockFilter(input: StockFilterInput): string {
  return ['show_on_dealer_website:true AND status:sold', ...siteLimits(input)].join(' AND ');
}
