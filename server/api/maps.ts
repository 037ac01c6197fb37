import crypto from 'node:crypto';
import { LocationMapQuerySchema } from '../../schema/api/index.ts';
import { themeVariables } from '../../site/src/domain/theme.ts';
import { HttpError, parseInput, type Route } from '../http/core.ts';
import { mapProviderFor } from '../maps/provider.ts';
import { addressText } from './locations.ts';

/*
 * The generated map image of spec §8 for locations without a photo (cards, the location page,
 * the overview of all locations and the car page's "Where this car is"). The site names the
 * locations by slug; coordinates, labels and colours come from this site's own records, so the
 * image can only ever show this dealer's locations.
 */

/** Drawn maps by site, locations and size: a page of location cards asks for the same few. */
const drawn = new Map<string, { body: string | Buffer; contentType: string; etag: string }>();
const DRAWN_MAX = 256;

export const mapRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/maps/locations.svg',
    tag: 'Locations',
    summary: "A map image of some of this site's locations (drawn offline: coastline, suburbs, pins, scale bar).",
    query: LocationMapQuerySchema,
    produces: 'image/svg+xml',
    handler: async (ctx) => {
      const q = parseInput(LocationMapQuerySchema, Object.fromEntries(ctx.query), 'query');
      const slugs = [...new Set(q.locations.split(','))];
      if (q.current && !slugs.includes(q.current)) throw new HttpError(400, `Invalid query: current: ${q.current} is not one of locations`, [{ path: 'current', message: `${q.current} is not one of locations` }]);
      // Only what the map draws: no hours, holiday hours or reviews (loadLocations) per image.
      const chosen = await ctx.db
        .selectFrom('locations')
        .select(['slug', 'name', 'street', 'city', 'state', 'postcode', 'lat', 'long'])
        .where('site_id', '=', ctx.siteId)
        .where('slug', 'in', slugs)
        .orderBy('id')
        .execute();
      const unknown = slugs.filter((slug) => !chosen.some((l) => l.slug === slug));
      if (unknown.length) throw new HttpError(404, `No location with slug ${unknown.join(', ')} on this site`);
      const pins = chosen.map((l) => ({ lat: l.lat, lng: l.long, label: l.city, current: l.slug === q.current }));
      const theme = themeVariables(ctx.tenant.config.theme);
      const key = JSON.stringify([ctx.tenant.slug, pins, q.width, q.height, q.span_km, theme['--color-primary'], theme['--color-secondary'], theme['--font-body']]);
      let map = drawn.get(key);
      if (!map) {
        const title = chosen.length === 1 ? `Map of ${chosen[0]!.name}, ${addressText(chosen[0]!)}` : `Map of ${chosen.map((l) => l.name).join(', ')}`;
        const image = mapProviderFor(ctx.tenant.slug).locationMap({
          pins,
          width: q.width,
          height: q.height,
          minSpanKm: q.span_km,
          title,
          style: { primary: theme['--color-primary']!, secondary: theme['--color-secondary']!, font: theme['--font-body']! },
        });
        map = { ...image, etag: `"${crypto.createHash('sha256').update(image.body).digest('base64url').slice(0, 27)}"` };
        if (drawn.size >= DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
        drawn.set(key, map);
      }
      // An hour in caches: a moved location shows on its map within the hour.
      const headers = { ETag: map.etag, 'Cache-Control': 'public, max-age=3600' };
      if (ctx.req.headers['if-none-match'] === map.etag) return { status: 304, body: '', contentType: map.contentType, headers };
      return { body: map.body, contentType: map.contentType, headers };
    },
  },
];
