/*
 * The delivery calculator (spec §2 vehicle page, §5 delivery rule, §7 delivery price lookup by
 * postcode): a postcode is required ('Please enter a postcode.') and, as every postcode input,
 * exactly 4 digits; the platform answers a price and a region name, or no estimate (the spec's
 * sorry message). The price rule itself is the platform's (the spec does not give one): free in
 * the local area of the nearest sales location, otherwise a base fee plus a rate per km, a Bass
 * Strait crossing surcharge, no estimate beyond a road-transport range. The server computes it
 * (GET /api/delivery) from this one function; the page shows what the server says.
 */

import { greatCircleKm, type LatLng } from './geo.ts';
import { INVALID_POSTCODE } from './form-inputs.ts';

/** Spec §5: the delivery calculator's message for a missing postcode. */
export const DELIVERY_POSTCODE_REQUIRED = 'Please enter a postcode.';

/** Spec §5: the delivery calculator's message when there is no estimate for the postcode. */
export const DELIVERY_NO_ESTIMATE = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** The platform's delivery pricing (dollars and km). */
export const DELIVERY_PRICING = {
  /** Free delivery within this distance of the nearest sales location. */
  freeWithinKm: 25,
  /** Base fee beyond the free area. */
  baseFee: 150,
  /** Dollars per km (straight-line distance). */
  perKm: 1.1,
  /** Surcharge when delivery crosses Bass Strait (exactly one end in Tasmania). */
  bassStraitFee: 450,
  /** Prices are rounded to the nearest this many dollars. */
  roundTo: 10,
  /** No estimate beyond this distance (external territories): the dealer quotes. */
  maxKm: 4500,
  /** Beyond a metro area and within this distance a place is Regional, further out Remote. */
  regionalWithinKm: 1500,
} as const;

/**
 * The delivery calculator's postcode rule (spec §5): required, then exactly 4 digits.
 * @param value the postcode as typed
 * @returns 'Please enter a postcode.', the postcode input's 4-digit message, or null when valid
 * @example deliveryPostcodeError('') // 'Please enter a postcode.'
 * @example deliveryPostcodeError('400') // 'Invalid postcode. Please enter a 4-digit number.'
 */
export function deliveryPostcodeError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return DELIVERY_POSTCODE_REQUIRED;
  return /^\d{4}$/.test(trimmed) ? null : INVALID_POSTCODE;
}

/**
 * The delivery price for a straight-line distance: free within 25 km, otherwise $150 plus $1.10
 * per km (plus $450 across Bass Strait), rounded to the nearest $10.
 * @param km whole km from the nearest sales location
 * @param crossesBassStrait exactly one end of the trip is in Tasmania
 * @example deliveryPrice(684, false) // 900 (150 + 752.40 = 902.40)
 */
export function deliveryPrice(km: number, crossesBassStrait: boolean): number {
  const p = DELIVERY_PRICING;
  if (km <= p.freeWithinKm) return 0;
  const raw = p.baseFee + km * p.perKm + (crossesBassStrait ? p.bassStraitFee : 0);
  return Math.round(raw / p.roundTo) * p.roundTo;
}

/** Capital-city postcode ranges (Australia Post delivery areas of each metropolitan region). */
const METRO: readonly { from: number; to: number; city: string }[] = [
  { from: 1000, to: 2234, city: 'Sydney' },
  { from: 2600, to: 2620, city: 'Canberra' },
  { from: 2900, to: 2920, city: 'Canberra' },
  { from: 3000, to: 3207, city: 'Melbourne' },
  { from: 4000, to: 4207, city: 'Brisbane' },
  { from: 5000, to: 5199, city: 'Adelaide' },
  { from: 6000, to: 6199, city: 'Perth' },
  { from: 7000, to: 7099, city: 'Hobart' },
  { from: 800, to: 832, city: 'Darwin' },
];

/**
 * The capital city whose metropolitan area a postcode belongs to, if any.
 * @param postcode four digits
 * @example metroArea('3000') // 'Melbourne'
 */
export function metroArea(postcode: string): string | undefined {
  const n = Number(postcode);
  return METRO.find((m) => n >= m.from && n <= m.to)?.city;
}

/** Where a delivery goes: a postcode's centroid and state. */
export interface DeliveryDestination extends LatLng {
  postcode: string;
  state: string;
}

/** Where a delivery can start: a sales location's coordinates, state and city. */
export interface DeliveryOrigin extends LatLng {
  state: string;
  city: string;
}

/** The answer of the delivery price lookup (spec §7: price and region name). */
export interface DeliveryEstimate {
  /** Dollars; 0 is free delivery. */
  price: number;
  /** '{city} local area', 'Metro {capital}', 'Regional {state}' or 'Remote {state}'. */
  region: string;
  /** Whole km from the nearest sales location. */
  distanceKm: number;
}

/**
 * The delivery estimate to a postcode from the nearest of the site's sales locations (spec §2
 * delivery calculator, §7 delivery price lookup): the price of `deliveryPrice` and the region
 * name; null (the spec's sorry message) when the site has no sales location or the postcode is
 * more than 4,500 km away.
 * @param destination the buyer's postcode place
 * @param origins the site's sales locations
 */
export function deliveryEstimate(destination: DeliveryDestination, origins: readonly DeliveryOrigin[]): DeliveryEstimate | null {
  let nearest: { origin: DeliveryOrigin; km: number } | null = null;
  for (const origin of origins) {
    const km = greatCircleKm(origin, destination);
    if (!nearest || km < nearest.km) nearest = { origin, km };
  }
  if (!nearest || nearest.km > DELIVERY_PRICING.maxKm) return null;
  const km = Math.round(nearest.km);
  const crossesBassStrait = (destination.state === 'TAS') !== (nearest.origin.state === 'TAS');
  const metro = metroArea(destination.postcode);
  const region =
    km <= DELIVERY_PRICING.freeWithinKm
      ? `${nearest.origin.city} local area`
      : metro
        ? `Metro ${metro}`
        : km <= DELIVERY_PRICING.regionalWithinKm
          ? `Regional ${destination.state}`
          : `Remote ${destination.state}`;
  return { price: deliveryPrice(km, crossesBassStrait), region, distanceKm: km };
}
