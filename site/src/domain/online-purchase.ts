/*
 * The online purchase journey (spec §1 "start an online purchase", §2 /checkout-journey?car_id=,
 * §4 "Reserve/online purchase need a reservable car"). The spec names the page and the rule
 * that only a purchasable car may be bought; the steps and the sums are the platform's: the
 * car's advertised (drive-away) price, the delivery price of the delivery calculator (or a free
 * pickup), the deposit of a reservation (the car's own value, else the site's fallback, $200 by
 * default) paid now, and the balance due on delivery or pickup. The browser shows these sums;
 * the server computes them again from its own records with these same functions and refuses an
 * order whose total differs from what the shopper saw.
 */

import { isPurchasable, type AvailabilityInput } from './availability.ts';
import { NO_PRICE_THRESHOLD } from './price-display.ts';
import { reserveDeposit } from './vehicle-offer.ts';

/** The journey's steps, in order (the confirmation follows the last). */
export const ORDER_STEPS = ['Your Car', 'Your Details', 'Delivery or Pickup', 'Deposit'] as const;

/** How the shopper takes the car. */
export type Fulfilment = 'pickup' | 'delivery';

/** The car fields the order's price depends on. */
export interface OrderCarInput extends AvailabilityInput {
  price: number;
  offer_price?: number | null | undefined;
  reserve_deposit?: number | null | undefined;
}

/**
 * Whether a car may be bought online (spec §4): the same rule as reserving, an available car in
 * stock, not reserved, with a price.
 * @param car the car
 * @example canBuyOnline({ status: 'in_stock', price: 25990 }) // true
 * @example canBuyOnline({ status: 'coming_soon', price: 25990 }) // false
 */
export function canBuyOnline(car: OrderCarInput): boolean {
  return isPurchasable(car);
}

/**
 * The price the car is bought for: its offer price when it is a real price below the car price
 * (the price the vehicle page shows, spec §4 price display), otherwise the car price.
 * @param car price and offer price
 * @example purchasePrice({ price: 30990, offer_price: 28990 }) // 28990
 * @example purchasePrice({ price: 30990, offer_price: 5 }) // 30990
 */
export function purchasePrice(car: Pick<OrderCarInput, 'price' | 'offer_price'>): number {
  const offer = car.offer_price ?? 0;
  return offer > NO_PRICE_THRESHOLD && offer < car.price ? offer : car.price;
}

/**
 * The deposit paid online to place the order: the car's own reserve deposit, else the site's
 * fallback (spec §9: per-car value, fallback $200).
 * @param car the car's reserve deposit
 * @param fallback `limits.reserveDepositFallback`
 * @example orderDeposit({ reserve_deposit: null }, 200) // 200
 */
export function orderDeposit(car: Pick<OrderCarInput, 'reserve_deposit'>, fallback: number): number {
  return reserveDeposit(car.reserve_deposit, fallback);
}

/** An order's sums, in whole dollars. */
export interface OrderTotals {
  vehicle_price: number;
  /** 0 for a pickup or free delivery. */
  delivery_fee: number;
  /** Vehicle price plus delivery. */
  total: number;
  /** Paid online now (never more than the total). */
  deposit: number;
  /** What is left to pay on delivery or pickup. */
  balance_due: number;
}

/**
 * The order's sums: vehicle price plus delivery is the total; the deposit is paid now and the
 * rest on delivery or pickup.
 * @param vehiclePrice `purchasePrice` of the car
 * @param deliveryFee the delivery price (0 for a pickup)
 * @param deposit `orderDeposit` of the car
 * @example orderTotals(28990, 900, 200) // { vehicle_price: 28990, delivery_fee: 900, total: 29890, deposit: 200, balance_due: 29690 }
 */
export function orderTotals(vehiclePrice: number, deliveryFee: number, deposit: number): OrderTotals {
  const total = Math.round((vehiclePrice + deliveryFee) * 100) / 100;
  const paid = Math.min(deposit, total);
  return { vehicle_price: vehiclePrice, delivery_fee: deliveryFee, total, deposit: paid, balance_due: Math.round((total - paid) * 100) / 100 };
}

/**
 * The reference a shopper quotes for an order: 'ORD-' and the order number, six digits at least.
 * @param orderId the order's id
 * @example orderReference(42) // 'ORD-000042'
 */
export function orderReference(orderId: number): string {
  return `ORD-${String(orderId).padStart(6, '0')}`;
}
