
import { AppointmentsQuerySchema, AppointmentsResponseSchema, QuoteRequestSchema, QuoteResponseSchema } from '../../schema/api/index.ts';
import { isQuoteEligible, QUOTE_MIN_PRICE } from '../../site/src/domain/finance.ts';
import { HttpError, parseInput, type Route } from '../http/core.ts';
import { financeQuoteProviderFor } from '../providers/finance-quotes.ts';
import { loadCar } from '../repo/cars.ts';

/*
 * The quote service (spec §7 youx quote) in embedded mode, and test-drive appointment slots.
 */

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Finance and booking routes. */
export const financeRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/youx/quote',
    tag: 'Finance',
    summary:
      "Finance estimate (spec §7) from the tenant's quote provider (embedded: a demo service). With car_id the car's own price, year and lender data are used, and only quote-eligible cars (in stock, not sold, not reserved, price above 200; spec §5) are quoted.",
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
      let locationId = q.location_id;
      if (locationId === undefined && q.car_id !== undefined) {
        const car = await ctx.db.selectFrom('cars').select('location_id').where('site_id', '=', ctx.siteId).where('id', '=', q.car_id).executeTakeFirst();
        if (!car) throw new HttpError(400, 'Invalid query: car_id: no such car on this site', [{ path: 'car_id', message: 'no such car on this site' }]);
        locationId = car.location_id;
      }
      let locQuery = ctx.db.selectFrom('locations').select(['id']).where('site_id', '=', ctx.siteId).where('location_type', '=', 'sales');
      locQuery = locationId !== undefined ? locQuery.where('id', '=', locationId) : locQuery.orderBy('is_primary', 'desc').orderBy('id');
      const loc = await locQuery.executeTakeFirst();
      if (!loc) throw new HttpError(400, 'Invalid query: location_id: no such sales location on this site', [{ path: 'location_id', message: 'no such sales location on this site' }]);
      const [hours, special, booked] = await Promise.all([
        ctx.db.selectFrom('opening_hours').selectAll().where('location_id', '=', loc.id).execute(),
        ctx.db.selectFrom('special_hours').selectAll().where('location_id', '=', loc.id).execute(),
        ctx.db.selectFrom('leads').select('fields').where('site_id', '=', ctx.siteId).where('form', '=', 'test_drive').execute(),
      ]);
      const taken = new Set(
        booked
          .map((b) => b.fields as { date?: string; time?: string; location_id?: number })
          .filter((f) => f.date && f.time && (f.location_id === undefined || f.location_id === loc.id))
          .map((f) => `${f.date} ${f.time}`),
      );
      const now = ctx.services.now();
      const start = q.from ? new Date(`${q.from}T00:00:00Z`) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
      const days = [];
      for (let i = 0; i < q.days; i++) {
        const day = new Date(start.getTime() + i * 86_400_000);
        const date = day.toISOString().slice(0, 10);
        const holiday = special.find((s) => s.date === date);
        const regular = hours.find((h) => h.weekday === day.getUTCDay());
        const open = holiday ? (holiday.status === 'Open' ? holiday.start_hour : null) : regular?.status === 'Open' ? regular.open : null;
        const close = holiday ? (holiday.status === 'Open' ? holiday.end_hour : null) : regular?.status === 'Open' ? regular.close : null;
        const slots: string[] = [];
        if (open && close) {
          // The last drive starts an hour before closing so the car is back in time.
          for (let m = toMin(open); m + 60 <= toMin(close); m += 30) {
            const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
            if (!taken.has(`${date} ${time}`)) slots.push(time);
          }
        }
        days.push({ date, slots });
      }
      return { json: { location_id: loc.id, days } };
    },
  },
];

