import { PlacesQuerySchema, PlacesResponseSchema } from '../../schema/api/index.ts';
import { parseInput, type Route } from '../http/core.ts';
import { placesProviderFor } from '../places/provider.ts';

/** Most suggestions answered at once. */
const MAX_PREDICTIONS = 8;

/** Place suggestions for the dealership finder and picker (spec §2 Other screens, §7). */
export const placeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/places/autocomplete',
    tag: 'Locations',
    summary: 'Australian place suggestions (suburbs and postcodes with coordinates) for what the shopper typed; the embedded service is the offline postcode table.',
    query: PlacesQuerySchema,
    response: PlacesResponseSchema,
    handler: async (ctx) => {
      const q = parseInput(PlacesQuerySchema, Object.fromEntries(ctx.query), 'query');
      const predictions = placesProviderFor(ctx.tenant.slug).autocomplete(q.input, MAX_PREDICTIONS);
      return { json: { predictions }, headers: { 'Cache-Control': 'public, max-age=3600' } };
    },
  },
];
