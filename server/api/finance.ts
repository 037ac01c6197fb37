
import { AppointmentsQuerySchema, AppointmentsResponseSchema, QuoteRequestSchema, QuoteResponseSchema } from '../../schema/api/index.ts';
import { financeFiguresShown, isQuoteEligible, QUOTE_MIN_PRICE } from '../../site/src/domain/finance.ts';
import { HttpError, parseInput, type Route } from '../http/core.ts';
import { financeQuoteProviderFor } from '../providers/finance-quotes.ts';
import { loadCar } from '../repo/cars.ts';
import { firstSlotDay, freeTestDriveDays, testDriveLocationId } from '../test-drive-slots.ts';

/*
 * The quote service (spec §7 youx quote) in embedded mode, and test-drive appointment slots.
 */

/** Finance and booking routes. */
export const financeRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/youx/quote',
    tag: 'Finance',
    summary:
      "Finance estimate (spec §7) from the tenant's quote provider (embedded: a demo service). With car_id the car's own price, year and lender data are used, and only quote-eligible cars (in stock, not sold, not reserved, price above 200; spec §5) that the site's lending rule allows are quoted.",
    body: QuoteRequestSchema,
    response: QuoteResponseSchema,
    handler: async (ctx) => {
      const input = parseInput(QuoteRequestSchema, await ctx.body(), 'body');
      const car = input.car_id !== undefined ? await loadCar(ctx.db, ctx.siteId, { id: input.car_id }) : undefined;
      if (input.car_id !== undefined && (!car || !(await ctx.services.carIsPublic(ctx.tenant, car.id)))) {
        throw new HttpError(400, 'Invalid body: car_id: no such car on this site', [{ path: 'car_id', message: 'no such car on this site' }]);
      }
      if (car && !isQuoteEligible(car)) {
        const message = 'this car cannot be quoted: only cars in stock, not reserved and priced above $200 are';
        throw new HttpError(422, `Invalid body: car_id: ${message}`, [{ path: 'car_id', message }]);
      }
      // A car the site's lender would not lend on shows no finance figure anywhere (spec §5 lender groups).
      if (car && !financeFiguresShown(car, car.finance_lenders, ctx.tenant.config.finance, ctx.services.now().getUTCFullYear()).estimate) {
        const message = "this car has no finance estimate on this site: the finance provider's lending rule excludes it";
        throw new HttpError(422, `Invalid body: car_id: ${message}`, [{ path: 'car_id', message }]);
      }
      // The browser's figures are not trusted for a known car: its own price and year are quoted.
      const price = car ? (car.offer_price && car.offer_price > 10 && car.offer_price < car.price ? car.offer_price : car.price) : input.purchasePrice;
      if (!(price > QUOTE_MIN_PRICE)) {
        throw new HttpError(400, 'Invalid body: purchasePrice: must be above 200 for a finance quote', [{ path: 'purchasePrice', message: 'must be above 200 for a finance quote' }]);
      }
      const provider = financeQuoteProviderFor(ctx.tenant);
      return { json: await provider.quote({ purchasePrice: price, year: car?.year ?? input.year, lenders: car?.finance_lenders ?? null, currentYear: ctx.services.now().getUTCFullYear() }) };
    },
  },
  {
    method: 'GET',
    path: '/api/test-drive/appointments',
    tag: 'Leads',
    summary: 'Free test-drive slots (30 minutes, inside opening hours, not already booked) per day at a sales location.',
    query: AppointmentsQuerySchema,
    response: AppointmentsResponseSchema,
    handler: async (ctx) => {
      const q = parseInput(AppointmentsQuerySchema, Object.fromEntries(ctx.query), 'query');
      const locationId = await testDriveLocationId(ctx.db, ctx.siteId, { carId: q.car_id, locationId: q.location_id });
      const start = q.from ? new Date(`${q.from}T00:00:00Z`) : firstSlotDay(ctx.services.now());
      return { json: { location_id: locationId, days: await freeTestDriveDays(ctx.db, ctx.siteId, locationId, start, q.days) } };
    },
  },
];

