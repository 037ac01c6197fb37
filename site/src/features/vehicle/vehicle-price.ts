import type { Car } from '../../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { priceDisplay, type PriceDisplay } from '../../domain/price-display.ts';

/**
 * The price the vehicle page leads with (spec §4 price rules): the offer/reduced price with the
 * was-price, else the car price, else PREORDER or the no-price text. The page, its head and its
 * JSON-LD read this one value; a subscription price is shown beside it, not instead of it.
 */
export function vehiclePrice(car: Car, tenant: ResolvedTenant): PriceDisplay {
  return priceDisplay(car, {
    mode: 'cash',
    subscriptionLayout: false,
    noPrice: tenant.labels.noPrice,
    preorder: tenant.labels.preorder,
    enquireForFinance: tenant.labels.enquireForFinance,
  });
}
