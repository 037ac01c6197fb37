import { isAvailable, type AvailabilityInput } from './availability.ts';

/*
 * The card's tag banner (spec §4 car tag priority): electric/hybrid/PHEV fuel label; Reserved;
 * certified-used logo; custom tag; COMING SOON; just-arrived label; otherwise none. Unavailable
 * cars get the sold-style label instead.
 */

/** The car fields the tag depends on. */
export interface TagInput extends AvailabilityInput {
  simple_fuel?: string | null;
  certified?: boolean;
  car_type?: string;
  tag?: string | null;
  /** Unix seconds. */
  created_at: number;
}

/** Tag texts of the tenant (`labels`). */
export interface TagLabels {
  justSold: string;
  reserved: string;
  comingSoon: string;
  newArrival: string;
}

/** The tag a card shows. */
export interface CarTag {
  kind: 'sold' | 'fuel' | 'reserved' | 'certified' | 'custom' | 'coming-soon' | 'just-arrived';
  text: string;
}

const ELECTRIFIED = new Set(['electric', 'hybrid', 'phev']);
const DAY_SECONDS = 86_400;

/** Text of the certified-used logo (its alt text). */
export const CERTIFIED_TAG_TEXT = 'Certified Pre-Owned';

/**
 * The tag banner of a car, or null.
 * @param nowSeconds current time in Unix seconds
 * @param justArrivedDays cars created within this many days are just arrived (8 by default)
 */
export function carTag(car: TagInput, labels: TagLabels, nowSeconds: number, justArrivedDays: number): CarTag | null {
  if (!isAvailable(car)) return { kind: 'sold', text: labels.justSold };
  const fuel = car.simple_fuel ?? '';
  if (ELECTRIFIED.has(fuel.toLowerCase())) return { kind: 'fuel', text: fuel };
  if (car.reserved) return { kind: 'reserved', text: labels.reserved };
  if (car.certified && car.car_type === 'used') return { kind: 'certified', text: CERTIFIED_TAG_TEXT };
  if (car.tag) return { kind: 'custom', text: car.tag };
  if (car.status === 'coming_soon') return { kind: 'coming-soon', text: labels.comingSoon };
  if (justArrivedDays > 0 && nowSeconds - car.created_at < justArrivedDays * DAY_SECONDS) {
    return { kind: 'just-arrived', text: labels.newArrival };
  }
  return null;
}
