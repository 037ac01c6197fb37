import { blogCategoryPath, blogListHref, blogPageNumbers } from './blog.ts';
import { absoluteUrl } from './page-head.ts';
import { searchUrl, emptySearchState } from './search-url.ts';
import { offerHref } from './special-offers.ts';
import { compareText } from './text-order.ts';

/*
 * What a tenant tells search engines to crawl: robots.txt pointing at its sitemap, and the
 * sitemap of its pages — home, information pages with copy, the search paths that have stock
 * (car types, makes, make/model pairs) and, once the tenant's bundle has the vehicle page,
 * every listed car. Over the protocol's 50,000 URLs a sitemap index splits the list.
 */

/** Most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;

/** A listed car: its URL slug and, for sold cars, when it sold (seconds since the epoch). */
export interface SitemapCar {
  slug: string;
  status: string;
  soldAtSeconds?: number | null;
  updatedAtSeconds?: number | null;
}

/** What the sitemap is made from. */
export interface SitemapInput {
  defaultSearchPath: string;
  /** Paths of the information pages the tenant has copy for. */
  infoPaths: readonly string[];
  /**
   * Dealer presence pages the bundle has: the location grid, the contact page and
   * each visible location's canonical page (`presencePaths()`); absent = none.
   */
  presencePaths?: readonly string[];
  /** Brand, offers and other content pages the tenant has (`contentPaths()`); absent = none. */
  contentPaths?: readonly string[];
  /** Car types with stock (car_type facet values with a count above 0). */
  carTypes: readonly string[];
  /** Makes with stock (make facet values). */
  makes: readonly string[];
  /** Make-model values with stock (make_model facet values, "Toyota Corolla"). */
  makeModels: readonly string[];
  /** Listed cars; empty while the tenant has no vehicle page. */
  cars: readonly SitemapCar[];
  /** Days a sold car stays listed (the stock filter's window). */
  soldDays: number;
  nowSeconds: number;
}

const TYPE_PATHS: Record<string, string> = { new: '/search/new-cars', used: '/search/used-cars', demo: '/search/demo-cars' };

/**
 * Whether a car belongs in the sitemap: listed cars, and sold cars only within the sold window
 * (a car sold longer ago drops out, as it drops out of search).
 */
export function carInSitemap(car: SitemapCar, soldDays: number, nowSeconds: number): boolean {
  if (car.status !== 'sold') return true;
  if (car.soldAtSeconds === null || car.soldAtSeconds === undefined) return false;
  return nowSeconds - car.soldAtSeconds <= soldDays * 86_400;
}

/** The paths of a tenant's sitemap, each once, in a stable order. */
export function sitemapPaths(input: SitemapInput): string[] {
  const paths = ['/', ...input.infoPaths, ...(input.presencePaths ?? []), ...(input.contentPaths ?? []), input.defaultSearchPath];
  for (const type of ['new', 'demo', 'used']) if (input.carTypes.includes(type) && TYPE_PATHS[type]) paths.push(TYPE_PATHS[type]);
  const makes = [...input.makes].sort((a, b) => compareText(a, b));
  for (const make of makes) {
    paths.push(searchUrl({ ...emptySearchState(), lists: { make: [make] } }));
    const models = input.makeModels.filter((value) => value.startsWith(`${make} `)).sort((a, b) => compareText(a, b));
    for (const model of models) paths.push(searchUrl({ ...emptySearchState(), lists: { make: [make], make_model: [model] } }));
  }
  for (const car of input.cars) if (carInSitemap(car, input.soldDays, input.nowSeconds)) paths.push(`/cars/${car.slug}`);
  return [...new Set(paths)];
}

/**
 * The presence pages to list: /dealerships and /contact-us, then /locations/{slug} of every
 * visible location (the canonical one of its three routes), for a bundle that has them.
 */
export function presencePaths(locations: readonly { slug: string; visible?: boolean }[]): string[] {
  return ['/dealerships', '/contact-us', ...locations.filter((l) => l.visible !== false).map((l) => `/locations/${l.slug}`)];
}

/** The content pages a sitemap lists for the features a tenant has switched on (`contentPaths`). */
export interface ContentPathsInput {
  brandDirectory: boolean;
  brandSlugs: readonly string[];
  specialOffers: boolean;
  /** The blog's categories where the blog is on, else null. */
  blogCategories?: readonly string[] | null;
  /** The tenant's articles (newest first) where the blog is on: each article's page and every page of the lists. */
  articles?: readonly { slug: string; category: string }[] | null;
  /** The ids of the offers and promotions inside their window now (pages /offers/{id}), where special offers are on. */
  liveOfferIds?: readonly (number | string)[] | null;
  modelSlugs?: readonly string[] | null;
  eofyPageSlugs?: readonly string[] | null;
}

/** Pages 2 onwards of an article list of `count` articles (page 1 is the list's own path). */
function laterListPages(path: string, count: number): string[] {
  return blogPageNumbers(count).slice(1).map((page) => blogListHref(path, page));
}

/**
 * The content pages to list for the features a tenant has switched on: the brand directory
 * (/brands and each brand's /{slug}/overview; brands are the makes the site sells), the
 * special offers page and each live offer's and promotion's page, the blog (landing, news and
 * category pages with their later pages, and every article) where `blogCategories` is given,
 * each model page (/models/{slug}) where `modelSlugs` is given (the models of the makes the
 * site sells), and the EOFY sale page with the dealer's EOFY pages (/pages/{slug}) where
 * `eofyPageSlugs` is given.
 */
export function contentPaths(input: ContentPathsInput): string[] {
  const paths: string[] = [];
  if (input.modelSlugs) paths.push(...[...input.modelSlugs].sort().map((slug) => `/models/${slug}`));
  if (input.blogCategories) {
    const articles = input.articles ?? [];
    paths.push('/blog', '/news', ...laterListPages('/news', articles.length));
    for (const category of input.blogCategories) {
      const path = blogCategoryPath(category);
      paths.push(path, ...laterListPages(path, articles.filter((a) => a.category === category).length));
    }
    paths.push(...articles.map((a) => `/blog/${a.slug}`));
  }
  if (input.brandDirectory) paths.push('/brands', ...[...input.brandSlugs].sort().map((slug) => `/${slug}/overview`));
  if (input.specialOffers) paths.push('/special-offers', ...(input.liveOfferIds ?? []).map((id) => offerHref(id)));
  if (input.eofyPageSlugs) paths.push('/eofy', ...input.eofyPageSlugs.map((slug) => `/pages/${slug}`));
  return paths;
}

/** Escapes text for an XML text node or attribute (sitemaps, the generated map SVG). */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** One sitemap file (urlset) of absolute URLs on the tenant's site. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${escapeXml(absoluteUrl(siteUrl, p))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The sitemap index over `count` files named /sitemap-1.xml, /sitemap-2.xml, … */
export function sitemapIndexXml(siteUrl: string, count: number): string {
  const items = Array.from({ length: count }, (_, i) => `<sitemap><loc>${escapeXml(absoluteUrl(siteUrl, `/sitemap-${i + 1}.xml`))}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/** The sitemap files of a path list: one file, or more behind an index when over the limit. */
export function sitemapFiles(siteUrl: string, paths: readonly string[], limit = SITEMAP_URL_LIMIT): { index: string | null; files: string[] } {
  if (paths.length <= limit) return { index: null, files: [sitemapXml(siteUrl, paths)] };
  const files: string[] = [];
  for (let start = 0; start < paths.length; start += limit) files.push(sitemapXml(siteUrl, paths.slice(start, start + limit)));
  return { index: sitemapIndexXml(siteUrl, files.length), files };
}

/** robots.txt: crawl the site, not its API, search engine or personal pages; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /1/',
    'Disallow: /sign-in',
    'Disallow: /my-garage',
    'Disallow: /watchlist',
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
