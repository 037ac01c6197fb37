import crypto from 'node:crypto';
import { SpinRequestSchema, SpinResponseSchema, type SpinResponse } from '../../schema/api/spin-to-win.ts';
import { HttpError, ShopperRefusal, parseInput, type Route } from '../http/core.ts';
import { idempotent } from './idempotency.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { phoneDigits, spinPrize, spinState } from '../../site/src/domain/spin-to-win.ts';

/*
 * The spin of the spin-to-win page (spec §2 /spin-to-win; gated behind sign-in where
 * features.gatedSpinToWin is on, spec §6). Only where the tenant runs one (features.spinToWin
 * and content.spinToWin; 404 elsewhere, like the page) and only inside its window (409). The
 * server draws the prize with a cryptographic random number against the configured chances;
 * one spin per shopper per promotion, by email and by phone, is enforced by unique indexes
 * (migration 009). The result is a lead the dealer reads (form spin_to_win).
 */

/** The answer to a second spin by the same shopper. */
export const ALREADY_SPUN = 'You have already spun in this promotion: one spin per person.';

/** Spin-to-win routes. */
export const spinToWinRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/spin-to-win',
    tag: 'Leads',
    summary:
      "Spin the site's spin-to-win promotion (features.spinToWin; signed in where the site gates it): the server draws the prize against the configured chances, once per person (email and phone) per promotion (409 for a second spin, or outside the promotion's dates). Recorded as a lead.",
    body: SpinRequestSchema,
    response: SpinResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const config = ctx.tenant.config;
      if (config.features.spinToWin !== true || !config.content.spinToWin) throw new HttpError(404, 'This dealer has no spin-to-win promotion.');
      const promo = config.content.spinToWin;
      const { id: promotionId } = config.content.spinToWin;
      const user = await ctx.user();
      if (config.features.gatedSpinToWin && !user) throw new ShopperRefusal(401, 'Please sign in to spin.');
      const raw = await ctx.body();
      const input = parseInput(SpinRequestSchema, raw, 'body');
      const email = (user?.email ?? input.email)?.toLowerCase();
      if (!email) throw new HttpError(400, 'Invalid body: email: Please enter your email address.', [{ path: 'email', message: 'Please enter your email address.' }]);
      const state = spinState(promo, ctx.services.now(), config.timeZone);
      if (state !== 'live') throw new ShopperRefusal(409, state === 'upcoming' ? 'This promotion has not started yet.' : 'This promotion has ended.');
      const phone = user?.phone ?? input.phone;
      const result = await idempotent(ctx, raw, async (tx) => {
        // Drawn on the server only: a uniform number from 0 to 100 in steps of 0.0001.
        const prize = spinPrize(promo.prizes, crypto.randomInt(0, 1_000_000) / 10_000);
        const spin = await tx
          .insertInto('spins')
          .values({ site_id: ctx.siteId, promotion_id: promotionId, email, phone_digits: phoneDigits(phone), user_id: user?.id ?? null, prize: prize?.label ?? null, lead_id: null, ip: ctx.ip })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!spin) throw new ShopperRefusal(409, ALREADY_SPUN);
        const now = ctx.services.now();
        const fields = { name: input.name, email, phone, promotion: promotionId, prize: prize?.label ?? 'No prize', terms_conditions: true, source: 'Website' };
        const lead = await tx
          .insertInto('leads')
          .values({
            site_id: ctx.siteId, form: 'spin_to_win', category: 'Spin to Win', subcategory: prize ? 'Prize won' : 'No prize', status: 'Complete', form_completed: true,
            car_id: null, name: input.name, email, phone, fields: JSON.stringify(fields), url: input.url ?? null,
            user_agent: ctx.req.headers['user-agent']?.slice(0, 1000) ?? null, ip: ctx.ip, created_at: now, updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx.updateTable('spins').set({ lead_id: lead.id }).where('id', '=', spin.id).execute();
        await fileLeadOfRequest(tx, ctx, lead.id);
        const json: SpinResponse = { spin_id: spin.id, promotion: promotionId, prize: prize?.label ?? null };
        return { status: 201, json, leadId: lead.id };
      });
      return { ...result, headers: { ...result.headers, 'Cache-Control': 'no-store' } };
    },
  },
];
