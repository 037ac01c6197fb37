import { describe, expect, test } from 'vitest';
import { fitMapView, toPixel, type LatLng } from '../../site/src/domain/geo.ts';
import { clipRing, decodeLand, LAND_MAGIC, landRings, onLand, ringsToPath } from './land.ts';

/*
 * The bundled coastline against places whose side of the shore nobody disputes, and the clipping
 * against the same rings left unclipped.
 */

/** Whether the drawn map of a few kilometres around a point shows land under it. */
function landAt(p: LatLng): boolean {
  const view = fitMapView([p], 640, 360, { marginPx: 56, minSpanKm: 4 });
  const at = toPixel(view, p);
  return onLand(landRings(view), at.x, at.y);
}

describe('the bundled land of Australia', () => {
  test.each([
    ['Brisbane CBD', -27.4698, 153.0251],
    ['Melbourne CBD', -37.8136, 144.9631],
    ['Perth CBD', -31.9523, 115.8613],
    ['Hobart (Tasmania)', -42.8821, 147.3272],
    ['Uluru, in the middle of the continent', -25.3444, 131.0369],
    ['Southport, on the Gold Coast', -27.9801, 153.4081],
    ['Darwin CBD', -12.4634, 130.8456],
  ])('%s is on land', (_name, lat, lng) => {
    expect(landAt({ lat, lng })).toBe(true);
  });

  test.each([
    ['Moreton Bay', -27.25, 153.25],
    ['Port Phillip Bay', -38.1, 144.9],
    ['the Indian Ocean off Perth', -31.95, 115.6],
    ['the Coral Sea, far from any coast', -18, 152],
    ['the Pacific off the Gold Coast', -28.0, 153.55],
  ])('%s is sea', (_name, lat, lng) => {
    expect(landAt({ lat, lng })).toBe(false);
  });

  test('a view inside the continent is all land, a view far out at sea has none', () => {
    const inland = fitMapView([{ lat: -25.3444, lng: 131.0369 }], 400, 200, { minSpanKm: 4 });
    const rings = landRings(inland);
    for (const [x, y] of [[1, 1], [399, 1], [200, 100], [1, 199], [399, 199]] as const) expect(onLand(rings, x, y)).toBe(true);
    expect(landRings(fitMapView([{ lat: -18, lng: 152 }], 400, 200, { minSpanKm: 4 }))).toEqual([]);
  });

  test('clipping to the view changes nothing inside it (same land as the rings left whole)', () => {
    for (const p of [{ lat: -27.9801, lng: 153.4081 }, { lat: -27.45, lng: 153.1 }, { lat: -38.0, lng: 144.9 }]) {
      const view = fitMapView([p], 640, 360, { minSpanKm: 12 });
      const clipped = landRings(view);
      // A margin of a million pixels keeps every point: nothing is cut or shortcut.
      const whole = landRings(view, { marginPx: 1e6, minStepPx: 0 });
      for (let x = 5; x < 640; x += 70) {
        for (let y = 5; y < 360; y += 50) expect(onLand(clipped, x, y), `(${x}, ${y}) near ${p.lat}, ${p.lng}`).toBe(onLand(whole, x, y));
      }
    }
  });

  test('the path is a closed subpath per ring, to a tenth of a pixel', () => {
    expect(ringsToPath([[[0, 0], [10.04, 0], [10.04, 5.55], [10.04, 5.55]]])).toBe('M0 0L10 0L10 5.6Z');
  });
});

describe('clipRing (Sutherland–Hodgman)', () => {
  test('a square over the corner of the box keeps the overlap', () => {
    const clipped = clipRing([[-5, -5], [5, -5], [5, 5], [-5, 5]], 0, 0, 10, 10);
    const xs = clipped.map((p) => p[0]);
    const ys = clipped.map((p) => p[1]);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([0, 5, 0, 5]);
  });

  test('a ring around the box becomes the box; a ring outside it disappears', () => {
    expect(clipRing([[-1, -1], [11, -1], [11, 11], [-1, 11]], 0, 0, 10, 10)).toHaveLength(4);
    expect(clipRing([[20, 20], [30, 20], [30, 30]], 0, 0, 10, 10)).toEqual([]);
  });
});

/** A zigzag LEB128 varint, as generate.ts writes them. */
function varint(v: number): number[] {
  const out: number[] = [];
  let n = v < 0 ? -v * 2 - 1 : v * 2;
  while (n >= 128) {
    out.push((n % 128) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

describe('decodeLand', () => {
  test('a file that is not a land table is refused by name', () => {
    expect(() => decodeLand(Buffer.from('PNG....'))).toThrow('server/maps/au-land.bin: not a land table (bad magic)');
  });

  test('a truncated table is refused, not drawn as sea', () => {
    // One polygon announced, nothing after it.
    expect(() => decodeLand(Buffer.concat([Buffer.from(LAND_MAGIC, 'latin1'), Buffer.from([2])]))).toThrow(/truncated at byte 9/);
  });

  test('a tiny table decodes: one triangle, coordinates in 1/10,000 degree', () => {
    // 1 polygon, 1 ring, 3 points: (153, -27), (+0.01, 0), (0, +0.01); zigzag varints.
    const bytes = [...varint(1), ...varint(1), ...varint(3), ...varint(1_530_000), ...varint(-270_000), ...varint(100), ...varint(0), ...varint(0), ...varint(100)];
    const [polygon] = decodeLand(Buffer.concat([Buffer.from(LAND_MAGIC, 'latin1'), Buffer.from(bytes)]));
    expect(Array.from(polygon!.rings[0]!.points)).toEqual([1_530_000, -270_000, 1_530_100, -270_000, 1_530_100, -269_900]);
    expect(polygon!.minLng).toBe(153);
    expect(polygon!.maxLat).toBe(-26.99);
  });
});
