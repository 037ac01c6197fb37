import { OrderRequestSchema, OrderResponseSchema, type OrderResponse } from '../../schema/api/order.ts';
import { newLeadToken, tokenMatches } from '../auth.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRow } from '../db/types.ts';
import { HttpError, ShopperRefusal, parseInput, positiveId, type Context, type Route } from '../http/core.ts';
import { orderPaymentProvider } from '../payments.ts';
import { lookupPostcode } from '../postcodes/index.ts';
import { idempotent } from './idempotency.ts';
import { accountHolder, holderContact, recordHold, takeCar } from './holds.ts';
import { deliveryEstimate, DELIVERY_NO_ESTIMATE } from '../../site/src/domain/delivery.ts';
import { canBuyOnline, orderDeposit, orderReference, orderTotals, purchasePrice } from '../../site/src/domain/online-purchase.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { formatMoney } from '../../schema/number-format.ts';

/*
 * The online purchase journey's orders (spec §2 /checkout-journey?car_id=). Only where the
 * tenant switched features.onlinePurchase on (404 elsewhere, like the page) and only for a car
 * that may be bought online (spec §4, the rule of site/src/domain/online-purchase.ts). The
 * browser sends who, pickup or delivery, and the total it showed; the server computes the sums
 * from its own records, refuses a changed total, records the order with its lead in one
 * transaction (idempotent: a retry or double click answers the first order), and asks the
 * tenant's payment provider for the deposit (server/payments.ts): the shopper pays on the
 * provider's hosted page, and the provider's signed webhook marks the deposit paid
 * (server/payment-webhook.ts).
 */

type Tx = Transaction<Database> | Kysely<Database>;

function onlinePurchaseOn(ctx: Context): void {
  if (ctx.tenant.config.features?.onlinePurchase !== true) throw new HttpError(404, 'This dealer does not sell cars online.');
}

/** The delivery price to a postcode from the site's nearest sales location, or null (no estimate). */
async function deliveryTo(ctx: Context, tx: Tx, postcode: string) {
  const place = lookupPostcode(postcode);
  if (!place) return null;
  const origins = await tx.selectFrom('locations').select(['lat', 'long', 'state', 'city']).where('site_id', '=', ctx.siteId).where('location_type', '=', 'sales').execute();
  return deliveryEstimate(place, origins.map((o) => ({ lat: o.lat, lng: o.long, state: o.state, city: o.city })));
}

/** An order row as its shopper reads it (no token, no address). */
function toOrderResponse(row: OrderRow): OrderResponse {
  const payment = row.payment as { provider?: string; status?: OrderResponse['payment']['status']; redirectUrl?: string };
  return {
    order_id: row.id,
    reference: orderReference(row.id),
    lead_id: row.lead_id,
    car_id: row.car_id,
    status: row.status as OrderResponse['status'],
    fulfilment: row.fulfilment as OrderResponse['fulfilment'],
    delivery_postcode: row.delivery_postcode,
    delivery_region: row.delivery_region,
    vehicle_price: row.vehicle_price,
    delivery_fee: row.delivery_fee,
    total: row.total,
    deposit: row.deposit,
    balance_due: Math.round((row.total - row.deposit) * 100) / 100,
    payment: { provider: payment.provider ?? 'embedded', status: payment.status ?? 'recorded', ...(payment.redirectUrl ? { redirect_url: payment.redirectUrl } : {}) },
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Order routes. */
export const orderRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/orders',
    tag: 'Orders',
    summary:
      'Place an online purchase order (features.onlinePurchase; signed in): the order holds the car as a reservation does (409 when it is already held or sold). The server computes price, delivery, total, deposit and balance; 409 when the total differs from expected_total or the car cannot be bought online; the deposit goes through the payment provider. Idempotency-Key makes retries safe. Answers order_token once.',
    body: OrderRequestSchema,
    response: OrderResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      onlinePurchaseOn(ctx);
      // The buy-online page is for signed-in shoppers only, and an order holds the car in their name.
      const user = await ctx.user();
      if (!user) throw new ShopperRefusal(401, 'Please sign in to buy a car online.');
      const raw = await ctx.body();
      const input = parseInput(OrderRequestSchema, raw, 'body');
      // Hidden and long-sold cars are not for sale (asked before the transaction: the embedded
      // database has one connection, and this check reads outside the transaction).
      const isPublic = await ctx.services.carIsPublic(ctx.tenant, input.car_id);
      const result = await idempotent(ctx, raw, async (tx) => {
        const car = await tx
          .selectFrom('cars')
          .select(['id', 'status', 'reserved', 'price', 'details', 'sold_at'])
          .where('site_id', '=', ctx.siteId)
          .where('id', '=', input.car_id)
          .executeTakeFirst();
        if (!car || !isPublic) {
          throw new HttpError(400, 'Invalid body: car_id: no such car on this site', [{ path: 'car_id', message: 'no such car on this site' }]);
        }
        const details = car.details as { offer_price?: number | null; reserve_deposit?: number | null; sold?: boolean };
        const facts = { status: car.status, reserved: car.reserved, sold: details.sold === true, price: car.price, offer_price: details.offer_price ?? null, reserve_deposit: details.reserve_deposit ?? null };
        if (!canBuyOnline(facts)) throw new ShopperRefusal(409, 'This car cannot be bought online: it is reserved, sold or not yet in stock.', [{ path: 'car_id', message: 'cannot be bought online' }]);
        let deliveryFee = 0;
        let region: string | null = null;
        if (input.fulfilment === 'delivery') {
          const estimate = await deliveryTo(ctx, tx, input.delivery_postcode ?? '');
          if (!estimate) throw new HttpError(400, `Invalid body: delivery_postcode: ${DELIVERY_NO_ESTIMATE}`, [{ path: 'delivery_postcode', message: DELIVERY_NO_ESTIMATE }]);
          deliveryFee = estimate.price;
          region = estimate.region;
        }
        const totals = orderTotals(purchasePrice(facts), deliveryFee, orderDeposit(facts, ctx.tenant.config.limits.reserveDepositFallback));
        if (input.expected_total !== undefined && input.expected_total !== totals.total) {
          throw new ShopperRefusal(409, `The total for this order is now ${formatMoney(totals.total)}. Please check it and place the order again.`, [
            { path: 'expected_total', message: `the total is now ${totals.total}` },
          ]);
        }
        // The order holds the car exactly as a reservation does: only one of any number of tries wins.
        await takeCar(ctx, tx, accountHolder(user), car.id);
        const now = ctx.services.now();
        const contact = holderContact(user, input);
        const lead = await tx
          .insertInto('leads')
          .values({
            site_id: ctx.siteId, form: 'online_purchase', category: 'Online Purchase', subcategory: null, status: 'Complete', form_completed: true,
            car_id: car.id, ...contact,
            fields: JSON.stringify({ postcode: input.postcode, fulfilment: input.fulfilment, delivery_postcode: input.delivery_postcode ?? null, ...totals, source: 'Website' }),
            url: input.url ?? null, user_agent: ctx.req.headers['user-agent']?.slice(0, 1000) ?? null, ip: ctx.ip, created_at: now, updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordHold(ctx, tx, { holder: accountHolder(user), carId: car.id, leadId: lead.id, deposit: totals.deposit });
        const token = newLeadToken();
        const order = await tx
          .insertInto('orders')
          .values({
            site_id: ctx.siteId, car_id: car.id, lead_id: lead.id, status: 'awaiting_payment', fulfilment: input.fulfilment,
            delivery_postcode: input.fulfilment === 'delivery' ? (input.delivery_postcode ?? null) : null, delivery_region: region,
            vehicle_price: totals.vehicle_price, delivery_fee: totals.delivery_fee, total: totals.total, deposit: totals.deposit,
            payment: JSON.stringify({}), token_hash: token.hash, ip: ctx.ip, created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const reference = orderReference(order.id);
        // The deposit's payment step: the provider's hosted page, back to this journey afterwards.
        const payment = await orderPaymentProvider(ctx.tenant).createIntent({
          amountCents: Math.round(totals.deposit * 100),
          currency: 'AUD',
          reference: `${ctx.tenant.slug}-${reference}`,
          description: `Deposit for order ${reference} (car ${car.id})`,
          returnPath: `/checkout-journey?car_id=${car.id}`,
        });
        const status = payment.status === 'succeeded' ? 'deposit_paid' : payment.status === 'recorded' ? 'deposit_recorded' : 'awaiting_payment';
        const row = await tx
          .updateTable('orders')
          .set({ status, payment: JSON.stringify(payment) })
          .where('id', '=', order.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('leads')
          .set({ fields: JSON.stringify({ postcode: input.postcode, fulfilment: input.fulfilment, delivery_postcode: input.delivery_postcode ?? null, delivery_region: region, ...totals, order_id: order.id, order_reference: reference, source: 'Website', payment_intent: payment }) })
          .where('id', '=', lead.id)
          .execute();
        await fileLeadOfRequest(tx, ctx, lead.id);
        const json: OrderResponse = { ...toOrderResponse(row ), order_token: token.token };
        return { status: 201, json, leadId: lead.id };
      });
      if (result.status === 201) await ctx.services.reindexCars(ctx.siteId, [input.car_id]);
      return { ...result, headers: { ...result.headers, 'Cache-Control': 'no-store' } };
    },
  },
  {
    method: 'GET',
    path: '/api/orders/{id}',
    tag: 'Orders',
    summary: 'Read an order back (the confirmation, or after a hosted payment page): only with the order_token answered when it was placed (X-Order-Token header); 404 otherwise.',
    response: OrderResponseSchema,
    handler: async (ctx) => {
      onlinePurchaseOn(ctx);
      const id = positiveId(ctx.params.id, 'id');
      const header = ctx.req.headers['x-order-token'];
      const token = Array.isArray(header) ? header[0] : header;
      const row = await ctx.db.selectFrom('orders').selectAll().where('site_id', '=', ctx.siteId).where('id', '=', id).executeTakeFirst();
      // The same answer for a missing order and a wrong token: ids are sequential, tokens are not.
      if (!row || !tokenMatches(token, row.token_hash)) throw new HttpError(404, `No order ${id} for this browser on this site`);
      return { json: toOrderResponse(row ), headers: { 'Cache-Control': 'no-store' } };
    },
  },
];
