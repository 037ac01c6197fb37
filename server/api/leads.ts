import { creditCheckGate } from './credit-check.ts';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  HONEYPOT_FIELD,
  LeadResponseSchema,
  LeadSubmissionSchema,
  MiscellaneousSchema,
  OfferAcceptedSchema,
  PhoneRevealSchema,
  RegoLookupResponseSchema,
  RegoLookupSchema,
  StoredLeadSchema,
  ValuationAdjustmentsResponseSchema,
  ValuationAdjustmentsSchema,
  DealerAccountRequestSchema,
  DealerAccountResponseSchema,
  normaliseLeadCategory,
  leadRuleIssues,
  MULTI_STEP_FORMS,
  type LeadSubmission,
  type StoredLead,
} from '../../schema/api/index.ts';
import type { Database, LeadRow } from '../db/types.ts';
import { newLeadToken, tokenMatches } from '../auth.ts';
import { createDealerAccount } from '../dealer-accounts.ts';
import { HttpError, ShopperRefusal, parseInput, type Context, type HandlerResult, type Route } from '../http/core.ts';
import { adjustEstimate, demoRegistryLookup, tradeInEstimate } from '../valuation.ts';
import type { TradeInLimits } from '../../site/src/domain/trade-in.ts';
import { assertTestDriveSlot } from '../test-drive-slots.ts';
import { distributionLocationsOf, isDistributionLocationOf } from '../../schema/distribution-locations.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { idempotent, isRecord } from './idempotency.ts';
import { formatMoney } from '../../schema/number-format.ts';

/*
 * Leads are never lost: every lead endpoint writes inside one transaction that commits before
 * the answer is sent, once per idempotency key (server/api/idempotency.ts). The honeypot field
 * silently discards bots. Reservations and orders are in holds.ts and orders.ts.
 */

type Tx = Transaction<Database> | Kysely<Database>;


async function assertCarOfSite(tx: Tx, siteId: number, carId: number | undefined, field = 'car_id') {
  if (carId === undefined) return undefined;
  const car = await tx.selectFrom('cars').select(['id', 'status', 'reserved', 'price', 'details', 'dealership_id']).where('site_id', '=', siteId).where('id', '=', carId).executeTakeFirst();
  if (!car) throw new HttpError(400, `Invalid body: ${field}: no such car on this site`, [{ path: field, message: 'no such car on this site' }]);
  return car;
}

/** A dealership id sent by the browser must be one of this site's. */
async function assertDealershipOfSite(tx: Tx, siteId: number, dealershipId: number | undefined, field: string) {
  if (dealershipId === undefined) return;
  const d = await tx.selectFrom('dealerships').select('id').where('site_id', '=', siteId).where('id', '=', dealershipId).executeTakeFirst();
  if (!d) throw new HttpError(400, `Invalid body: ${field}: no such dealership on this site`, [{ path: field, message: 'no such dealership on this site' }]);
}

async function assertReferences(tx: Tx, siteId: number, input: LeadSubmission) {
  await assertCarOfSite(tx, siteId, input.car_id);
  if (input.dealership_slug) {
    const d = await tx.selectFrom('dealerships').select('id').where('site_id', '=', siteId).where('slug', '=', input.dealership_slug).executeTakeFirst();
    if (!d) throw new HttpError(400, 'Invalid body: dealership_slug: no such dealership on this site', [{ path: 'dealership_slug', message: 'no such dealership on this site' }]);
  }
  await assertDealershipOfSite(tx, siteId, input.dealership_id, 'dealership_id');
  await assertDealershipOfSite(tx, siteId, input.car_dealership_id, 'car_dealership_id');
  if (input.location_id !== undefined) {
    const l = await tx.selectFrom('locations').select('id').where('site_id', '=', siteId).where('id', '=', input.location_id).executeTakeFirst();
    if (!l) throw new HttpError(400, 'Invalid body: location_id: no such location on this site', [{ path: 'location_id', message: 'no such location on this site' }]);
  }
}

/** A 400 naming the test drive's place field. */
function refusePlace(message: string): HttpError {
  return new HttpError(400, `Invalid body: distribution_location: ${message}`, [{ path: 'distribution_location', message }]);
}

/**
 * A test drive's chosen place must be one of the distribution locations of the car's location
 * (the tenant file's list), so a request cannot name a place the dealer never offered.
 */
async function assertDistributionLocation(tx: Tx, tenant: ResolvedTenant, siteId: number, input: LeadSubmission): Promise<{ test_drive_place: string } | null> {
  if (input.form !== 'test_drive' || input.distribution_location === undefined || input.distribution_location === '') return null;
  if (input.car_id === undefined) throw refusePlace('needs the car (car_id) whose location offers it');
  const car = await tx.selectFrom('cars').innerJoin('locations', 'locations.id', 'cars.location_id').select('locations.slug').where('cars.site_id', '=', siteId).where('cars.id', '=', input.car_id).executeTakeFirst();
  const places = car ? distributionLocationsOf(tenant, car.slug) : [];
  const chosen = input.distribution_location;
  const place = places.find((p) => isDistributionLocationOf([p], chosen));
  if (!place) {
    throw refusePlace(places.length === 0 ? "the car's location offers no other place to test drive" : `must be one of the car's location's places (${places.map((p) => p.id).join(', ')})`);
  }
  // The dealer reads the place's name with the lead; the number stays for their systems.
  return { test_drive_place: place.name };
}

/**
 * The lead a later step continues, once the browser proved it started it: the lead_token the
 * server issued with the lead (body field or X-Lead-Token header), compared in constant time.
 * Lead ids are sequential, so the id alone proves nothing.
 */
async function leadOfSite(ctx: Context, tx: Tx, leadId: number, sentToken: string | undefined, field = 'lead_id'): Promise<LeadRow> {
  const lead = await tx.selectFrom('leads').selectAll().where('site_id', '=', ctx.siteId).where('id', '=', leadId).executeTakeFirst();
  if (!lead) throw new HttpError(404, `No lead ${leadId} on this site`, [{ path: field, message: 'no such lead on this site' }]);
  const header = ctx.req.headers['x-lead-token'];
  const token = sentToken ?? (Array.isArray(header) ? header[0] : header);
  if (!tokenMatches(token, lead.token_hash)) {
    // The summary is what a shopper reads; a program reads the field (send the lead_token issued with the lead).
    throw new ShopperRefusal(403, 'This form was started in another browser. Please fill it in again on this page.', [
      { path: 'lead_token', message: 'does not match this lead' },
    ]);
  }
  return lead;
}

/** Keys of a lead's fields only the server writes: a browser can never set its own offer. */
const SERVER_FIELDS = new Set(['offer_price', 'offer_accepted', 'source', 'category', 'subcategory', 'form_completed', 'deposit', 'lead_token', 'idempotency_key']);

/**
 * What a browser may store on a lead: the fields its form's schema allows (zod drops any other),
 * less those only the server writes (an accepted offer is recorded by the offer-accepted step,
 * from the server's own estimate).
 */
function clientFields(input: Record<string, unknown>): Record<string, unknown> {
  const { [HONEYPOT_FIELD]: _hp, lead_id: _id, lead_status: _status, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([key]) => !SERVER_FIELDS.has(key)));
}

/** What a browser may record through /api/miscellaneous (spec §7: the valuation result, logged only). */
const MISCELLANEOUS_COLUMNS = ['valuation'];
/** Largest value recorded there, as JSON text. */
const MISCELLANEOUS_VALUE_CHARS = 20_000;

/**
 * Maps a stored lead row to what dealers read.
 * @param row the row
 * @param tenant the site slug
 */
export function toStoredLead(row: LeadRow, tenant: string): StoredLead {
  return {
    id: row.id,
    tenant,
    form: row.form as StoredLead['form'],
    category: row.category,
    subcategory: row.subcategory,
    status: row.status as StoredLead['status'],
    form_completed: row.form_completed,
    source: 'Website',
    car_id: row.car_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    fields: row.fields,
    url: row.url,
    user_agent: row.user_agent,
    ip: row.ip,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function estimateFor(fields: Record<string, unknown>, now: Date, limits?: TradeInLimits): number | null {
  const vehicle = fields.vehicle as { year?: number; make?: string; model?: string } | undefined;
  const kms = typeof fields.kms === 'number' ? fields.kms : undefined;
  if (!vehicle?.year || !vehicle.make || !vehicle.model || kms === undefined) return null;
  const base = tradeInEstimate({ year: vehicle.year, make: vehicle.make, model: vehicle.model }, kms, now, limits);
  if (base === null) return null;
  const answers = fields.adjustmentAnswers as Record<string, string | number | boolean> | undefined;
  return answers ? adjustEstimate(base, answers) : base;
}

async function submitLead(ctx: Context): Promise<HandlerResult> {
  const raw = await ctx.body();
  if (isRecord(raw) && typeof raw[HONEYPOT_FIELD] === 'string' && raw[HONEYPOT_FIELD].trim() !== '') {
    // Looks like success to the bot; nothing is stored.
    return { json: { success: true, lead_id: null, lead_status: 'Complete' } };
  }
  const input = parseInput(LeadSubmissionSchema, raw, 'body');
  // The tenant's form rules (contact, postcode, Comments, terms, dealership and location
  // pickers): the same function the browser's form runs, so both refuse the same input with the
  // same message. A later step of a lead is not asked again for what its first step gave.
  const issues = leadRuleIssues(ctx.tenant.config, input);
  if (issues.length > 0) {
    throw new HttpError(400, `Invalid body: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  }
  const { category, subcategory } = normaliseLeadCategory('category' in input ? input.category : undefined, 'subcategory' in input ? input.subcategory : undefined);
  const userAgent = input.user_agent ?? ctx.req.headers['user-agent'] ?? null;
  // A personalised finance enquiry needs the shopper's credit-check consent for the car first; its lead names that consent.
  const consentOf = await creditCheckGate(ctx, input);
  return idempotent(ctx, raw, async (tx) => {
    await assertReferences(tx, ctx.siteId, input);
    const place = await assertDistributionLocation(tx, ctx.tenant.config, ctx.siteId, input);
    // A test drive at a date and time is booked only into a free slot (the form offers them).
    if (input.form === 'test_drive') await assertTestDriveSlot(tx, ctx.siteId, ctx.services.now(), input);
    const consentLead = consentOf ? await consentOf(tx) : null;
    const now = ctx.services.now();
    const fields = { ...clientFields(input as Record<string, unknown>), ...place, category, subcategory, source: 'Website', ...(consentLead === null ? {} : { credit_check_lead_id: consentLead }) };
    const completed = input.form_completed === true || (!MULTI_STEP_FORMS.has(input.form) && input.form_completed !== false);
    let row: LeadRow;
    let issued: { token: string; hash: string } | undefined;
    if (input.lead_id !== undefined) {
      const existing = await leadOfSite(ctx, tx, input.lead_id, input.lead_token);
      const merged = { ...existing.fields, ...fields };
      row = await tx
        .updateTable('leads')
        .set({
          category: category ?? existing.category,
          subcategory: subcategory ?? existing.subcategory,
          status: completed || existing.status === 'Complete' ? 'Complete' : 'In Progress',
          form_completed: completed || existing.form_completed,
          car_id: input.car_id ?? existing.car_id,
          name: ('name' in input && input.name) || existing.name,
          email: ('email' in input && input.email) || existing.email,
          phone: ('phone' in input && input.phone) || existing.phone,
          fields: JSON.stringify(merged),
          updated_at: now,
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      issued = newLeadToken();
      row = await tx
        .insertInto('leads')
        .values({
          site_id: ctx.siteId,
          token_hash: issued.hash,
          form: input.form,
          category: category ?? null,
          subcategory: subcategory ?? null,
          status: completed ? 'Complete' : 'In Progress',
          form_completed: completed,
          car_id: input.car_id ?? null,
          name: ('name' in input && input.name) || null,
          email: ('email' in input && input.email) || null,
          phone: ('phone' in input && input.phone) || null,
          fields: JSON.stringify(fields),
          url: input.url ?? null,
          user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 1000) : null,
          ip: ctx.ip,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await fileLeadOfRequest(tx, ctx, row.id);
    const json: z.infer<typeof LeadResponseSchema> = { success: true, lead_id: row.id, lead_status: row.status as 'Complete' };
    if (issued) json.lead_token = issued.token;
    if (row.form === 'trade_in' || row.form === 'valuation') json.offer_price = estimateFor(row.fields, now, ctx.tenant.config.limits);
    return { status: input.lead_id !== undefined ? 200 : 201, json, leadId: row.id };
  });
}

/** Lead and tracking routes. */
export const leadRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/leads',
    tag: 'Leads',
    summary:
      'Submit a lead (enquiry, test drive, trade-in, valuation, parts, short enquiry, finance, service, request photos, reserve). ' +
      'Send lead_id to continue a multi-step lead and form_completed true to complete it. Idempotency-Key header (or idempotency_key) makes retries safe. 201 on create, 200 on update or replay.',
    body: LeadSubmissionSchema,
    response: LeadResponseSchema,
    rateLimited: true,
    handler: submitLead,
  },
  {
    method: 'POST',
    path: '/api/leads/valuation-adjustments',
    tag: 'Leads',
    summary: 'Store trade-in condition answers on a lead (spec §7: id, adjustmentAnswers) and answer the adjusted offer.',
    body: ValuationAdjustmentsSchema,
    response: ValuationAdjustmentsResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const raw = await ctx.body();
      const input = parseInput(ValuationAdjustmentsSchema, raw, 'body');
      return idempotent(ctx, raw, async (tx) => {
        const lead = await leadOfSite(ctx, tx, input.id, input.lead_token, 'id');
        const fields: Record<string, unknown> = { ...lead.fields, adjustmentAnswers: input.adjustmentAnswers };
        const offer = estimateFor(fields, ctx.services.now(), ctx.tenant.config.limits);
        if (offer !== null) fields.offer_price = offer;
        await tx.updateTable('leads').set({ fields: JSON.stringify(fields), updated_at: ctx.services.now() }).where('id', '=', lead.id).execute();
        return { status: 200, json: { success: true, lead_id: lead.id, lead_status: lead.status, offer_price: offer }, leadId: lead.id };
      });
    },
  },
  {
    method: 'POST',
    path: '/api/leads/rego-lookup',
    tag: 'Leads',
    summary: 'Look up a vehicle by rego and state (spec §7 rego lookup); with lead_id the vehicle is stored on that lead.',
    body: RegoLookupSchema,
    response: RegoLookupResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const input = parseInput(RegoLookupSchema, await ctx.body(), 'body');
      const plate = input.rego.toUpperCase().replace(/\s+/g, '');
      const own = await ctx.db
        .selectFrom('cars')
        .select(['year', 'make', 'model', 'vin', 'details'])
        .where('site_id', '=', ctx.siteId)
        .where('rego', '=', plate)
        .where('rego_state', '=', input.regoState)
        .executeTakeFirst();
      const vehicle = own
        ? { year: own.year, make: own.make, model: own.model, badge: (own.details.badge as string) ?? null, vin: own.vin, rego_expiry: (own.details.rego_expiry as string) ?? null }
        : demoRegistryLookup(plate, input.regoState, ctx.services.now());
      if (input.lead_id !== undefined) {
        await ctx.db.transaction().execute(async (tx) => {
          const lead = await leadOfSite(ctx, tx, input.lead_id ?? 0, input.lead_token);
          await tx
            .updateTable('leads')
            .set({ fields: JSON.stringify({ ...lead.fields, rego: plate, regoState: input.regoState, vehicle }), updated_at: ctx.services.now() })
            .where('id', '=', lead.id)
            .execute();
        });
      }
      return { json: { found: true, vehicle } };
    },
  },
  {
    method: 'POST',
    path: '/api/leads/offer-accepted',
    tag: 'Leads',
    summary: 'Record that the customer accepted the trade-in offer; completes the lead (form_completed).',
    body: OfferAcceptedSchema,
    response: LeadResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const raw = await ctx.body();
      const input = parseInput(OfferAcceptedSchema, raw, 'body');
      return idempotent(ctx, raw, async (tx) => {
        const lead = await leadOfSite(ctx, tx, input.lead_id, input.lead_token);
        // The offer is the server's own estimate for this lead; a price sent by the browser is never stored.
        const offer = estimateFor(lead.fields, ctx.services.now(), ctx.tenant.config.limits);
        if (offer === null) throw new ShopperRefusal(409, 'There is no online offer for your car yet. Please look up your car and its kilometres first.');
        if (input.offer_price !== undefined && input.offer_price !== offer) {
          throw new ShopperRefusal(409, `The offer for your car is ${formatMoney(offer)}. Please check it and accept it again.`, [{ path: 'offer_price', message: `the offer for this lead is ${offer}` }]);
        }
        const fields = { ...lead.fields, offer_price: offer, offer_accepted: true, form_completed: input.form_completed };
        const complete = input.form_completed || lead.status === 'Complete';
        await tx
          .updateTable('leads')
          .set({ fields: JSON.stringify(fields), status: complete ? 'Complete' : 'In Progress', form_completed: complete, updated_at: ctx.services.now() })
          .where('id', '=', lead.id)
          .execute();
        await fileLeadOfRequest(tx, ctx, lead.id);
        return { status: 200, json: { success: true, lead_id: lead.id, lead_status: complete ? 'Complete' : 'In Progress', offer_price: offer }, leadId: lead.id };
      });
    },
  },
  {
    method: 'POST',
    path: '/api/leads/phone-reveal',
    tag: 'Leads',
    summary: 'Lead tracking when a shopper reveals the dealer phone (spec §7: car_id, dealership_id, website_id).',
    body: PhoneRevealSchema,
    response: z.object({ success: z.literal(true) }),
    rateLimited: true,
    handler: async (ctx) => {
      const input = parseInput(PhoneRevealSchema, await ctx.body(), 'body');
      if (input.website_id !== undefined && input.website_id !== ctx.siteId) {
        throw new HttpError(400, 'Invalid body: website_id: not this site', [{ path: 'website_id', message: 'not this site' }]);
      }
      const car = await assertCarOfSite(ctx.db, ctx.siteId, input.car_id);
      await assertDealershipOfSite(ctx.db, ctx.siteId, input.dealership_id, 'dealership_id');
      // The phone shown with a car is its own dealership's: a reveal is logged against no other.
      if (car && input.dealership_id !== undefined && car.dealership_id !== input.dealership_id) {
        throw new HttpError(400, "Invalid body: dealership_id: not this car's dealership", [{ path: 'dealership_id', message: "not this car's dealership" }]);
      }
      await ctx.db.insertInto('lead_events').values({ site_id: ctx.siteId, kind: 'phone_reveal', lead_id: null, car_id: input.car_id ?? null, payload: JSON.stringify(input), ip: ctx.ip }).execute();
      return { status: 201, json: { success: true } };
    },
  },
  {
    method: 'POST',
    path: '/api/miscellaneous',
    tag: 'Leads',
    summary: 'Log a value the browser reports (spec §7: the valuation result, column_name=valuation), optionally linked to a lead, on sites with features.valuationResultLog (404 elsewhere). Logged only: it never changes the lead.',
    body: MiscellaneousSchema,
    response: z.object({ success: z.literal(true) }),
    rateLimited: true,
    handler: async (ctx) => {
      // Only sites that keep valuation results take them: elsewhere nothing on the site sends one.
      if (!ctx.tenant.config.features.valuationResultLog) throw new HttpError(404, 'This site does not record valuation results');
      const input = parseInput(MiscellaneousSchema, await ctx.body(), 'body');
      // Allow-listed, and only logged: what a browser reports is never written onto the lead,
      // where the dealer would read it as the platform's own (an offer, a vehicle, an email).
      if (!MISCELLANEOUS_COLUMNS.includes(input.column_name)) {
        const message = `must be one of: ${MISCELLANEOUS_COLUMNS.join(', ')}`;
        throw new HttpError(400, `Invalid body: column_name: ${message}`, [{ path: 'column_name', message }]);
      }
      if ((JSON.stringify(input.value) ?? '').length > MISCELLANEOUS_VALUE_CHARS) {
        const message = `at most ${MISCELLANEOUS_VALUE_CHARS} characters as JSON`;
        throw new HttpError(400, `Invalid body: value: ${message}`, [{ path: 'value', message }]);
      }
      await ctx.db.transaction().execute(async (tx) => {
        if (input.lead_id !== undefined) await leadOfSite(ctx, tx, input.lead_id, input.lead_token);
        await tx.insertInto('lead_events').values({ site_id: ctx.siteId, kind: 'miscellaneous', lead_id: input.lead_id ?? null, car_id: null, payload: JSON.stringify({ ...input, lead_token: undefined }), ip: ctx.ip }).execute();
      });
      return { status: 201, json: { success: true } };
    },
  },
  {
    method: 'POST',
    path: '/api/dealer/accounts',
    tag: 'Dealer',
    summary: 'Create a dealer account (or replace its password) and answer a generated password once. Local admin token only: `npm run dealer-account`.',
    auth: 'local',
    body: DealerAccountRequestSchema,
    response: DealerAccountResponseSchema,
    handler: async (ctx) => {
      const input = parseInput(DealerAccountRequestSchema, await ctx.body(), 'body');
      const account = await createDealerAccount(ctx.db, ctx.siteId, input.email, input.name ?? `${ctx.tenant.config.name} sales team`);
      return { status: account.created ? 201 : 200, json: account, headers: { 'Cache-Control': 'no-store' } };
    },
  },
  {
    method: 'GET',
    path: '/api/dealer/leads',
    tag: 'Dealer',
    summary: "This site's leads, newest first (dealer users only; sign in first).",
    auth: 'dealer',
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100), before_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
    response: z.object({ leads: z.array(StoredLeadSchema) }),
    handler: async (ctx) => {
      const q = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(500).default(100), before_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }), Object.fromEntries(ctx.query), 'query');
      let query = ctx.db.selectFrom('leads').selectAll().where('site_id', '=', ctx.siteId);
      if (q.before_id) query = query.where('id', '<', q.before_id);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
      return { json: { leads: rows.map((r) => toStoredLead(r, ctx.tenant.slug)) } };
    },
  },
];
