import { z } from 'zod';
import { HttpError, parseInput, positiveId, readBody, type Context, type Route } from '../http/core.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import { createApiKey, KEY_NAME_LENGTH, KeyRefused, listApiKeys, revokeApiKey, verifyApiKey } from './api-keys.ts';
import { FEED_LIMITS } from './feed.ts';
import { markImportApplied, stockChanged } from './generation.ts';
import { importFeedText, type ImportReport } from './import.ts';
import { withDatabaseInBackground } from './import-priority.ts';
import { marketplaceRoutes } from './outbound.ts';
import { tellOfRefusal, type RefusalEmailSite } from './feed-alerts.ts';
import { linkOrigin } from '../api/account-links.ts';

/*
 * The stock endpoint a dealer's system PUTs its feed to (CSV or JSON, the same feeds and rules
 * as `npm run stock:import`), and the local routes `npm run stock:key` uses while the server runs.
 */

/** Feeds per key (or per site for the local command) per minute. */
export const STOCK_RATE_LIMIT = { max: 10, windowMs: 60_000 };
/** One feed limiter per database (counted there, so every instance on it shares the limit). */
const limiters = new WeakMap<Kysely<Database>, RateLimiter>();
function feedLimiter(db: Kysely<Database>): RateLimiter {
  let limiter = limiters.get(db);
  if (!limiter) limiters.set(db, (limiter = createRateLimiter(db, 'stock', STOCK_RATE_LIMIT)));
  return limiter;
}

const StockQuery = z
  .object({
    mode: z.enum(['full', 'delta']).default('full'),
    dry_run: z.enum(['true', 'false']).optional(),
    force: z.enum(['true', 'false']).optional(),
  })
  .strict();

/**
 * Proves the request carries a live stock key of the site (`Authorization: Bearer <key>`) and
 * counts it against the key's rate limit. Returns the key id.
 * @param ctx request context
 */
export async function requireStockKey(ctx: Context): Promise<number> {
  const header = ctx.req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'Send the stock API key as "Authorization: Bearer <key>" (create one with npm run stock:key).', undefined, { 'WWW-Authenticate': 'Bearer' });
  const id = await verifyApiKey(ctx.db, ctx.siteId, match[1], ctx.services.now());
  if (id === null) throw new HttpError(401, 'This stock API key is not valid for this site (unknown or revoked).', undefined, { 'WWW-Authenticate': 'Bearer' });
  return id;
}

async function putStock(ctx: Context) {
  const query = parseInput(StockQuery, Object.fromEntries(ctx.query), 'query');
  const verdict = await feedLimiter(ctx.db).take(`${ctx.tenant.slug}|${ctx.req.headers.authorization ?? 'local'}`);
  if (!verdict.ok) throw new HttpError(429, `Too many stock feeds: at most ${STOCK_RATE_LIMIT.max} a minute. Please wait and send it again.`, undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const format = type === 'text/csv' ? 'csv' : type === 'application/json' ? 'json' : null;
  if (!format) throw new HttpError(415, `Content-Type must be text/csv or application/json (got ${type || 'none'})`);
  const declared = Number(ctx.req.headers['content-length'] ?? 0);
  if (declared > FEED_LIMITS.bytes) throw new HttpError(413, `The feed is ${declared} bytes, more than the limit of ${FEED_LIMITS.bytes} bytes`);
  let text: string;
  try {
    text = await readBody(ctx.req, FEED_LIMITS.bytes);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, `The feed is more than the limit of ${FEED_LIMITS.bytes} bytes`);
    throw error;
  }
  if (text.trim() === '') throw new HttpError(400, 'body: the feed is empty');
  // The import and its re-indexing with the database thread behind the threads answering shoppers (import-priority.ts).
  const report = await withDatabaseInBackground(async () => {
    const origin = ctx.localTool ? 'command' : 'api';
    // Of a feed from the dealer's system: the address it reached, kept for the links of emails about it now and later.
    const reached = origin === 'api' ? linkOrigin(ctx) : undefined;
    const done = await importFeedText(ctx.db, { id: ctx.siteId, slug: ctx.tenant.slug }, ctx.tenant.config.stockFeed, text, format, {
      mode: query.mode, dryRun: query.dry_run === 'true', force: query.force === 'true', now: ctx.services.now(), origin,
      linkOrigin: reached,
      onRefused: reached ? (tx, feed) => tellOfRefusal(tx, refusalEmailSite(ctx, reached), feed) : undefined,
    });
    await applied(ctx, done);
    return done;
  });
  if (report.refused) ctx.services.deliveriesQueued?.();
  return { status: report.refused ? 422 : 200, json: report };
}

/** The request's site as a refusal's email needs it: its name, time zone, who to tell and its stock feed page at the address the feed reached. */
function refusalEmailSite(ctx: Context, reached: string): RefusalEmailSite {
  const { config } = ctx.tenant;
  return { id: ctx.siteId, name: config.name, timeZone: config.timeZone, to: config.stockFeed.alertEmails, pageUrl: `${reached}/dealer/stock` };
}

/** After a commit: this process re-indexes the changed cars now (others pick the import up by polling). */
async function applied(ctx: Context, report: ImportReport): Promise<void> {
  if (report.importId === null) return;
  markImportApplied(report.importId);
  await ctx.services.reindexCars(ctx.siteId, report.changedCarIds);
  stockChanged(ctx.tenant.slug);
}

const KeyBody = z.object({ name: z.string().trim().min(1).max(KEY_NAME_LENGTH) }).strict();

/** The stock routes. */
export const stockRoutes: Route[] = [
  {
    method: 'PUT',
    path: '/api/dealer/stock',
    summary: "Replace (mode=full) or update (mode=delta) the site's stock from the dealer's feed: CSV in the site's column layout, or JSON cars",
    tag: 'stock',
    query: StockQuery,
    auth: 'dealer-key',
    handler: putStock,
  },
  {
    method: 'GET',
    path: '/api/dealer/stock-keys',
    summary: "The site's stock API keys (names and first characters only)",
    tag: 'stock',
    auth: 'local',
    handler: async (ctx) => ({ json: { keys: await listApiKeys(ctx.db, ctx.siteId) } }),
  },
  {
    method: 'POST',
    path: '/api/dealer/stock-keys',
    summary: 'Create a stock API key (shown once)',
    tag: 'stock',
    body: KeyBody,
    auth: 'local',
    handler: async (ctx) => {
      const body = parseInput(KeyBody, await ctx.body(), 'body');
      try {
        return { status: 201, json: await createApiKey(ctx.db, ctx.siteId, body.name) };
      } catch (error) {
        if (error instanceof KeyRefused) throw new HttpError(409, error.message);
        throw error;
      }
    },
  },
  {
    method: 'DELETE',
    path: '/api/dealer/stock-keys/{id}',
    summary: 'Revoke a stock API key',
    tag: 'stock',
    auth: 'local',
    handler: async (ctx) => {
      const id = positiveId(ctx.params.id, 'id');
      if (!(await revokeApiKey(ctx.db, ctx.siteId, id, ctx.services.now()))) throw new HttpError(404, `No live stock API key ${id} on this site`);
      return { json: { revoked: id } };
    },
  },
  ...marketplaceRoutes,
];
