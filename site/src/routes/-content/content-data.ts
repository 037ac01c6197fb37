import { notFound } from '@tanstack/react-router';
import type { PageHeadInput } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import type { BrandDirectoryEntry } from '../../../../schema/api/content.ts';

/*
 * Route-file side of the content pages (brand directory, special offers): loaders that import
 * the real work on demand (brands-load.ts, offers-load.ts) and the heads they declare. Route
 * files are in every page's first download, so this stays small.
 */

/** A page's loaded data with the head it declares. */
export interface WithHead {
  head: PageHeadInput;
}

/** The head a content page declared in its loader (the locations pages' head, shared). */
export { presenceHead as contentHead } from '../-presence/location-data.ts';

/** Whether the tenant has the brand directory (features.brandDirectory, a literal in its bundle). */
export const hasBrandDirectory = (): boolean => __FEATURE_BRAND_DIRECTORY__;

/** The brand directory page's data. */
export async function loadBrandsPage(context: RouterContext): Promise<{ brands: BrandDirectoryEntry[] } & WithHead> {
  return (await import('./brands-load.ts')).loadBrandsPage(context);
}

/** A brand overview page's data; an unknown brand, or one without a page of its own, is a 404. */
export async function loadBrandOverview(context: RouterContext, slug: string): Promise<{ brand: BrandDirectoryEntry } & WithHead> {
  const data = await (await import('./brands-load.ts')).loadBrandOverview(context, slug);
  if (!data) throw notFound();
  return data;
}

/** The brand pages' lazily loaded parts (`staticData.features`). */
export const brandPageFeatures = () => import('./brands-load.ts').then(({ BrandDirectory, BrandOverview }) => Promise.all([BrandDirectory?.load(), BrandOverview?.load()]));

/** Whether the tenant has the special offers page (features.specialOffers, a literal in its bundle). */
export const hasSpecialOffers = (): boolean => __FEATURE_SPECIAL_OFFERS__;

/** The offers search in the URL: its four parameters as given; the loader reads them (domain/special-offers.ts). */
export function offersSearch(search: Record<string, unknown>): { category?: string; price?: string; query?: string; page?: number | string } {
  const out: Record<string, unknown> = {};
  for (const key of ['category', 'price', 'query', 'page']) if (typeof search[key] === 'string' || typeof search[key] === 'number') out[key] = search[key];
  return out;
}

/** The special offers page's data. */
export async function loadOffersPage(context: RouterContext, search: Record<string, unknown>) {
  return (await import('./offers-load.ts')).loadOffersPage(context, search);
}

/** The offers page's lazily loaded parts (`staticData.features`). */
export const offersPageFeatures = () => import('./offers-load.ts').then(({ SpecialOffers, OffersWarranty }) => Promise.all([SpecialOffers?.load(), OffersWarranty?.load()]));

/** /offers/{id}: an offer or promotion inside its window; an unknown or expired id is a 404. */
export async function loadOfferDetail(context: RouterContext, id: string) {
  const data = await (await import('./offers-load.ts')).loadOfferDetail(context, id);
  if (!data) throw notFound();
  return data;
}

/** The offer page's lazily loaded part (`staticData.features`). */
export const offerDetailFeatures = () => import('./offers-load.ts').then(({ OfferDetail }) => OfferDetail?.load());

/** Whether the tenant has the EOFY sale pages (features.eofySale, a literal in its bundle). */
export const hasEofySale = (): boolean => __FEATURE_EOFY_SALE__;

/** /eofy: the sale at the request's time with its offers. */
export async function loadEofyPage(context: RouterContext) {
  return (await import('./eofy-load.ts')).loadEofyPage(context);
}

/** /pages/eofy-{rest}: a dealer EOFY page; a slug the tenant has not configured is a 404. */
export async function loadEofyDealerPage(context: RouterContext, rest: string) {
  const data = await (await import('./eofy-load.ts')).loadEofyDealerPage(context, rest);
  if (!data) throw notFound();
  return data;
}

/** The EOFY pages' lazily loaded part (`staticData.features`). */
export const eofyPageFeatures = () => import('./eofy-load.ts').then(({ EofySale }) => EofySale?.load());

/** Whether the tenant has model pages (features.modelPages, a literal in its bundle). */
export const hasModelPages = (): boolean => __FEATURE_MODEL_PAGES__;

/** A model page's data; a model the site does not sell is a 404. */
export async function loadModelPage(context: RouterContext, slug: string) {
  const data = await (await import('./models-load.ts')).loadModelPage(context, slug);
  if (!data) throw notFound();
  return data;
}

/** The model page's lazily loaded part (`staticData.features`). */
export const modelPageFeatures = () =>
  import('./models-load.ts').then(({ ModelPage, RegisterInterest }) =>
    // The Register Interest form's code only where the server rendered one (a coming-soon model).
    Promise.all([ModelPage?.load(), typeof document !== 'undefined' && document.getElementById('register-interest-form') ? RegisterInterest?.load() : undefined]),
  );

/** Whether the tenant has the blog and news pages (features.blog, a literal in its bundle). */
export const hasBlog = (): boolean => __FEATURE_BLOG__;

/** /blog or /news (`page`: the `?page=` of /news); a page the list does not have is a 404. */
export async function loadBlogList(context: RouterContext, kind: 'landing' | 'news', page?: unknown) {
  const data = await (await import('./blog-load.ts')).loadBlogList(context, kind, page);
  if (!data) throw notFound();
  return data;
}

/** /blog/{slug}: a category (paged by `?page=`) or an article; anything else is a 404. */
export async function loadBlogSlug(context: RouterContext, slug: string, page?: unknown) {
  const data = await (await import('./blog-load.ts')).loadBlogSlug(context, slug, page);
  if (!data) throw notFound();
  return data;
}

/** The `?page=` of a paged article list as given (the loader reads it; a bad one is a 404). */
export function blogListSearch(search: Record<string, unknown>): { page?: string | number } {
  return typeof search.page === 'string' || typeof search.page === 'number' ? { page: search.page } : {};
}

/** The blog pages' lazily loaded part (`staticData.features`). */
export const blogPageFeatures = () => import('./blog-load.ts').then(({ BlogPages }) => BlogPages?.load());
