import { renderLocationMap, type LocationMapRequest } from './location-map.ts';

/*
 * Map images behind one interface per tenant (spec §7 maps, §8 "a location without an image
 * shows a generated map image"). The embedded implementation draws the map itself from the
 * bundled coastline and localities, so it works with no network and no tile server; a deployment
 * with a static-maps service plugs it in here.
 */

/** What the site needs from a maps service. */
export interface MapImageProvider {
  /** The map of some locations as an image. */
  locationMap(request: LocationMapRequest): { contentType: string; body: string | Buffer };
}

/** The offline provider: an SVG drawn on this server (location-map.ts). */
export const offlineMapProvider: MapImageProvider = {
  locationMap: (request) => ({ contentType: 'image/svg+xml; charset=utf-8', body: renderLocationMap(request) }),
};

/** The maps provider of a tenant (every tenant uses the embedded one for now). */
export function mapProviderFor(_tenantSlug: string): MapImageProvider {
  return offlineMapProvider;
}
