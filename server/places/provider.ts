import type { PlacePrediction } from '../../schema/api/places.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Places and geocoding behind one interface per tenant (spec §7 "Places autocomplete and
 * geocode (Australia only)"). The embedded implementation is a plainly demo one: the offline
 * table of Australian localities shipped with the platform (au-localities.tsv, see generate.ts),
 * so it works with no network. A production deployment plugs a real places service in here.
 */

interface Locality {
  locality: string;
  state: string;
  postcode: string;
  lat: number;
  lng: number;
}

let localities: Locality[] | undefined;

/** Every Australian locality of the bundled table (loaded once). */
export function australianLocalities(): readonly Locality[] {
  if (localities) return localities;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'au-localities.tsv');
  localities = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [locality, state, postcode, lat, lng] = line.split('\t');
    if (!locality || !state || !postcode || !lat || !lng) continue;
    localities.push({ locality, state, postcode, lat: Number(lat), lng: Number(lng) });
  }
  return localities;
}

/** What the site needs from a places service. */
export interface PlacesProvider {
  /** Suggestions for what the shopper typed (Australia only), best first, at most `limit`. */
  autocomplete(input: string, limit: number): PlacePrediction[];
}

/**
 * The offline demo provider: a 1–4 digit input matches postcodes by prefix; text matches
 * localities by word prefix ("spring" → Springwood, Spring Hill), whole-word matches first.
 */
export const offlinePlacesProvider: PlacesProvider = {
  autocomplete(input, limit) {
    const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!text) return [];
    const places = australianLocalities();
    const digits = /^\d{1,4}$/.test(text);
    const scored: { place: (typeof places)[number]; score: number }[] = [];
    for (const place of places) {
      if (digits) {
        if (place.postcode.startsWith(text)) scored.push({ place, score: place.postcode === text ? 0 : 1 });
        continue;
      }
      const name = place.locality.toLowerCase();
      if (name === text) scored.push({ place, score: 0 });
      else if (name.startsWith(text)) scored.push({ place, score: 1 });
      else if (name.split(/[\s-]+/).some((w) => w.startsWith(text))) scored.push({ place, score: 2 });
    }
    scored.sort((a, b) => a.score - b.score || a.place.locality.localeCompare(b.place.locality) || a.place.postcode.localeCompare(b.place.postcode));
    const seen = new Set<string>();
    const out: PlacePrediction[] = [];
    for (const { place } of scored) {
      const description = `${place.locality} ${place.state} ${place.postcode}`;
      if (seen.has(description)) continue;
      seen.add(description);
      out.push({ description, locality: place.locality, state: place.state, postcode: place.postcode, lat: place.lat, lng: place.lng });
      if (out.length >= limit) break;
    }
    return out;
  },
};

/** The places provider of a tenant (every tenant uses the embedded one for now). */
export function placesProviderFor(_tenantSlug: string): PlacesProvider {
  return offlinePlacesProvider;
}
