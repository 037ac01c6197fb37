/*
 * Distances and map geometry from coordinates (spec §9 nearby dealerships: within 250 km, up to
 * 5, Earth radius 6371 km; spec §7 maps service: map bounds from dealership coordinates). The
 * site draws its maps itself from these numbers: no tile server, nothing fetched.
 */
import { formatNumber } from '../../../schema/number-format.ts';

/** Earth radius in km (spec §9). */
export const EARTH_RADIUS_KM = 6371;
/** Nearby dealerships: within this many km of the chosen place (spec §9). */
export const NEARBY_RADIUS_KM = 250;
/** Nearby dealerships: at most this many (spec §9). */
export const NEARBY_MAX = 5;

/** A point in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle distance in km between two points (haversine formula, Earth radius 6371 km).
 * @example greatCircleKm({ lat: -27.4698, lng: 153.0251 }, { lat: -33.8688, lng: 151.2093 }) // ≈ 732 km (Brisbane–Sydney)
 */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The places within `radiusKm` of `origin`, nearest first, at most `max` (spec §9 defaults 250 km
 * and 5), each with its distance in km.
 */
export function nearby<T extends LatLng>(origin: LatLng, places: readonly T[], radiusKm = NEARBY_RADIUS_KM, max = NEARBY_MAX): (T & { distanceKm: number })[] {
  return places
    .map((p) => ({ ...p, distanceKm: greatCircleKm(origin, p) }))
    .filter((p) => p.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm)
    .slice(0, Math.max(0, max));
}

/** A distance as shown: "12.3 km" below 100 km, whole km above. */
export function formatDistanceKm(km: number): string {
  return km < 100 ? `${formatNumber(Math.round(km * 10) / 10)} km` : `${formatNumber(Math.round(km))} km`;
}

/** Web Mercator x/y in [0, 1] of a point (x east, y south). */
export function mercator(p: LatLng): { x: number; y: number } {
  const s = Math.sin(rad(Math.max(-85, Math.min(85, p.lat))));
  return { x: (p.lng + 180) / 360, y: 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI) };
}

/** The point at Web Mercator x/y (the inverse of `mercator`). */
export function fromMercator(x: number, y: number): LatLng {
  return { lat: (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI, lng: x * 360 - 180 };
}

/** A map view: what part of the world a drawn map of `width` × `height` shows. */
export interface MapView {
  width: number;
  height: number;
  /** Mercator x/y of the top-left corner, and Mercator units per pixel. */
  x0: number;
  y0: number;
  scale: number;
  /** Kilometres per pixel at the view's centre (for the scale bar). */
  kmPerPixel: number;
}

/**
 * Fits the points into a `width` × `height` drawing with a margin, keeping the aspect ratio
 * (spec §7: map bounds from the dealership coordinates). A single point (or points very close
 * together) is shown with at least `minSpanKm` across, so one location reads as a street-level
 * map rather than an infinite zoom.
 */
export function fitMapView(points: readonly LatLng[], width: number, height: number, options: { marginPx?: number; minSpanKm?: number } = {}): MapView {
  const margin = options.marginPx ?? 40;
  const minSpanKm = options.minSpanKm ?? 4;
  const projected = (points.length ? points : [{ lat: -25.3, lng: 133.8 }]).map(mercator);
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const centreLat = fromMercator(cx, cy).lat;
  // Mercator units per km at this latitude: the world (1 unit) is 2πR·cos(lat) km around.
  const unitsPerKm = 1 / (2 * Math.PI * EARTH_RADIUS_KM * Math.cos(rad(centreLat)));
  const minSpan = minSpanKm * unitsPerKm;
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), minSpan);
  const spanY = Math.max(Math.max(...ys) - Math.min(...ys), minSpan);
  const scale = Math.max(spanX / Math.max(1, width - 2 * margin), spanY / Math.max(1, height - 2 * margin));
  return { width, height, x0: cx - (width / 2) * scale, y0: cy - (height / 2) * scale, scale, kmPerPixel: scale / unitsPerKm };
}

/** Pixel position of a point in a map view. */
export function toPixel(view: MapView, p: LatLng): { x: number; y: number } {
  const m = mercator(p);
  return { x: (m.x - view.x0) / view.scale, y: (m.y - view.y0) / view.scale };
}

/**
 * A scale bar for the view: a round distance (1, 2, 5 × 10ⁿ km) whose bar is at most `maxPx`
 * long, and that length in pixels.
 */
export function scaleBar(view: MapView, maxPx = 120): { km: number; px: number; label: string } {
  const maxKm = view.kmPerPixel * maxPx;
  const power = 10 ** Math.floor(Math.log10(maxKm));
  const km = [5, 2, 1].map((f) => f * power).find((d) => d <= maxKm) ?? power;
  const label = km >= 1 ? `${formatNumber(km)} km` : `${Math.round(km * 1000)} m`;
  return { km, px: km / view.kmPerPixel, label };
}
