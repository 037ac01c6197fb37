import { queryOptions } from '@tanstack/react-query';
import type { PriceComparison } from '../../../../schema/api/vehicle.ts';
import type { SiteServices } from '../../lib/services.ts';
import { ApiRequestError, getJson } from '../http.ts';

/** The answer's schema, imported with the request: the gauge hydrates without zod. */
const priceComparisonSchema = () => import('../../../../schema/api/vehicle.ts').then((module) => module.PriceComparisonSchema);

/**
 * A car's price-comparison data (GET /api/cars/{slug}/autogauge, spec §7), or null when there
 * is none to show: the provider had no data for the car ('No data returned') or the call failed
 * ('Failed to fetch auto gauge data'); both are logged and hide the gauge (spec §8). A failure is
 * an answer here, not a query error, so a page rendered on the server carries it to the browser
 * (only successful queries are dehydrated) and the browser does not ask again.
 */
export async function fetchPriceComparison(slug: string, services?: Pick<SiteServices, 'fetch'>): Promise<PriceComparison | null> {
  try {
    return await getJson(`/api/cars/${encodeURIComponent(slug)}/autogauge`, priceComparisonSchema, undefined, services?.fetch);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) console.warn('No data returned', slug);
    else console.warn('Failed to fetch auto gauge data', error);
    return null;
  }
}

/** Query options of the price gauge's data; the vehicle route's loader and the gauge share them. */
export function priceComparisonQueryOptions(slug: string, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['cars', 'autogauge', slug], queryFn: () => fetchPriceComparison(slug, services), retry: false, staleTime: 5 * 60_000 });
}
