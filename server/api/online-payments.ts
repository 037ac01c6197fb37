import { OnlinePaymentRequestSchema, OnlinePaymentResponseSchema, type OnlinePaymentResponse } from '../../schema/api/online-payment.ts';
import { HttpError, parseInput, type Route, type SessionUser } from '../http/core.ts';
import { idempotent } from './idempotency.ts';
import { recordOnlyPaymentProvider } from '../payments.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { onlinePaymentAmountIssue, onlinePaymentCategory, onlinePaymentReference, ONLINE_PAYMENT_KIND_LABELS } from '../../site/src/domain/online-payment.ts';

/*
 * The online payment page's payments (spec §2 /online-payment, always signed in; spec §6). Only
 * where the tenant switched features.onlinePayment on (404 elsewhere, like the page). The payment
 * is recorded as a lead of the dealership it is for (the dealer reads it in the inbox, by email
 * and webhook); the payment is recorded and nothing is charged online, so the dealership takes
 * it with the shopper (server/payments.ts).
 */

/** Online payment routes. */
export const onlinePaymentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/online-payments',
    tag: 'Orders',
    summary:
      "Pay an invoice or a deposit online (features.onlinePayment; signed in): the amount from $1 to the site's limit, for one of its dealerships. Recorded as a lead of that dealership and sent to the payment provider. Idempotency-Key makes retries safe.",
    body: OnlinePaymentRequestSchema,
    response: OnlinePaymentResponseSchema,
    rateLimited: true,
    auth: 'user',
    handler: async (ctx) => {
      if (ctx.tenant.config.features.onlinePayment !== true) throw new HttpError(404, 'This dealer does not take payments online.');
      const raw = await ctx.body();
      const input = parseInput(OnlinePaymentRequestSchema, raw, 'body');
      const amountIssue = onlinePaymentAmountIssue(input.amount, ctx.tenant.config.limits.onlinePaymentMax);
      if (amountIssue) throw new HttpError(400, `Invalid body: amount: ${amountIssue}`, [{ path: 'amount', message: amountIssue }]);
      const user = (await ctx.user()) as SessionUser;
      const result = await idempotent(ctx, raw, async (tx) => {
        const dealership = await tx.selectFrom('dealerships').select(['id', 'name']).where('site_id', '=', ctx.siteId).where('slug', '=', input.dealership_slug).executeTakeFirst();
        if (!dealership) throw new HttpError(400, 'Invalid body: dealership_slug: no such dealership on this site', [{ path: 'dealership_slug', message: 'no such dealership on this site' }]);
        const now = ctx.services.now();
        // The payer is the signed-in account: its email (and phone when it has one), never another's.
        const contact = { name: input.name, email: user.email, phone: user.phone ?? input.phone };
        const fields = {
          ...contact,
          dealership_slug: input.dealership_slug,
          payment_for: ONLINE_PAYMENT_KIND_LABELS[input.kind],
          reference: input.reference,
          amount: input.amount,
          message: input.message ?? null,
          source: 'Website',
        };
        const lead = await tx
          .insertInto('leads')
          .values({
            site_id: ctx.siteId, form: 'online_payment', category: onlinePaymentCategory(input.kind), subcategory: null, status: 'Complete', form_completed: true,
            car_id: null, ...contact, fields: JSON.stringify(fields), url: input.url ?? null,
            user_agent: ctx.req.headers['user-agent']?.slice(0, 1000) ?? null, ip: ctx.ip, created_at: now, updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const paymentReference = onlinePaymentReference(lead.id);
        const payment = await recordOnlyPaymentProvider.createIntent({
          amountCents: Math.round(input.amount * 100),
          currency: 'AUD',
          reference: `${ctx.tenant.slug}-${paymentReference}`,
          description: `${ONLINE_PAYMENT_KIND_LABELS[input.kind]} ${input.reference} to ${dealership.name}`,
        });
        await tx
          .updateTable('leads')
          .set({ fields: JSON.stringify({ ...fields, payment_reference: paymentReference, payment_intent: payment }) })
          .where('id', '=', lead.id)
          .execute();
        await fileLeadOfRequest(tx, ctx, lead.id);
        const json: OnlinePaymentResponse = {
          lead_id: lead.id,
          payment_reference: paymentReference,
          kind: input.kind,
          reference: input.reference,
          amount: input.amount,
          payment: { provider: payment.provider, status: payment.status, ...(payment.redirectUrl ? { redirect_url: payment.redirectUrl } : {}) },
        };
        return { status: 201, json, leadId: lead.id };
      });
      return { ...result, headers: { ...result.headers, 'Cache-Control': 'no-store' } };
    },
  },
];
