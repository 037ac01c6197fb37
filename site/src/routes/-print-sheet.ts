import { notFound } from '@tanstack/react-router';
import type { Car } from '../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { isAvailable } from '../domain/availability.ts';
import { vehicleTitle } from '../domain/vehicle-title.ts';
import type { PrintSheetProps } from '../features/print/index.tsx';
import { keyInformation, specifications } from '../domain/vehicle-facts.ts';
import { vehiclePrice } from '../features/vehicle/vehicle-price.ts';
import { carQueryOptions } from '../api/cars/car.ts';
import { ApiRequestError } from '../api/http.ts';
import type { RouterContext } from '../lib/router-context.ts';

/*
 * What the print page says about a car, in the vehicle page's own words: its title, its price by
 * the price rules, its Key information and specifications rows, its dealer comments in full.
 * The route composes the vehicle page's helpers and the print feature here (features never
 * import each other); the print route's loader loads it on demand, with its own work.
 */

/**
 * The print page's data: the car and its sheet's words; an unknown car, or one sold beyond the
 * sold window (410), has no print page.
 * @param context the router's context
 * @param car the car's id or slug from the address
 */
export async function loadPrintPage(context: RouterContext, car: string): Promise<{ car: Car; sheet: Omit<PrintSheetProps, 'car'> }> {
  try {
    const found = await context.queryClient.ensureQueryData(carQueryOptions(car, context.services));
    return { car: found, sheet: printSheetProps(context.tenant, found) };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) throw notFound();
    throw error;
  }
}

/** The print sheet's props (everything but the car) for a car of this tenant. */
export function printSheetProps(tenant: ResolvedTenant, car: Car): Omit<PrintSheetProps, 'car'> {
  const price = vehiclePrice(car, tenant);
  const priced = price.kind === 'price' || price.kind === 'offer';
  return {
    title: vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__),
    price: { text: price.text, wasText: price.kind === 'offer' ? price.wasText : null, priced },
    available: isAvailable(car),
    // The sheet names the car's location in its own block; the row would say it twice.
    keyInformation: keyInformation(car, tenant.labels, { location: false }),
    specifications: specifications(car),
    comments: car.dealercomments.trim() || tenant.labels.emptyDealerComments,
    commentsTitle: tenant.labels.dealerComments,
  };
}
