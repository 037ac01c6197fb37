import { notFound, redirect } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { pageHead, type PageHeadInput, type RouteHead } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import type { Location } from '../../../../schema/api/location.ts';
import type { LocationPageData } from './location-load.ts';

/*
 * Route-file side of the locations pages: loaders that import the real work on demand
 * (location-load.ts), heads, search params and redirects. Everything here is in every page's
 * first download, so it stays small.
 */

export type { LocationPageData };

/** A page's loaded data with the head it declares (built in location-load.ts, off the first download). */
export interface WithHead {
  head: PageHeadInput;
}

/** The location grid (/dealerships) or the contact page (/contact-us): every visible location. */
export async function loadLocationsPage(context: RouterContext, page: 'grid' | 'contact'): Promise<{ locations: Location[] } & WithHead> {
  return (await import('./location-load.ts')).loadLocationsPage(context, page);
}

/** A single location page's data; an unknown or hidden slug is a 404. */
/** The location page's lazily loaded parts (reviews and rating box): `staticData.features` of its routes. */
export const locationPageFeatures = () => import('./location-load.ts').then(({ LocationReviewsBlock, RatingBox }) => Promise.all([LocationReviewsBlock?.load(), RatingBox?.load()]));

export async function loadLocationPage(context: RouterContext, slug: string): Promise<LocationPageData & WithHead> {
  const data = await (await import('./location-load.ts')).loadLocationPage(context, slug);
  if (!data) throw notFound();
  return data;
}

/** The head a locations page declared in its loader (not found: the not-found head). */
export function presenceHead({ match, loaderData }: { match: { context: { tenant: ResolvedTenant } }; loaderData?: WithHead | undefined }): RouteHead {
  return pageHead(match.context.tenant, loaderData?.head ?? { title: 'Page not found', noindex: true });
}

/** The tenant's contact route: where /contact answers a 301 to (spec §2 /contact, /contact-us). */
export const CONTACT_PATH = '/contact-us';

/** /contact → a real 301 to the tenant's contact route. */
export function redirectToContact(): never {
  throw redirect({ href: CONTACT_PATH, statusCode: 301 });
}

/** Search params of the location routes: the Opening Hours type (`?type=service`). */
export function locationSearch(search: Record<string, unknown>): { type?: string } {
  return typeof search.type === 'string' ? { type: search.type } : {};
}
