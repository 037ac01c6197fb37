import { queryOptions } from '@tanstack/react-query';
import { CarSchema } from '../../../../schema/api/car.ts';
import type { SiteServices } from '../../lib/services.ts';
import { ApiRequestError, getJson } from '../http.ts';

/** What a lead form knows of the car it is about (prefill, payload fields, analytics). */
export const FormCarSchema = CarSchema.pick({
  id: true,
  slug: true,
  name: true,
  year: true,
  make: true,
  model: true,
  badge: true,
  series: true,
  car_type: true,
  status: true,
  tag: true,
  stocknum: true,
  price: true,
  offer_price: true,
  price_type: true,
  km: true,
  reserved: true,
  sold: true,
  primary_image_url: true,
  location: true,
  location_id: true,
  location_name: true,
  dealership_id: true,
  dealership_slug: true,
  reserve_deposit: true,
});
export type FormCar = import('zod').infer<typeof FormCarSchema>;

/**
 * The car a form is about, by slug or id (`/api/cars/{slug or id}`); null when the site has no
 * such public car.
 */
export async function fetchFormCar(key: string, services?: Pick<SiteServices, 'fetch'>): Promise<FormCar | null> {
  try {
    return await getJson(`/api/cars/${encodeURIComponent(key)}`, FormCarSchema, undefined, services?.fetch);
  } catch (error) {
    // 410: a car sold beyond the sold window is no longer public either.
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) return null;
    throw error;
  }
}

/** Query options of a form's car (route loaders ensure it; the form reads the cache). */
export function formCarQueryOptions(key: string, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['form-car', key], queryFn: () => fetchFormCar(key, services), staleTime: 60_000 });
}
