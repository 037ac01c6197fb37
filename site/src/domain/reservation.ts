/*
 * Whether a car can be reserved online (spec §4 "reserve and purchase buttons appear only if the
 * car is purchasable", §7 "Reserve/online purchase need a reservable car", §9 the deposit held
 * 48 hours). One rule for the reserve buttons on cards and the vehicle page, the reserve page
 * itself and the server that takes the hold, so none of them can offer or accept a hold the
 * others would refuse.
 */

import { isPurchasable, type AvailabilityInput } from './availability.ts';

/** The car fields reservability depends on. */
export interface ReservableCarInput extends AvailabilityInput {
  /** A car the dealer hides from the website is not public, so it cannot be held either. */
  show_on_dealer_website?: boolean;
}

/** The site settings reservability depends on: the dealer's reserve feature. */
export interface ReserveSite {
  features: { reserveButton: boolean };
}

/**
 * Whether the car can be reserved on this site: the dealer offers online reservations
 * (features.reserveButton) and the car is purchasable — in stock (not coming soon), not sold, not
 * already reserved, listed on the website, with a real price (above the 10 that means "no price").
 * @param car the car
 * @param site the resolved tenant (or its reserve switch)
 * @example canReserve({ status: 'in_stock', price: 25990 }, { features: { reserveButton: true } }) // true
 * @example canReserve({ status: 'sold', price: 25990 }, { features: { reserveButton: true } }) // false
 */
export function canReserve(car: ReservableCarInput, site: ReserveSite): boolean {
  return site.features.reserveButton && car.show_on_dealer_website !== false && isPurchasable(car);
}

/**
 * Minutes a shopper has to open the emailed link that starts a hold asked for without signing in
 * (sites that do not gate checkout). Until then the car stays on sale; the first confirmed hold wins.
 */
export const HOLD_CONFIRM_MINUTES = 30;
