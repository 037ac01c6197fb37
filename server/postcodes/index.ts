import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Offline Australian postcode → coordinates, from the shipped au-postcodes.tsv (see generate.ts).
 * The delivery price rule that uses them is a domain rule (site/src/domain/delivery.ts).
 */

/** One postcode's centroid and main locality. */
export interface PostcodePlace {
  postcode: string;
  state: string;
  lat: number;
  lng: number;
  locality: string;
  /** Every suburb of the postcode (4215: Australia Fair, Chirn Park, … Southport …). */
  localities: string[];
}

let table: Map<string, PostcodePlace> | undefined;

function load(): Map<string, PostcodePlace> {
  if (table) return table;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'au-postcodes.tsv');
  table = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [postcode, state, lat, lng, locality, suburbs] = line.split('\t');
    if (!postcode || !state || !lat || !lng) continue;
    table.set(postcode, { postcode, state, lat: Number(lat), lng: Number(lng), locality: locality ?? '', localities: suburbs ? suburbs.split(',') : locality ? [locality] : [] });
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
