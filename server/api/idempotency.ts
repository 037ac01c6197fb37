import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError, type Context, type HandlerResult } from '../http/core.ts';
import { sessionToken } from './account.ts';

/*
 * Writes that must happen once (a lead, a reservation, an order): an idempotency key
 * (Idempotency-Key header or idempotency_key field) is stored in the same transaction as the
 * write, so a retry or double submit replays the first answer instead of writing twice. The
 * key is bound to the request's path and body, so reusing it for a different request is refused.
 */

type Tx = Transaction<Database> | Kysely<Database>;

/** Whether a value is a plain JSON object. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .filter((k) => k !== 'idempotency_key')
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function idempotencyKey(ctx: Context, body: unknown): string | undefined {
  const header = ctx.req.headers['idempotency-key'];
  const fromBody = isRecord(body) && typeof body.idempotency_key === 'string' ? body.idempotency_key : undefined;
  const key = (Array.isArray(header) ? header[0] : header) ?? fromBody;
  if (key === undefined) return undefined;
  if (key.length < 8 || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'Invalid Idempotency-Key: use 8 to 200 printable characters (a UUID is ideal)', [
      { path: 'idempotency_key', message: 'use 8 to 200 printable characters' },
    ]);
  }
  return key;
}

/** Who made a request, as far as the server can tell: the session cookie, else the client address (hashed). */
function clientOf(ctx: Context): string {
  const cookie = sessionToken(ctx);
  return crypto.createHash('sha256').update(cookie ? `session:${cookie}` : `address:${ctx.ip}`).digest('hex');
}

/** An answer without the secrets only its own client may have. */
function withoutTokens(json: unknown): unknown {
  if (!isRecord(json)) return json;
  const { lead_token: _lead, order_token: _order, ...rest } = json;
  return rest;
}

/** What a once-only write answers, and the lead it wrote (null when none). */
export interface StepResult {
  status: number;
  json: unknown;
  leadId: number | null;
}

/**
 * Runs a lead (or order) write once per idempotency key, inside one transaction with the key's record.
 * @param ctx request context
 * @param body the raw request body (hashed to detect a key reused for a different request)
 * @param write the write; its answer is stored with the key and replayed on retries
 */
export async function idempotent(ctx: Context, body: unknown, write: (tx: Tx) => Promise<StepResult>): Promise<HandlerResult> {
  const key = idempotencyKey(ctx, body);
  const hash = crypto.createHash('sha256').update(`${ctx.req.url?.split('?')[0]}\n${canonical(body)}`).digest('hex');
  const client = clientOf(ctx);
  const result = await ctx.db.transaction().execute(async (tx): Promise<HandlerResult> => {
    if (key) {
      const fresh = await tx
        .insertInto('lead_requests')
        .values({ site_id: ctx.siteId, idempotency_key: key, lead_id: null, response: JSON.stringify({ hash, pending: true }) })
        .onConflict((oc) => oc.columns(['site_id', 'idempotency_key']).doNothing())
        .returning('idempotency_key')
        .executeTakeFirst();
      if (!fresh) {
        const previous = await tx
          .selectFrom('lead_requests')
          .select('response')
          .where('site_id', '=', ctx.siteId)
          .where('idempotency_key', '=', key)
          .executeTakeFirstOrThrow();
        const stored = previous.response as { hash: string; status: number; json: unknown; client?: string };
        if (stored.hash !== hash) throw new HttpError(422, 'Idempotency-Key was already used for a different request');
        // The tokens that continue a lead or read an order back go only to the client that made
        // the request: someone replaying another shopper's key gets the answer without them.
        return { status: stored.status, json: stored.client === client ? stored.json : withoutTokens(stored.json), headers: { 'Idempotent-Replayed': 'true' } };
      }
    }
    const step = await write(tx);
    if (key) {
      await tx
        .updateTable('lead_requests')
        .set({ lead_id: step.leadId, response: JSON.stringify({ hash, status: step.status, json: step.json, client }) })
        .where('site_id', '=', ctx.siteId)
        .where('idempotency_key', '=', key)
        .execute();
    }
    return { status: step.status, json: step.json };
  });
  // Deliveries the write queued are committed now: the delivery worker may send them at once.
  ctx.services.deliveriesQueued?.();
  return result;
}
