import type { SearchService } from '../search-bridge.ts';
import type { HostedTenant } from '../tenants.ts';
import { infoPagePaths } from '../../site/src/domain/info-pages.ts';
import { isPromotionLive } from '../../site/src/domain/promotions.ts';
import { contentPaths, presencePaths, robotsTxt, sitemapFiles, sitemapPaths, type SitemapCar } from '../../site/src/domain/sitemap.ts';
import { soldWindowDays, stockFilterExpression, stockFilterInput } from '../../site/src/domain/stock-filter.ts';
import { toSlug, uniqueMakes } from '../../site/src/domain/navigation.ts';
import { stockGeneration } from '../stock/generation.ts';

/*
 * robots.txt and the sitemap of each tenant, made from its config and its live stock (the same
 * stock filter the search page applies). Kept for a minute, so a change of stock shows within
 * a minute without every crawler request running the facet query.
 */

const TTL_MS = 60_000;

interface FacetAnswer {
  results?: { facets?: Record<string, Record<string, number>>; hits?: Record<string, unknown>[]; nbPages?: number }[];
}

/** The robots.txt of a tenant. */
export function tenantRobots(tenant: HostedTenant): string {
  return robotsTxt(tenant.config.siteUrl);
}

async function query(search: SearchService, slug: string, request: Record<string, unknown>): Promise<FacetAnswer> {
  const answer = await search.handle(slug, 'POST', '/1/indexes/*/queries', { requests: [{ indexName: 'cars', ...request }] }, {});
  if (answer.status !== 200) throw new Error(`sitemap: stock query answered ${answer.status}`);
  return answer.json as FacetAnswer;
}

/** Hits one search may page through (Algolia's paginationLimitedTo, which the engine keeps). */
const PAGE_LIMIT = 1000;
const MAX_CAR_ID = 2_147_483_647;

/**
 * Every listed car (slug, status, sold time). Search pages stop at 1,000 hits, so the stock is
 * read in ranges of car ids small enough to hold at most 1,000 cars each (a range with more is
 * halved), not page by page: a yard of 5,000 cars is listed whole.
 */
async function listedCars(search: SearchService, slug: string, filters: string): Promise<SitemapCar[]> {
  const cars: SitemapCar[] = [];
  const ranges: [number, number][] = [[0, MAX_CAR_ID]];
  while (ranges.length > 0) {
    const [lo, hi] = ranges.pop()!;
    const answer = await query(search, slug, { filters: `(${filters}) AND id:${lo} TO ${hi}`, hitsPerPage: PAGE_LIMIT, page: 0, attributesToRetrieve: ['slug', 'status', 'sold_date_timestamp'], attributesToHighlight: [] });
    const result = answer.results?.[0];
    const total = (result as { nbHits?: number } | undefined)?.nbHits ?? 0;
    if (total > PAGE_LIMIT && hi > lo) {
      const mid = Math.floor((lo + hi) / 2);
      ranges.push([mid + 1, hi], [lo, mid]);
      continue;
    }
    for (const hit of result?.hits ?? []) {
      if (typeof hit.slug !== 'string') continue;
      cars.push({ slug: hit.slug, status: String(hit.status ?? ''), soldAtSeconds: typeof hit.sold_date_timestamp === 'number' ? hit.sold_date_timestamp : null });
    }
  }
  return cars;
}

/** Where the sitemap asks the platform for its records. */
export interface SitemapRecords {
  /** The model pages of the given makes (manufacturer slugs), for tenants with model pages. */
  modelSlugs?: (makeSlugs: string[]) => Promise<string[]>;
  /** A tenant's articles (newest first) and the ids of its offers inside their window at `at`. */
  content?: (tenant: HostedTenant, at: Date) => Promise<{ articles: { slug: string; category: string }[]; liveOfferIds: number[] }>;
}

/**
 * Creates the sitemap source: `files(tenant, withCars, withLocations)` answers the sitemap index
 * (null for a single file) and the files. `withLocations` is true when the bundle has the
 * location pages (`/locations/$slug`). `withCars` is true once the tenant's bundle has the vehicle
 * page (`/cars/$slug`): car URLs are listed only when they lead to a page. `modelSlugs` answers
 * the model pages of the given makes (manufacturer slugs), listed for tenants with model pages.
 */
export function createSitemaps(search: SearchService | null, now: () => Date, sources: SitemapRecords = {}) {
  const { modelSlugs, content } = sources;
  const cache = new Map<string, { at: number; value: Promise<{ index: string | null; files: string[] }> }>();
  async function build(tenant: HostedTenant, withCars: boolean, withLocations: boolean) {
    const config = tenant.config;
    const at = now();
    const nowSeconds = Math.floor(at.getTime() / 1000);
    const stock = stockFilterInput(config);
    const soldDays = soldWindowDays(stock);
    const filters = stockFilterExpression(stock, nowSeconds);
    let facets: Record<string, Record<string, number>> = {};
    let cars: SitemapCar[] = [];
    if (search) {
      const answer = await query(search, tenant.slug, { hitsPerPage: 0, facets: ['car_type', 'make', 'make_model'], maxValuesPerFacet: 1000, filters, attributesToHighlight: [] });
      facets = answer.results?.[0]?.facets ?? {};
      if (withCars) cars = await listedCars(search, tenant.slug, filters);
    }
    const records = content && (config.features.blog || config.features.specialOffers) ? await content(tenant, at) : { articles: [], liveOfferIds: [] };
    // The tenant's own promotions have a page while they are inside their window, as the offers do.
    const livePromotionIds = config.promotions.filter((promo) => isPromotionLive(promo, at, config.timeZone)).map((promo) => promo.id);
    const withStock = (attribute: string) => Object.entries(facets[attribute] ?? {}).filter(([, count]) => count > 0).map(([value]) => value);
    const paths = sitemapPaths({
      defaultSearchPath: config.routes.defaultSearchPath,
      infoPaths: infoPagePaths(config.content.pages as Record<string, unknown> | undefined),
      ...(withLocations ? { presencePaths: presencePaths(config.dealer.locations) } : {}),
      contentPaths: contentPaths({
        brandDirectory: config.features.brandDirectory,
        brandSlugs: uniqueMakes(config.dealer.dealerships).map(toSlug),
        specialOffers: config.features.specialOffers,
        blogCategories: config.features.blog ? config.content.blogCategories : null,
        articles: config.features.blog ? records.articles : null,
        liveOfferIds: config.features.specialOffers ? [...records.liveOfferIds, ...livePromotionIds] : null,
        eofyPageSlugs: config.features.eofySale ? config.content.eofySale.pages.map((page) => page.slug) : null,
        modelSlugs: config.features.modelPages && modelSlugs ? await modelSlugs(uniqueMakes(config.dealer.dealerships).map(toSlug)) : null,
      }),
      carTypes: withStock('car_type'),
      makes: withStock('make'),
      makeModels: withStock('make_model'),
      cars,
      soldDays,
      nowSeconds,
    });
    return sitemapFiles(config.siteUrl, paths);
  }
  return {
    files(tenant: HostedTenant, withCars: boolean, withLocations = false) {
      // A stock change (a feed, a sale) starts a new generation: the next request rebuilds.
      const key = `${tenant.slug}|${withCars}|${withLocations}|${stockGeneration(tenant.slug).n}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
      const value = build(tenant, withCars, withLocations);
      for (const k of cache.keys()) if (k.startsWith(`${tenant.slug}|${withCars}|${withLocations}|`)) cache.delete(k);
      cache.set(key, { at: Date.now(), value });
      value.catch(() => cache.delete(key));
      return value;
    },
    /** Forget cached sitemaps (stock changed). */
    invalidate(slug?: string) {
      for (const key of cache.keys()) if (!slug || key.startsWith(`${slug}|`)) cache.delete(key);
    },
  };
}
