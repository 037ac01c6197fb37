import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromMercator, mercator, type MapView } from '../../site/src/domain/geo.ts';

/*
 * The land of Australia for maps drawn offline (spec §8: a location without an image shows a
 * generated map image). au-land.bin holds every land polygon of Australia and its islands from
 * OpenStreetMap's coastlines at 100 m accuracy (see generate.ts); this module decodes it once and
 * cuts out what a map view shows, as pixel polygons ready for an SVG path.
 */

export const LAND_MAGIC = 'FCLAND1\n';
/** Coordinates are stored in units of 1/10,000 of a degree (about 11 m). */
export const LAND_UNITS_PER_DEGREE = 10_000;
/** Whom the coastline data must credit (ODbL). */
export const LAND_ATTRIBUTION = '© OpenStreetMap contributors';

export interface Bounds {
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

interface LandRing extends Bounds {
  /** Longitude, latitude pairs in stored units. */
  points: Int32Array;
}

interface LandPolygon extends Bounds {
  /** Outer ring first (its bounds are the polygon's), then holes. */
  rings: LandRing[];
}

let land: LandPolygon[] | undefined;

/**
 * Decodes the land table (the format of generate.ts). Throws an Error naming the file when it is
 * not one, so a damaged copy fails loudly instead of drawing the sea everywhere.
 * @param bytes the file's contents
 */
export function decodeLand(bytes: Uint8Array): LandPolygon[] {
  const file = 'server/maps/au-land.bin';
  if (Buffer.from(bytes.subarray(0, LAND_MAGIC.length)).toString('latin1') !== LAND_MAGIC) throw new Error(`${file}: not a land table (bad magic)`);
  let at = LAND_MAGIC.length;
  const varint = () => {
    let n = 0;
    let shift = 1;
    for (;;) {
      if (at >= bytes.length) throw new Error(`${file}: truncated at byte ${at}`);
      const b = bytes[at++]!;
      n += (b & 127) * shift;
      if (b < 128) break;
      shift *= 128;
    }
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const polygons: LandPolygon[] = [];
  const count = varint();
  for (let p = 0; p < count; p++) {
    const ringCount = varint();
    const rings: LandRing[] = [];
    const u = LAND_UNITS_PER_DEGREE;
    for (let r = 0; r < ringCount; r++) {
      const n = varint();
      const points = new Int32Array(n * 2);
      let x = 0;
      let y = 0;
      let minLng = Infinity;
      let maxLng = -Infinity;
      let minLat = Infinity;
      let maxLat = -Infinity;
      for (let i = 0; i < n; i++) {
        x += varint();
        y += varint();
        points[i * 2] = x;
        points[i * 2 + 1] = y;
        if (x < minLng) minLng = x;
        if (x > maxLng) maxLng = x;
        if (y < minLat) minLat = y;
        if (y > maxLat) maxLat = y;
      }
      rings.push({ points, minLng: minLng / u, maxLng: maxLng / u, minLat: minLat / u, maxLat: maxLat / u });
    }
    const outer = rings[0];
    if (!outer) throw new Error(`${file}: polygon ${p} has no rings`);
    polygons.push({ rings, minLng: outer.minLng, maxLng: outer.maxLng, minLat: outer.minLat, maxLat: outer.maxLat });
  }
  if (at !== bytes.length) throw new Error(`${file}: ${bytes.length - at} bytes after the last polygon`);
  return polygons;
}

function australianLand(): LandPolygon[] {
  land ??= decodeLand(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'au-land.bin')));
  return land;
}

/** Latitude/longitude bounds of a map view grown by `marginPx` on every side. */
export function viewBounds(view: MapView, marginPx: number): Bounds {
  const topLeft = fromMercator(view.x0 - marginPx * view.scale, view.y0 - marginPx * view.scale);
  const bottomRight = fromMercator(view.x0 + (view.width + marginPx) * view.scale, view.y0 + (view.height + marginPx) * view.scale);
  return { minLng: topLeft.lng, maxLng: bottomRight.lng, maxLat: topLeft.lat, minLat: bottomRight.lat };
}

type Pt = [number, number];

/** Sutherland–Hodgman: the part of a closed ring inside one half-plane. */
function clipEdge(points: Pt[], inside: (p: Pt) => boolean, cut: (a: Pt, b: Pt) => Pt): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < points.length; i++) {
    const current = points[i]!;
    const previous = points[(i + points.length - 1) % points.length]!;
    const curIn = inside(current);
    if (curIn !== inside(previous)) out.push(cut(previous, current));
    if (curIn) out.push(current);
  }
  return out;
}

/** A closed ring clipped to the rectangle [x0, x1] × [y0, y1]. */
export function clipRing(points: Pt[], x0: number, y0: number, x1: number, y1: number): Pt[] {
  const atX = (x: number) => (a: Pt, b: Pt): Pt => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY = (y: number) => (a: Pt, b: Pt): Pt => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  let out = clipEdge(points, (p) => p[0] >= x0, atX(x0));
  out = clipEdge(out, (p) => p[0] <= x1, atX(x1));
  out = clipEdge(out, (p) => p[1] >= y0, atY(y0));
  return clipEdge(out, (p) => p[1] <= y1, atY(y1));
}

/**
 * The offsets of a ring's points that can matter to a view: a run of consecutive points that all
 * lie beyond the same side of the bounds is replaced by its first and last point. The shortcut
 * stays beyond that side, so the ring's part inside the bounds is unchanged; the coast of a
 * continent shrinks from tens of thousands of points to the few near the view.
 */
function pointsNearView(ring: Int32Array, b: Bounds): Int32Array {
  const u = LAND_UNITS_PER_DEGREE;
  const [x0, x1, y0, y1] = [b.minLng * u, b.maxLng * u, b.minLat * u, b.maxLat * u];
  const n = ring.length / 2;
  // Which sides of the bounds each point lies beyond: 1 west, 2 east, 4 south, 8 north.
  const sides = new Uint8Array(n);
  let offsets = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const x = ring[k * 2]!;
    const y = ring[k * 2 + 1]!;
    sides[k] = (x < x0 ? 1 : 0) | (x > x1 ? 2 : 0) | (y < y0 ? 4 : 0) | (y > y1 ? 8 : 0);
    offsets[k] = k;
  }
  for (const side of [1, 2, 4, 8]) {
    const kept = new Int32Array(offsets.length);
    let m = 0;
    for (let k = 0; k < offsets.length; k++) {
      const inRun = k > 0 && k < offsets.length - 1 && sides[offsets[k]!]! & side && sides[offsets[k - 1]!]! & side && sides[offsets[k + 1]!]! & side;
      if (!inRun) kept[m++] = offsets[k]!;
    }
    offsets = kept.subarray(0, m);
  }
  return offsets.map((k) => k * 2);
}

/**
 * The land a map view shows, as rings in the view's pixels (outer rings and holes alike: fill
 * them with the even-odd rule), clipped to the view grown by `marginPx` and thinned so that no two
 * consecutive points are closer than `minStepPx`.
 * @param view the map view (site/src/domain/geo.ts fitMapView)
 */
export function landRings(view: MapView, { marginPx = 4, minStepPx = 0.75 } = {}): Pt[][] {
  const b = viewBounds(view, marginPx);
  const u = LAND_UNITS_PER_DEGREE;
  const rings: Pt[][] = [];
  const apart = (a: Bounds) => a.maxLng < b.minLng || a.minLng > b.maxLng || a.maxLat < b.minLat || a.minLat > b.maxLat;
  for (const polygon of australianLand()) {
    if (apart(polygon)) continue;
    for (const { points: ring, ...bounds } of polygon.rings) {
      if (apart(bounds)) continue;
      const projected: Pt[] = [];
      let last: Pt | undefined;
      for (const i of pointsNearView(ring, b)) {
        const m = mercator({ lng: ring[i]! / u, lat: ring[i + 1]! / u });
        const p: Pt = [(m.x - view.x0) / view.scale, (m.y - view.y0) / view.scale];
        if (last && Math.abs(p[0] - last[0]) < minStepPx && Math.abs(p[1] - last[1]) < minStepPx) continue;
        projected.push(p);
        last = p;
      }
      const clipped = clipRing(projected, -marginPx, -marginPx, view.width + marginPx, view.height + marginPx);
      if (clipped.length >= 3) rings.push(clipped);
    }
  }
  return rings;
}

/** The rings as one SVG path (`fill-rule="evenodd"`), coordinates to a tenth of a pixel. */
export function ringsToPath(rings: Pt[][]): string {
  return rings
    .map((ring) => {
      let d = '';
      let last = '';
      for (const [x, y] of ring) {
        const here = `${round(x)} ${round(y)}`;
        if (here === last) continue;
        d += `${d ? 'L' : 'M'}${here}`;
        last = here;
      }
      return `${d}Z`;
    })
    .join('');
}

const round = (n: number) => String(Math.round(n * 10) / 10);

/**
 * Whether a pixel lies on land, by the even-odd rule over the rings (a test's independent check,
 * and how the map keeps place names off the sea).
 */
export function onLand(rings: Pt[][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}
