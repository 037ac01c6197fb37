/*
 * Car availability (spec §4): in_stock and coming_soon are available (buttons, price and
 * finance show); anything else (sold) gets the SOLD treatment and Find Me Something Similar.
 */

/** The car fields availability depends on. */
export interface AvailabilityInput {
  status: string;
  sold?: boolean;
  reserved?: boolean;
  price?: number;
}

/** Whether the car counts as available: status in_stock or coming_soon and not marked sold. */
export function isAvailable(car: AvailabilityInput): boolean {
  return (car.status === 'in_stock' || car.status === 'coming_soon') && car.sold !== true;
}

/**
 * Whether reserve and purchase buttons may show: an available car in stock (not coming soon),
 * not reserved, with a real price (above the 10 that means "no price", spec §4).
 */
export function isPurchasable(car: AvailabilityInput): boolean {
  return isAvailable(car) && car.status === 'in_stock' && car.reserved !== true && (car.price ?? 0) > 10;
}
