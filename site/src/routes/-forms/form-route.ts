import { notFound } from '@tanstack/react-router';
import type { FormCar } from '../../api/leads/form-car.ts';
import type { RouterContext } from '../../lib/router-context.ts';

/**
 * Loads the car a lead form route names (`?car_id={id or slug}`) into the Query cache, shared
 * with the server render. An unknown or hidden car is a real 404, like its vehicle page.
 * The car client (and its zod schema) is imported on demand, so it stays out of other pages.
 * @param context the router context
 * @param key the car id or slug, if the URL names one
 */
export async function loadFormCar(context: Pick<RouterContext, 'queryClient' | 'services'>, key: string | undefined): Promise<FormCar | null> {
  if (!key) return null;
  const { formCarQueryOptions } = await import('../../api/leads/form-car.ts');
  const car = await context.queryClient.ensureQueryData(formCarQueryOptions(key, context.services));
  if (!car) throw notFound();
  return car;
}
