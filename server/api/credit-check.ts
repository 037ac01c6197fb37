import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { CreditCheckRequestSchema, CreditCheckResponseSchema } from '../../schema/api/index.ts';
import { AGE_CONFIRMED, ageOn, CREDIT_CHECK_MIN_AGE, creditCheckConsentText, maskLicenceNumber } from '../../site/src/domain/credit-check.ts';
import type { Database } from '../db/types.ts';
import { HttpError, ShopperRefusal, parseInput, positiveId, type Context, type Route } from '../http/core.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { idempotent } from './idempotency.ts';

/*
 * The credit-check step of the personalised finance page (features.gatedEquifaxFinance): a
 * signed-in shopper's consent to a consumer credit check about one car, with the identity a
 * credit reporting body asks for. It reaches the dealer's finance team as a finance lead (the
 * consent's words and time kept with it): the team runs the check with its own bureau account.
 * The platform calls no credit bureau and shows no score.
 * The identity is kept apart (`credit_checks`): the lead, and so the inbox list, emails, CRM
 * records and webhooks, carry the age as checked and the licence's last characters only; the
 * full date of birth and licence number are read by dealer staff signed in, for
 * CREDIT_CHECK_KEEP_DAYS, then erased by the server's sweep (docs/security.md).
 */

/** Days the full identity of a consent is kept for the finance team before the sweep erases it. */
export const CREDIT_CHECK_KEEP_DAYS = 30;

const DAY_MS = 86_400_000;

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
      if (!user) throw new ShopperRefusal(401, 'Please sign in.');
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
        const licence = input.licence_number.toUpperCase();
        const eraseAfter = new Date(now.getTime() + CREDIT_CHECK_KEEP_DAYS * DAY_MS);
        const lead = await tx
          .insertInto('leads')
          .values({
            site_id: ctx.siteId, form: 'finance', category: 'Finance Enquiry', subcategory: 'Credit Check Consent', status: 'Complete', form_completed: true,
            car_id: car.id, ...contact,
            fields: JSON.stringify({
              car_id: car.id, ...contact, date_of_birth: AGE_CONFIRMED, licence_number: maskLicenceNumber(licence), licence_state: input.licence_state,
              identity_kept_until: eraseAfter.toISOString(), consent, consented_at: now.toISOString(), source: 'Website',
            }),
            url: null, user_agent: ctx.req.headers['user-agent']?.slice(0, 1000) ?? null, ip: ctx.ip, created_at: now, updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('credit_checks')
          .values({
            site_id: ctx.siteId, lead_id: lead.id, user_id: user.id, car_id: car.id, consented_at: now,
            date_of_birth: input.date_of_birth, licence_number: licence, licence_state: input.licence_state, erase_after: eraseAfter,
          })
          .execute();
        await fileLeadOfRequest(tx, ctx, lead.id);
        return { status: 201, json: { lead_id: lead.id, consented_at: now.toISOString() }, leadId: lead.id };
      });
    },
  },
  {
    method: 'GET',
    path: '/api/dealer/credit-checks/{lead_id}',
    tag: 'Dealer',
    summary:
      "The identity a shopper gave with a credit-check consent (date of birth, driver licence), for the dealer's finance team to run the check (dealer users only; sign in first). Kept for 30 days after the consent, then erased: 410 after that.",
    auth: 'dealer',
    response: z.object({ lead_id: z.int32(), date_of_birth: z.string(), licence_number: z.string(), licence_state: z.string(), consented_at: z.string(), erase_after: z.string() }),
    handler: async (ctx) => {
      const leadId = positiveId(ctx.params.lead_id, 'lead_id');
      const row = await ctx.db.selectFrom('credit_checks').selectAll().where('site_id', '=', ctx.siteId).where('lead_id', '=', leadId).executeTakeFirst();
      if (!row) throw new HttpError(404, 'No credit-check consent with this lead id on this site.');
      if (row.date_of_birth === null || row.licence_number === null) {
        throw new HttpError(410, `These details were erased ${CREDIT_CHECK_KEEP_DAYS} days after the consent. Ask the shopper again if the check is still needed.`);
      }
      return {
        json: {
          lead_id: row.lead_id, date_of_birth: row.date_of_birth, licence_number: row.licence_number, licence_state: row.licence_state,
          consented_at: new Date(row.consented_at).toISOString(), erase_after: new Date(row.erase_after).toISOString(),
        },
        headers: { 'Cache-Control': 'no-store' },
      };
    },
  },
];

/**
 * Erases the date of birth and licence number of consents past their time (the server's sweep,
 * every ten minutes). The consent itself stays.
 * @param db database
 * @param now the time now
 * @returns how many were erased
 */
export async function eraseCreditCheckIdentities(db: Kysely<Database>, now: Date): Promise<number> {
  const erased = await db
    .updateTable('credit_checks')
    .set({ date_of_birth: null, licence_number: null, erased_at: now })
    .where('erase_after', '<=', now)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(erased.numUpdatedRows);
}

/**
 * The credit-check gate of a personalised finance enquiry (a finance lead from the personalised
 * finance page of a site that runs credit checks): refuses it signed out (401), and answers the
 * check to run in the lead's transaction, which refuses it (409) unless the shopper consented
 * to the credit check for that car within the time its identity is kept and answers the
 * consent's lead id for the enquiry's fields. Null for any other lead (a finance enquiry from
 * another page is not one). Called before the lead's transaction: the session is read outside it.
 * @param ctx request context
 * @param lead the lead's form, car and page
 */
export async function creditCheckGate(
  ctx: Context,
  lead: { form: string; car_id?: number | undefined; page_id?: string | number | undefined; url?: string | undefined },
): Promise<((tx: Transaction<Database> | Kysely<Database>) => Promise<number>) | null> {
  if (!ctx.tenant.config.features.gatedEquifaxFinance || lead.form !== 'finance' || !isPersonalisedFinancePage(lead)) return null;
  const user = await ctx.user();
  if (!user) throw new ShopperRefusal(401, 'Please sign in.');
  return async (tx) => {
    const since = new Date(ctx.services.now().getTime() - CREDIT_CHECK_KEEP_DAYS * DAY_MS);
    const consent = await tx
      .selectFrom('credit_checks')
      .select('lead_id')
      .where('site_id', '=', ctx.siteId)
      .where('user_id', '=', user.id)
      .where('car_id', '=', lead.car_id ?? 0)
      .where('consented_at', '>', since)
      .orderBy('consented_at', 'desc')
      .executeTakeFirst();
    if (!consent) {
      const message = 'please agree to the credit check for this car first';
      throw new ShopperRefusal(409, 'Please agree to the credit check for this car first.', [{ path: 'credit_check', message }]);
    }
    return consent.lead_id;
  };
}

/** Whether a lead was sent from the personalised finance page (its page, else its address). */
function isPersonalisedFinancePage(lead: { page_id?: string | number | undefined; url?: string | undefined }): boolean {
  if (lead.page_id !== undefined) return String(lead.page_id).replace(/\/+$/, '') === PERSONALISED_FINANCE_PATH;
  if (lead.url === undefined) return false;
  try {
    return new URL(lead.url, 'http://site.invalid').pathname.replace(/\/+$/, '') === PERSONALISED_FINANCE_PATH;
  } catch {
    return false;
  }
}

/** The personalised finance page's path (spec §2). */
const PERSONALISED_FINANCE_PATH = '/personalised/finance';
