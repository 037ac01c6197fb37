import { greatCircleKm } from './geo.ts';

/*
 * Location pages (spec §2 routes /locations/{slug}, /our-location/{slug},
 * /contact-us/{location-slug}; spec §3 Location; spec §4/§9 opening hours and types).
 */

/** Location types of spec §3 ('' means sales). */
export type LocationTypeValue = 'sales' | 'service' | 'parts' | 'service-and-parts' | '';

/** The types the Opening Hours selector offers (spec §2: sales, service, parts). */
export type HoursType = 'sales' | 'service' | 'parts';

/** Labels of the selector's types. */
export const HOURS_TYPE_LABELS: Record<HoursType, string> = { sales: 'Sales', service: 'Service', parts: 'Parts' };

/** The canonical path of a location page (the other two routes show the same page). */
export function locationPath(slug: string): string {
  return `/locations/${slug}`;
}

/** Which selector types a location serves: service-and-parts serves both; empty means sales. */
export function typesServed(type: LocationTypeValue | string): HoursType[] {
  if (type === 'service-and-parts') return ['service', 'parts'];
  if (type === 'service' || type === 'parts') return [type];
  return ['sales'];
}

/** A location's name for its type ("Sales", "Service", "Service & Parts", "Parts"). */
export function locationTypeLabel(type: LocationTypeValue | string): string {
  if (type === 'service-and-parts') return 'Service & Parts';
  if (type === 'service') return 'Service';
  if (type === 'parts') return 'Parts';
  return 'Sales';
}

interface Sited {
  slug: string;
  location_type: string;
  dealership_id: number;
  address: { lat: number; long: number };
}

/** Locations of one dealership this close together are one site (a showroom and the workshop next door). */
export const SAME_SITE_KM = 0.5;

const sameSite = (a: Sited, b: Sited) =>
  a.dealership_id === b.dealership_id && greatCircleKm({ lat: a.address.lat, lng: a.address.long }, { lat: b.address.lat, lng: b.address.long }) <= SAME_SITE_KM;

/**
 * The Opening Hours selector of a location page: each type (sales, service, parts) served on
 * the same site (same dealership, within 500 m), with the location whose hours it shows. The page's
 * own location comes first among the locations serving a type. Types nobody serves there are
 * left out, so a showroom without a workshop offers only Sales.
 */
export function hoursTypeOptions<T extends Sited>(location: T, all: readonly T[]): { type: HoursType; label: string; location: T }[] {
  const here = [location, ...all.filter((l) => l.slug !== location.slug && sameSite(l, location))];
  const options: { type: HoursType; label: string; location: T }[] = [];
  for (const type of ['sales', 'service', 'parts'] as const) {
    const match = here.find((l) => typesServed(l.location_type).includes(type));
    if (match) options.push({ type, label: HOURS_TYPE_LABELS[type], location: match });
  }
  return options;
}

/**
 * How many places the locations are at: locations on the same site (same dealership, within
 * 500 m: a showroom and its workshop next door) count once.
 */
export function placeCount(locations: readonly Sited[]): number {
  const places: Sited[][] = [];
  for (const location of locations) {
    const place = places.find((p) => p.some((other) => sameSite(other, location)));
    if (place) place.push(location);
    else places.push([location]);
  }
  return places.length;
}

/**
 * The location pages' heading (labels.locationsHeading) with `{count}` replaced by how many places
 * the dealer's locations are at, so '{count} Big Locations' stays true as locations are added.
 * @param label the heading as the tenant writes it ('Find Us Here', '{count} Big Locations')
 * @param places how many places the dealer's shown locations are at (placeCount)
 */
export function locationsHeadingText(label: string, places: number): string {
  return label.replaceAll('{count}', String(places));
}

/** The type the selector starts on: the one asked for (URL `?type=`) when offered, else the page's own. */
export function initialHoursType(options: readonly { type: HoursType }[], ownType: string, requested: unknown): HoursType | undefined {
  if (typeof requested === 'string' && options.some((o) => o.type === requested)) return requested as HoursType;
  const own = typesServed(ownType)[0];
  return options.find((o) => o.type === own)?.type ?? options[0]?.type;
}

/**
 * A directions link to a maps service for the address (spec §2 Get Directions): opens the
 * shopper's maps with the location as destination. Only a link; nothing is loaded from it.
 */
export function directionsUrl(address: { lat: number; long: number; text: string }): string {
  const destination = Number.isFinite(address.lat) && Number.isFinite(address.long) ? `${address.lat},${address.long}` : address.text;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** A `tel:` link for an Australian phone number as written ("07 3123 4567" → "tel:0731234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** How the locations carousel lays out its cards on large screens (spec §9). */
export interface CarouselLayout {
  /** Cards side by side from the lg breakpoint (992 px) up. */
  columns: number;
  /** Whether the scroll hint shows on large screens (small screens show it whenever there is more than one card). */
  hintOnLarge: boolean;
}

/**
 * The locations carousel of spec §9: "scroll hint when 3 or fewer locations hidden on large
 * screens; columns by count (more than 3, exactly 6)". Up to 3 locations sit side by side
 * (one column each) with no hint on large screens; more than 3 use 4 columns, except exactly 6,
 * which use 3 (two even pages of three); with more than 3 the hint shows on large screens too.
 */
export function carouselLayout(count: number): CarouselLayout {
  if (count <= 3) return { columns: Math.max(1, count), hintOnLarge: false };
  return { columns: count === 6 ? 3 : 4, hintOnLarge: true };
}
