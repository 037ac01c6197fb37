import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  CarSchema,
  DeliveryQuerySchema,
  DeliveryResponseSchema,
  FinanceDisclaimerResponseSchema,
  PostcodeResponseSchema,
  PriceComparisonSchema,
  SimilarCarsResponseSchema,
  type SoldCarGone,
  ViewQuerySchema,
  ViewResponseSchema,
  type Car,
} from '../../schema/api/index.ts';
import { HttpError, positiveId, parseInput, ShopperRefusal, type Context, type Route } from '../http/core.ts';
import { renderPdf, type PdfLine } from '../pdf.ts';
import { lookupPostcode } from '../postcodes/index.ts';
import { isAvailable } from '../../site/src/domain/availability.ts';
import { DELIVERY_NO_ESTIMATE, deliveryEstimate } from '../../site/src/domain/delivery.ts';
import { carFinanceDisclaimer } from '../../site/src/domain/finance-disclaimer.ts';
import { priceDisplay } from '../../site/src/domain/price-display.ts';
import { keyInformation, kilometresText } from '../../site/src/domain/vehicle-facts.ts';
import { vehicleTitle } from '../../site/src/domain/vehicle-title.ts';
import { marketDataProviderFor } from '../providers/market-data.ts';
import { loadCar } from '../repo/cars.ts';
import { distributionLocationsOf } from '../../schema/distribution-locations.ts';

/*
 * Vehicle calls of spec §7: car detail, view.json, autogauge, similar ids, finance disclaimer,
 * the printable PDF, delivery by postcode and postcode geocoding.
 */

async function carByKey(ctx: Context): Promise<Car | undefined> {
  // Forms and the purchase journey name a car by id (spec §2 ?car_id={id or slug}); slugs are never all digits.
  const key = ctx.params.slug ?? '';
  const car = await loadCar(ctx.db, ctx.siteId, /^\d{1,9}$/.test(key) ? { id: Number(key) } : { slug: key });
  // The places a car from its location can be test driven are the tenant file's, not the stock's.
  return car && { ...car, location: { ...car.location, distribution_locations: distributionLocationsOf(ctx.tenant.config, car.location.slug) } };
}

/**
 * A car's other answers (its PDF sheet, its views, its price comparison) refused because the site
 * does not list it: worded for the shopper, whose page may have outlived the car (the PDF
 * download shows it in an alert).
 */
const CAR_NOT_LISTED = 'This car is no longer listed on this site.';

async function carBySlug(ctx: Context): Promise<Car> {
  const car = await carByKey(ctx);
  // Hidden and long-sold cars are not on the site: their other URLs are 404s like any unknown car.
  if (!car || !(await ctx.services.carIsPublic(ctx.tenant, car.id))) throw new ShopperRefusal(404, CAR_NOT_LISTED);
  return car;
}

const SOLD_CAR_GONE = 'This car has been sold and is no longer listed on this site.';

/** The 410 answer's car: enough to name it and to find similar stock. */
function soldCarGone(car: Car): SoldCarGone {
  const { id, slug, name, year, make, model, badge, series, car_type, item_type, price } = car;
  return { error: SOLD_CAR_GONE, sold_car: { id, slug, name, year, make, model, badge, series, car_type, item_type, price } };
}

/** Vehicle routes. */
export const vehicleRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/cars/{slug}',
    tag: 'Cars',
    summary:
      'One car of this site by slug or id (the full Car record of spec §3). 404 for a car the site does not list; 410 Gone (with the sold car\'s name, make and model) for one it listed until it was sold beyond the sold window.',
    response: CarSchema,
    handler: async (ctx) => {
      const car = await carByKey(ctx);
      if (car && (await ctx.services.carIsPublic(ctx.tenant, car.id))) return { json: car };
      // The page of a car sold beyond the sold window is gone for good (410), not unknown (404).
      if (car && (await ctx.services.carLeftSite(ctx.tenant, car.id))) return { status: 410, json: soldCarGone(car), headers: { 'Cache-Control': 'no-cache' } };
      throw new HttpError(404, `No car with slug ${ctx.params.slug} on this site`);
    },
  },
  {
    method: 'GET',
    path: '/api/cars/{slug}/view.json',
    tag: 'Cars',
    summary: 'Counts a page view and answers the car\'s views and fast-changing fields (spec §7 view.json).',
    query: ViewQuerySchema,
    response: ViewResponseSchema,
    handler: async (ctx) => {
      const q = parseInput(ViewQuerySchema, Object.fromEntries(ctx.query), 'query');
      // The site's own id only: a page of another site cannot count views here.
      if (q.website_id !== undefined && q.website_id !== ctx.siteId) {
        throw new HttpError(400, 'Invalid query: website_id: not this site', [{ path: 'website_id', message: 'not this site' }]);
      }
      const car = await carBySlug(ctx);
      // A HEAD request (link checkers, prefetchers) reads nothing and counts as no view.
      if (ctx.req.method === 'HEAD') {
        return { json: { views: car.views, car_fields: { id: car.id, status: car.status, price: car.price, reserved: car.reserved, sold: car.sold, photos_count: car.photos_count, updated_at: new Date().toISOString() } }, headers: { 'Cache-Control': 'no-store' } };
      }
      const day = ctx.services.now().toISOString().slice(0, 10);
      // A visitor counts once per car per day (a reload loop once added a view per request).
      const visitor = crypto.createHash('sha256').update(`${day}\n${ctx.ip}\n${ctx.req.headers['user-agent'] ?? ''}`).digest('base64url');
      const views = await ctx.db.transaction().execute(async (tx) => {
        const first = await tx.insertInto('car_view_visitors').values({ car_id: car.id, day, visitor }).onConflict((oc) => oc.doNothing()).returning('car_id').executeTakeFirst();
        if (!first) return tx.selectFrom('cars').select(['views', 'updated_at']).where('id', '=', car.id).where('site_id', '=', ctx.siteId).executeTakeFirstOrThrow();
        await tx
          .insertInto('car_views')
          .values({ site_id: ctx.siteId, car_id: car.id, day, count: 1 })
          .onConflict((oc) => oc.columns(['car_id', 'day']).doUpdateSet({ count: sql`car_views.count + 1` }))
          .execute();
        const row = await tx
          .updateTable('cars')
          .set({ views: sql`views + 1` })
          .where('id', '=', car.id)
          .where('site_id', '=', ctx.siteId)
          .returning(['views', 'updated_at'])
          .executeTakeFirstOrThrow();
        return row;
      });
      return {
        json: {
          views: views.views,
          car_fields: {
            id: car.id,
            status: car.status,
            price: car.price,
            reserved: car.reserved,
            sold: car.sold,
            photos_count: car.photos_count,
            updated_at: new Date(views.updated_at).toISOString(),
          },
        },
        headers: { 'Cache-Control': 'no-store' },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/cars/{slug}/autogauge',
    tag: 'Cars',
    summary: 'Price-comparison data for a car (spec §7 autogauge) from the tenant\'s market-data provider (embedded: demo data); 404 "No data returned" when the car has no market data.',
    response: PriceComparisonSchema,
    handler: async (ctx) => {
      const result = await marketDataProviderFor(ctx.tenant).priceComparison(await carBySlug(ctx), { db: ctx.db, siteId: ctx.siteId });
      if (!result) throw new HttpError(404, 'No data returned');
      return { json: result };
    },
  },
  {
    method: 'GET',
    path: '/api/cars/{slug}/similar',
    tag: 'Cars',
    summary: 'Ids of up to 6 similar in-stock cars: price within ±10,000 (below 50,000) or ±25,000, same body or make first (also for a car sold beyond the sold window, whose page is gone).',
    response: SimilarCarsResponseSchema,
    handler: async (ctx) => {
      // A car sold beyond the sold window still has similar stock: its gone page lists it.
      const found = await carByKey(ctx);
      const listed = found && ((await ctx.services.carIsPublic(ctx.tenant, found.id)) || (await ctx.services.carLeftSite(ctx.tenant, found.id)));
      if (!found || !listed) throw new HttpError(404, `No car with slug ${ctx.params.slug} on this site`);
      const car = found;
      const window = car.price < 50_000 ? 10_000 : 25_000;
      const rows = await ctx.db
        .selectFrom('cars')
        .select(['id', 'make', 'simple_body', 'price'])
        .where('site_id', '=', ctx.siteId)
        .where('status', '=', 'in_stock')
        .where('reserved', '=', false)
        // Only cars the site shows: a hidden car would be a link to a 404.
        .where('show_on_dealer_website', '=', true)
        .where('id', '!=', car.id)
        .where('item_type', '=', car.item_type)
        .where('price', '>=', car.price - window)
        .where('price', '<=', car.price + window)
        .execute();
      const score = (r: (typeof rows)[number]) =>
        (r.simple_body === car.simple_body ? 2 : 0) + (r.make === car.make ? 1 : 0) - Math.abs(r.price - car.price) / window;
      rows.sort((a, b) => score(b) - score(a) || a.id - b.id);
      // Only cars this site lists (its stock filter: excluded makes, types, stock numbers…).
      const ids: number[] = [];
      for (const row of rows) {
        if (ids.length === 6) break;
        if (await ctx.services.carIsPublic(ctx.tenant, row.id)) ids.push(row.id);
      }
      return { json: { ids } };
    },
  },
  {
    method: 'GET',
    path: '/api/cars/by-id/{id}/finance-disclaimer',
    tag: 'Finance',
    summary: "The finance disclaimer for a car: the site's own disclaimer, then the disclaimer of the site's finance provider's figures on the car where it has them; null when there is neither.",
    response: FinanceDisclaimerResponseSchema,
    handler: async (ctx) => {
      const id = positiveId(ctx.params.id, 'id');
      const car = await loadCar(ctx.db, ctx.siteId, { id });
      if (!car || !(await ctx.services.carIsPublic(ctx.tenant, car.id))) throw new HttpError(404, `No car with id ${id} on this site`);
      // The page's own rule: the dealer's disclaimer and the car's figures' one; never made-up rates.
      const { lender, disclaimer } = carFinanceDisclaimer(car.finance_lenders, ctx.tenant.config.finance.provider, ctx.tenant.config.finance.disclaimer);
      return { json: { car_id: car.id, lender, disclaimer } };
    },
  },
  {
    method: 'GET',
    path: '/api/cars/{slug}/pdf',
    tag: 'Cars',
    summary: 'A printable PDF sheet of a car (spec §7 car PDF blob by slug).',
    produces: 'application/pdf',
    handler: async (ctx) => {
      const car = await carBySlug(ctx);
      const cfg = ctx.tenant.config;
      const title = vehicleTitle(car, cfg.features.seriesInTitle);
      // The price by the vehicle page's rules (spec §4): offer price with the was-price, PREORDER or the no-price text; SOLD for a sold car.
      const shown = priceDisplay(car, { mode: 'cash', subscriptionLayout: false, noPrice: cfg.labels.noPrice, preorder: cfg.labels.preorder, enquireForFinance: cfg.labels.enquireForFinance });
      const priced = shown.kind === 'price' || shown.kind === 'offer';
      const priceText = !isAvailable(car) ? 'SOLD' : `${shown.text}${shown.kind === 'offer' ? ` (was ${shown.wasText})` : ''}${priced && car.price_type ? ` ${car.price_type}` : ''}`;
      const lines: PdfLine[] = [
        { text: cfg.name, size: 10 },
        { text: title, size: 20, bold: true, gap: 6 },
        { text: priceText, size: 16, bold: true, gap: 4 },
        { text: 'Key information', size: 13, bold: true, gap: 14 },
        // The vehicle page's Key information rows (the location has its own block below).
        ...keyInformation(car, cfg.labels, { location: false }).map((fact) => ({ text: `${fact.label}: ${fact.value}`, size: 11 })),
        { text: 'Dealer Comments', size: 13, bold: true, gap: 14 },
        { text: car.dealercomments || 'Dealer comments are pending. Please check back here later.', size: 10 },
        ...(car.standardEquipment.length > 0
          ? [{ text: 'Features', size: 13, bold: true, gap: 14 }, { text: car.standardEquipment.join(', '), size: 10 }]
          : []),
        { text: 'Location', size: 13, bold: true, gap: 14 },
        { text: `${car.location.name}, ${car.location.address ?? ''}`, size: 11 },
        ...(car.location.phone ? [{ text: `Phone: ${car.location.phone}`, size: 11 }] : []),
        { text: `${cfg.siteUrl}${car.path}`, size: 9, gap: 18 },
      ];
      return {
        body: await renderPdf(title, lines),
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': `inline; filename="${car.slug}.pdf"` },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/cars/{slug}/history-report.pdf',
    tag: 'Cars',
    summary: "The car's history report (the Car.file link), for cars that have one.",
    produces: 'application/pdf',
    handler: async (ctx) => {
      const car = await carBySlug(ctx);
      if (!car.file) throw new HttpError(404, `Car ${car.slug} has no history report`);
      const title = vehicleTitle(car, ctx.tenant.config.features.seriesInTitle);
      const lines: PdfLine[] = [
        { text: `${ctx.tenant.config.name} · Vehicle history report`, size: 10 },
        { text: title, size: 18, bold: true, gap: 6 },
        ...[
          ['VIN', car.vin],
          ['Registration', car.rego ? `${car.rego} (${car.state ?? ''}), expires ${car.rego_expiry ?? 'unknown'}` : null],
          ['Build date', car.build_date],
          ['Compliance date', car.compliance_date],
          ['Odometer', kilometresText(car)],
          ['Stock number', car.stocknum],
        ]
          .filter(([, v]) => v)
          .map(([k, v]) => ({ text: `${k}: ${v}`, size: 11 })),
        { text: 'Checks', size: 13, bold: true, gap: 14 },
        { text: 'Written-off register: no record found.', size: 11 },
        { text: 'Stolen vehicle register: no record found.', size: 11 },
        { text: 'Finance owing (PPSR): none recorded at the time of this report.', size: 11 },
        { text: 'Odometer: consistent with service records.', size: 11 },
        { text: 'Demo platform report generated by the embedded server; production links the provider\'s report.', size: 8, gap: 18 },
      ];
      return { body: await renderPdf(`${title} history report`, lines), contentType: 'application/pdf', headers: { 'Content-Disposition': `inline; filename="${car.slug}-history.pdf"` } };
    },
  },
  {
    method: 'GET',
    path: '/api/delivery',
    tag: 'Vehicles',
    summary: "Delivery price and region name by postcode from the site's nearest sales location ('Please enter a postcode.' when missing).",
    query: DeliveryQuerySchema,
    response: DeliveryResponseSchema,
    handler: async (ctx) => {
      const q = parseInput(DeliveryQuerySchema, Object.fromEntries(ctx.query), 'query');
      const place = lookupPostcode(q.postcode);
      // The spec's sorry message (§5) when the postcode is unknown or out of range.
      const noEstimate = DELIVERY_NO_ESTIMATE;
      if (!place) return { json: { postcode: q.postcode, price: null, region: null, distance_km: null, message: noEstimate } };
      const origins = await ctx.db
        .selectFrom('locations')
        .select(['lat', 'long', 'state', 'city'])
        .where('site_id', '=', ctx.siteId)
        .where('location_type', '=', 'sales')
        .execute();
      const estimate = deliveryEstimate(place, origins.map((o) => ({ lat: o.lat, lng: o.long, state: o.state, city: o.city })));
      if (!estimate) return { json: { postcode: q.postcode, price: null, region: null, distance_km: null, message: noEstimate } };
      return { json: { postcode: q.postcode, price: estimate.price, region: estimate.region, distance_km: estimate.distanceKm, message: null } };
    },
  },
  {
    method: 'GET',
    path: '/api/postcodes/{postcode}',
    tag: 'Vehicles',
    summary: "Australian postcode → coordinates from the offline dataset; 404 with 'Invalid postcode' when unknown.",
    response: PostcodeResponseSchema,
    handler: async (ctx) => {
      const postcode = ctx.params.postcode ?? '';
      if (!/^\d{4}$/.test(postcode)) {
        throw new HttpError(400, 'Invalid postcode. Please enter a 4-digit number.', [{ path: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' }]);
      }
      const place = lookupPostcode(postcode);
      if (!place) return { status: 404, json: { status: 'ZERO_RESULTS', results: [], error: 'Invalid postcode' } };
      return {
        json: {
          status: 'OK',
          results: [{ postcode, locality: place.locality, state: place.state, geometry: { location: { lat: place.lat, lng: place.lng } } }],
        },
        headers: { 'Cache-Control': 'public, max-age=86400' },
      };
    },
  },
];
