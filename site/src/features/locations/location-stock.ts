import { queryOptions } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { SiteServices } from '../../lib/services.ts';
import { createSearchClient, searchIndexes } from '../../api/search-client.ts';
import { priceDisplay } from '../../domain/price-display.ts';
import { stockFilterExpression, stockFilterInput } from '../../domain/stock-filter.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A car shown under "stock at this location". */
export interface LocationCar {
  id: string;
  slug: string;
  title: string;
  price: string;
  km: number | null;
  image: string | null;
}

/** Stock at one location: how many listed cars it holds, and the first few. */
export interface LocationStock {
  count: number;
  cars: LocationCar[];
}

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * The listed stock at a location (spec §2: the dealer's stock at that location): one search with
 * the site's stock filter and the location's name, the same request the search page would send.
 */
export async function fetchLocationStock(tenant: ResolvedTenant, services: SiteServices, locationName: string, limit = 4): Promise<LocationStock> {
  const client = createSearchClient(tenant, services.origin, services.searchRequester);
  const filters = `(${stockFilterExpression(
    stockFilterInput(tenant),
    Math.floor(services.now() / 1000),
  )}) AND location_name:${quote(locationName)}`;
  const { results } = await client.search({
    requests: [{ indexName: searchIndexes(tenant).latest, query: '', hitsPerPage: limit, filters, attributesToHighlight: [] }],
  });
  const first = results[0] as { nbHits?: number; hits?: Record<string, unknown>[] } | undefined;
  const cars = (first?.hits ?? []).map((hit) => {
    const title = vehicleTitle({ year: Number(hit.year), make: String(hit.make ?? ''), model: String(hit.model ?? ''), badge: text(hit.badge), series: text(hit.series), name: text(hit.name) ?? '' }, __FEATURE_SERIES_IN_TITLE__);
    const price = priceDisplay(
      { price: Number(hit.price ?? 0), before_price: hit.before_price as number | null, offer_price: hit.offer_price as number | null, subscription_price: hit.subscription_price as number | null, preorder: Boolean(hit.preorder) },
      { mode: 'cash', subscriptionLayout: false, noPrice: tenant.labels.noPrice, preorder: tenant.labels.preorder, enquireForFinance: tenant.labels.enquireForFinance },
    );
    return {
      id: String(hit.objectID ?? hit.id ?? ''),
      slug: String(hit.slug ?? ''),
      title,
      price: price.text,
      km: typeof hit.km === 'number' ? hit.km : null,
      image: typeof hit.primary_image_url === 'string' ? hit.primary_image_url : null,
    };
  });
  return { count: first?.nbHits ?? cars.length, cars };
}

/**
 * Query options of a location's stock: loaded through the Query cache, so running the location
 * page's loader again (after an edit in the editor's preview, or on coming back to the page) reads
 * the stock already fetched instead of searching again. The key holds everything the answer is
 * made from (the site's stock filter, its index, its price labels and the location's name), so a
 * change to any of them searches again; the cars' own changes come with invalidating `['cars']`.
 */
export function locationStockQueryOptions(tenant: ResolvedTenant, services: SiteServices, locationName: string, limit = 4) {
  const { noPrice, preorder, enquireForFinance } = tenant.labels;
  return queryOptions({
    queryKey: ['cars', 'at-location', locationName, limit, searchIndexes(tenant).latest, stockFilterInput(tenant), { noPrice, preorder, enquireForFinance }],
    queryFn: () => fetchLocationStock(tenant, services, locationName, limit),
  });
}
