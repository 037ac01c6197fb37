import { CreditCheckRequestSchema, CreditCheckResponseSchema } from '../../schema/api/index.ts';
import { ageOn, CREDIT_CHECK_MIN_AGE, creditCheckConsentText } from '../../site/src/domain/credit-check.ts';
import { HttpError, parseInput, type Route } from '../http/core.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { idempotent } from './idempotency.ts';

/*
 * The credit-check step of the personalised finance page (features.gatedEquifaxFinance): a
 * signed-in shopper's consent to a consumer credit check about one car, with the identity a
 * credit reporting body asks for. It reaches the dealer's finance team as a finance lead (the
 * consent's words and time kept with it): the team runs the check with its own bureau account.
 * The platform calls no credit bureau and shows no score.
 */

/** The dealer's calendar day now, as YYYY-MM-DD. */
function dealerToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The credit-check route. */
export const creditCheckRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/finance/credit-check',
    tag: 'Finance',
    summary:
      "Consent to a credit check for a car's finance (signed in; only on sites whose finance page runs one): records the consent, with date of birth and driver licence, as a finance lead for the dealer's finance team. No credit bureau is called.",
    body: CreditCheckRequestSchema,
    response: CreditCheckResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const cfg = ctx.tenant.config;
      if (!cfg.features.gatedEquifaxFinance || !cfg.features.financeEnquiry) throw new HttpError(404, 'This dealer does not run credit checks online.');
      const user = await ctx.user();
      if (!user) throw new HttpError(401, 'Please sign in.');
      const raw = await ctx.body();
      const input = parseInput(CreditCheckRequestSchema, raw, 'body');
      const now = ctx.services.now();
      const today = dealerToday(now, cfg.timeZone);
      if (input.date_of_birth > today || ageOn(input.date_of_birth, today) < CREDIT_CHECK_MIN_AGE) {
        const message = `you must be ${CREDIT_CHECK_MIN_AGE} or older`;
        throw new HttpError(400, `Invalid body: date_of_birth: ${message}`, [{ path: 'date_of_birth', message }]);
      }
      return idempotent(ctx, raw, async (tx) => {
        const car = await tx.selectFrom('cars').select('id').where('site_id', '=', ctx.siteId).where('id', '=', input.car_id).where('show_on_dealer_website', '=', true).executeTakeFirst();
        if (!car) throw new HttpError(400, 'Invalid body: car_id: no such car on this site', [{ path: 'car_id', message: 'no such car on this site' }]);
        const contact = { name: user.name, email: user.email, phone: user.phone ?? '' };
        const consent = creditCheckConsentText(cfg.name);
        const lead = await tx
          .insertInto('leads')
          .values({
            site_id: ctx.siteId, form: 'finance', category: 'Finance Enquiry', subcategory: 'Credit Check Consent', status: 'Complete', form_completed: true,
            car_id: car.id, ...contact,
            fields: JSON.stringify({
              car_id: car.id, ...contact, date_of_birth: input.date_of_birth, licence_number: input.licence_number.toUpperCase(), licence_state: input.licence_state,
              consent, consented_at: now.toISOString(), source: 'Website',
            }),
            url: null, user_agent: ctx.req.headers['user-agent']?.slice(0, 1000) ?? null, ip: ctx.ip, created_at: now, updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await fileLeadOfRequest(tx, ctx, lead.id);
        return { status: 201, json: { lead_id: lead.id, consented_at: now.toISOString() }, leadId: lead.id };
      });
    },
  },
];
