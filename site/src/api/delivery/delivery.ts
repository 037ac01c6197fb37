import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../http.ts';

// Answer schemas are imported with the request, so a part that hydrates with this client does not load zod first.
const deliveryResponseSchema = () => import('../../../../schema/api/vehicle.ts').then((module) => module.DeliveryResponseSchema);

/** What the delivery price lookup answers (spec §7): price and region, or null with a message. */
export interface DeliveryAnswer {
  postcode: string;
  price: number | null;
  region: string | null;
  message: string | null;
}

/**
 * The delivery estimate to a postcode (GET /api/delivery?postcode=; the platform prices it from
 * the site's nearest sales location, domain/delivery.ts).
 * @param postcode four digits (checked by the form first)
 * @param carId the car the shopper is looking at, for the record
 */
export async function fetchDelivery(postcode: string, carId?: number): Promise<DeliveryAnswer> {
  const query = new URLSearchParams({ postcode });
  if (carId !== undefined) query.set('car_id', String(carId));
  const answer = await getJson(`/api/delivery?${query.toString()}`, deliveryResponseSchema);
  return { postcode: answer.postcode, price: answer.price, region: answer.region, message: answer.message };
}

/** Query options of a delivery estimate: one lookup per postcode, kept for the visit. */
export function deliveryQueryOptions(postcode: string, carId?: number) {
  return queryOptions({ queryKey: ['delivery', postcode], queryFn: () => fetchDelivery(postcode, carId), staleTime: 30 * 60_000, retry: false });
}

/** The estimate for the postcode the shopper asked about (nothing is fetched while it is null). */
export function useDeliveryEstimate(postcode: string | null, carId?: number) {
  return useQuery({ ...deliveryQueryOptions(postcode ?? '', carId), enabled: postcode !== null });
}
