/*
 * Regenerates server/maps/au-land.bin: the land of Australia and its islands (every land polygon
 * that reaches into longitude 110–156° E, latitude 8–45° S, without its holes under 4 km²), for the offline maps of
 * server/maps/land.ts. Source: the npm package `@geo-maps/earth-lands-100m` (OpenStreetMap
 * coastlines simplified to an error of at most 100 m; data © OpenStreetMap contributors, ODbL).
 * It is not a dependency: the table is generated once and committed. Run:
 *   cd /tmp && npm pack @geo-maps/earth-lands-100m && tar xzf geo-maps-earth-lands-100m-*.tgz
 *   npx tsx server/maps/generate.ts /tmp/package/map.geo.json
 *
 * Format (all integers are zigzag LEB128 varints): the 8-byte magic `FCLAND1\n`, the polygon
 * count, then per polygon its ring count (outer ring first, then holes) and per ring its point
 * count and the points as differences from the previous point of the ring (the first from 0,0),
 * longitude then latitude, in units of 1/10,000 of a degree (about 11 m).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAND_MAGIC, LAND_UNITS_PER_DEGREE } from './land.ts';

const source = process.argv[2];
if (!source) {
  console.error('usage: tsx server/maps/generate.ts <path to earth-lands-100m map.geo.json>');
  process.exit(1);
}
type Ring = [number, number][];
const json = JSON.parse(fs.readFileSync(source, 'utf8')) as { geometries: { coordinates: Ring[][] }[] };
const inAustralia = ([lng, lat]: [number, number]) => lng >= 110 && lng <= 156 && lat >= -45 && lat <= -8;
/** A ring's area in km² (equirectangular, good enough to tell a lake from a river's bend). */
const areaKm2 = (ring: Ring) => {
  const kmPerDegree = 111.32;
  const cos = Math.cos((ring[0]![1] * Math.PI) / 180);
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return (Math.abs(twice) / 2) * kmPerDegree * kmPerDegree * cos;
};
/**
 * Holes smaller than this are dropped: at 100 m accuracy a river inside the land is a chain of
 * diamonds, not a river, while a lake or a dam of a few km² keeps a recognisable shape.
 */
const MIN_HOLE_KM2 = 4;
const polygons = json.geometries
  .flatMap((g) => g.coordinates)
  .filter((polygon) => polygon[0]!.some(inAustralia))
  .map(([outer, ...holes]) => [outer!, ...holes.filter((hole) => areaKm2(hole) >= MIN_HOLE_KM2)]);

const bytes: number[] = [...Buffer.from(LAND_MAGIC, 'latin1')];
const varint = (value: number) => {
  let n = value < 0 ? -value * 2 - 1 : value * 2;
  while (n >= 128) {
    bytes.push((n % 128) | 128);
    n = Math.floor(n / 128);
  }
  bytes.push(n);
};
let points = 0;
varint(polygons.length);
for (const polygon of polygons) {
  varint(polygon.length);
  for (const ring of polygon) {
    const q: [number, number][] = [];
    for (const [lng, lat] of ring) {
      const p: [number, number] = [Math.round(lng * LAND_UNITS_PER_DEGREE), Math.round(lat * LAND_UNITS_PER_DEGREE)];
      const last = q[q.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) q.push(p);
    }
    varint(q.length);
    let px = 0;
    let py = 0;
    for (const [x, y] of q) {
      varint(x - px);
      varint(y - py);
      px = x;
      py = y;
    }
    points += q.length;
  }
}
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'au-land.bin');
fs.writeFileSync(out, Buffer.from(bytes));
console.log(`wrote ${polygons.length} polygons, ${points} points (${bytes.length} bytes) to ${out}`);
