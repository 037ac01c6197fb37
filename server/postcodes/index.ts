import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Offline Australian postcode → coordinates, from the shipped au-postcodes.tsv (see generate.ts).
 */

/** One postcode's centroid and main locality. */
export interface PostcodePlace {
  postcode: string;
  state: string;
  lat: number;
  lng: number;
  locality: string;
}

let table: Map<string, PostcodePlace> | undefined;

function load(): Map<string, PostcodePlace> {
  if (table) return table;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'au-postcodes.tsv');
  table = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [postcode, state, lat, lng, locality] = line.split('\t');
    if (!postcode || !state || !lat || !lng) continue;
    table.set(postcode, { postcode, state, lat: Number(lat), lng: Number(lng), locality: locality ?? '' });
  }
  return table;
}

/**
 * Looks up an Australian postcode; undefined when unknown.
 * @param postcode four digits
 */
export function lookupPostcode(postcode: string): PostcodePlace | undefined {
  return load().get(postcode.trim());
}

/**
 * Great-circle distance in km (Earth radius 6371 km, spec §9).
 * @param a first point
 * @param b second point
 */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Delivery estimate from the nearest dealership location to a postcode: free within 25 km,
 * then $150 plus $1.10 per km (rounded to $10), Bass Strait crossing $450 extra; no estimate
 * beyond 4,500 km.
 * @param destination the buyer's postcode place
 * @param origins the site's sales locations
 */
export function deliveryEstimate(
  destination: PostcodePlace,
  origins: { lat: number; lng: number; state: string; city: string }[],
): { price: number; region: string; distanceKm: number } | null {
  if (origins.length === 0) return null;
  let best = { km: Infinity, origin: origins[0]! };
  for (const o of origins) {
    const km = distanceKm(o, destination);
    if (km < best.km) best = { km, origin: o };
  }
  if (best.km > 4500) return null;
  const km = Math.round(best.km);
  const crossing = (destination.state === 'TAS') !== (best.origin.state === 'TAS') ? 450 : 0;
  const price = km <= 25 ? 0 : Math.round((150 + km * 1.1 + crossing) / 10) * 10;
  const metro = metroArea(destination.postcode);
  const region = km <= 25 ? `${best.origin.city} local area` : metro ? `Metro ${metro}` : km <= 1500 ? `Regional ${destination.state}` : `Remote ${destination.state}`;
  return { price, region, distanceKm: km };
}

/** Capital-city postcode ranges (Australia Post delivery areas of each metropolitan region). */
const METRO: { from: number; to: number; city: string }[] = [
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
 */
export function metroArea(postcode: string): string | undefined {
  const n = Number(postcode);
  return METRO.find((m) => n >= m.from && n <= m.to)?.city;
}
