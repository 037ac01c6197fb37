import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { HostedTenant } from '../tenants.ts';
import { deliveryRetryDelayMs, FIRST_RETRY_MS } from './backoff.ts';
import { leadDocument } from './delivered-lead.ts';
import { leadEmail } from './lead-email.ts';
import type { EmailTarget, WebhookTarget } from './routing.ts';
import { webhookBody, type EmailSender, type OutgoingEmail, type SendOutcome, type WebhookSender } from './senders.ts';

/*
 * The outbox's send side. A delivery is claimed with FOR UPDATE SKIP LOCKED (several server
 * instances share the table; each row goes to one of them), sent with a timeout, and its try
 * recorded in the same transaction that schedules the next one: delivered, tried again after a
 * growing, jittered wait, or — after the tenant's leadDelivery.maxAttempts — failed (the dead
 * letter the dealer inbox shows). A claim is a lease: a worker that dies mid-send leaves a claim
 * that lapses, and another worker (or this one after a restart) sends the delivery again with the
 * same delivery key, so a receiver sees at least one copy and can drop the others.
 *
 * No receiver can hold up the rest: at most `perReceiver` sends to one receiver and `perSite`
 * sends of one site are in flight at once, out of `concurrency`, and each send is cut off after
 * `attemptTimeoutMs`. Sends never run on a request: the lead's request only commits the rows
 * and wakes the worker.
 */

/** Timers the worker uses (tests drive their own). */
export interface WorkerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How the worker is set up. */
export interface DeliveryWorkerOptions {
  db: Kysely<Database>;
  /** The tenant of a site id (undefined once its file is gone). */
  tenantOf(siteId: number): HostedTenant | undefined;
  email: EmailSender;
  webhook: WebhookSender;
  /** A webhook's signing secret by the environment variable name its route gives. */
  secretOf(envName: string): string | undefined;
  /** Where a webhook goes instead of its route's URL (the local receiver of `npm start`). */
  webhookUrlFor?: (target: WebhookTarget) => string;
  /** The sender address of a tenant's lead emails. */
  emailFrom(tenant: HostedTenant): string;
  /** Scheduling clock (default: the real time). */
  now?: () => Date;
  /** The webhook-timestamp clock: receivers check it against their own time, so it is always real. */
  wallClock?: () => Date;
  timers?: WorkerTimers;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** Sends in flight at once (default 16). */
  concurrency?: number;
  /** Sends of one site in flight at once (default 8). */
  perSite?: number;
  /** Sends to one receiver (one webhook URL, or the SMTP relay) in flight at once (default 4). */
  perReceiver?: number;
  /** A send with no answer after this long counts as failed (default 10 s). */
  attemptTimeoutMs?: number;
  /** The wait after a first failure (default 30 s; doubles per failure). */
  firstRetryMs?: number;
  /** Polling interval for deliveries other instances queued or that came due (default 1 s; 0: only wake() and poll()). */
  pollMs?: number;
  log?: (line: string) => void;
}

/** A running delivery worker. */
export interface DeliveryWorker {
  /** Claims due deliveries up to the limits and starts sending them; answers how many it started. */
  poll(): Promise<number>;
  /** A lead's deliveries were committed: poll now. */
  wake(): void;
  /** Resolves once no send is in flight. */
  idle(): Promise<void>;
  /** Sends in flight. */
  inFlight(): number;
  /** Stops polling, cuts off sends in flight (they are tried again at once on the next start) and waits for their records. */
  close(): Promise<void>;
}

type DeliveryRow = Awaited<ReturnType<typeof claimOne>>;

/** What a claim returns. */
async function claimOne(db: Kysely<Database>, now: Date, leaseUntil: Date, busySites: number[], busyReceivers: string[]) {
  let due = db
    .selectFrom('lead_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]));
  if (busySites.length > 0) due = due.where('site_id', 'not in', busySites);
  if (busyReceivers.length > 0) due = due.where(receiverKeySql, 'not in', busyReceivers);
  return db
    .updateTable('lead_deliveries')
    .set({ claimed_until: leaseUntil, attempts: sql<number>`attempts + 1` })
    // "= (one row)", not "in (…)": PostgreSQL runs a scalar subquery once, while with the table's
    // statistics it may turn "in" into a semi-join that runs the subquery again for each due row,
    // each time finding the next unclaimed one, and so claims several deliveries of which only the
    // first is returned and sent (the others waited for their claim to lapse).
    .where('id', '=', due.orderBy('next_attempt_at').orderBy('id').limit(1).forUpdate().skipLocked())
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** The receiver a delivery goes to, in SQL and in JS alike: the SMTP relay, or the webhook's URL. */
const receiverKeySql = sql<string>`(case when channel = 'email' then 'email' else 'webhook ' || (target->>'url') end)`;
function receiverKey(row: { channel: string; target: Record<string, unknown> }): string {
  return row.channel === 'email' ? 'email' : `webhook ${String(row.target.url)}`;
}

/** Raised into a send's signal when the server shuts down mid-send. */
class ShutdownError extends Error {
  override name = 'AbortError';
}

/**
 * Creates (and, with pollMs > 0, starts) the delivery worker.
 * @param options database, tenants, senders, limits and clocks
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const wallClock = options.wallClock ?? (() => new Date());
  const timers: WorkerTimers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 16;
  const perSite = options.perSite ?? 8;
  const perReceiver = options.perReceiver ?? 4;
  const timeoutMs = options.attemptTimeoutMs ?? 10_000;
  const firstRetryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
  const pollMs = options.pollMs ?? 1000;
  const log = options.log ?? ((line: string) => console.error(line));

  const inFlight = new Map<number, { site: number; receiver: string; abort: AbortController; done: Promise<void> }>();
  let closed = false;
  let polling: Promise<number> | null = null;
  let again = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  const isBusy = () => inFlight.size > 0 || polling !== null;
  const countBy = (key: 'site' | 'receiver') => {
    const counts = new Map<number | string, number>();
    for (const f of inFlight.values()) counts.set(f[key], (counts.get(f[key]) ?? 0) + 1);
    return counts;
  };

  async function send(row: NonNullable<DeliveryRow>, tenant: HostedTenant, signal: AbortSignal): Promise<SendOutcome> {
    const host = new URL(tenant.config.siteUrl).hostname;
    const email = (mail: Omit<OutgoingEmail, 'from' | 'to' | 'messageId'>) =>
      options.email.send({ ...mail, from: options.emailFrom(tenant), to: (row.target as unknown as EmailTarget).to, messageId: `<${row.delivery_key}@${host}>` }, signal);
    // A notice to the dealer (a refused stock feed) carries its own email.
    if (row.message) return email({ ...row.message, replyTo: undefined });
    if (row.lead_id === null) return { ok: false, statusCode: null, error: 'the delivery has neither a lead nor a message' };
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', row.lead_id).executeTakeFirst();
    if (!lead) return { ok: false, statusCode: null, error: 'the lead no longer exists' };
    const doc = await leadDocument(db, tenant, lead);
    if (row.channel === 'email') return email(leadEmail(doc, row.target as unknown as EmailTarget, row.delivery_key));
    const target = row.target as unknown as WebhookTarget;
    const secret = options.secretOf(target.secret_env);
    if (!secret) return { ok: false, statusCode: null, error: `the signing secret is not set: set the environment variable ${target.secret_env} on the server` };
    const at = wallClock();
    return options.webhook.send({ url: options.webhookUrlFor?.(target) ?? target.url, id: row.delivery_key, secret, body: webhookBody(doc, at), timestamp: at }, signal);
  }

  async function deliver(row: NonNullable<DeliveryRow>, abort: AbortController): Promise<void> {
    const started = now();
    const tenant = options.tenantOf(row.site_id);
    const timer = timers.setTimeout(() => abort.abort(Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { name: 'TimeoutError' })), timeoutMs);
    let outcome: SendOutcome;
    try {
      outcome = tenant ? await send(row, tenant, abort.signal) : { ok: false, statusCode: null, error: 'the site is no longer configured' };
      // A send that finished while it was being cut off is judged by the cut-off.
      if (abort.signal.aborted && !outcome.ok) outcome = { ok: false, statusCode: outcome.statusCode, error: String((abort.signal.reason as Error)?.message ?? outcome.error) };
    } catch (error) {
      outcome = { ok: false, statusCode: null, error: String((error as Error)?.message ?? error).slice(0, 500) };
    } finally {
      timers.clearTimeout(timer);
    }
    const shutdown = !outcome.ok && abort.signal.reason instanceof ShutdownError;
    const finished = now();
    const maxAttempts = tenant?.config.leadDelivery.maxAttempts ?? 1;
    // A try cut off by a shutdown does not count against the delivery: it is due again at once.
    const attempts = shutdown ? row.attempts - 1 : row.attempts;
    const status = outcome.ok ? 'delivered' : !shutdown && (attempts >= maxAttempts || !tenant) ? 'failed' : 'pending';
    const next = status === 'pending' && !shutdown ? new Date(finished.getTime() + deliveryRetryDelayMs(attempts, random(), firstRetryMs)) : finished;
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('lead_delivery_attempts')
          .values({ delivery_id: row.id, attempted_at: started, duration_ms: Math.max(0, finished.getTime() - started.getTime()), ok: outcome.ok, status_code: outcome.statusCode, error: outcome.error })
          .execute();
        await tx
          .updateTable('lead_deliveries')
          .set({
            status,
            attempts,
            next_attempt_at: next,
            claimed_until: null,
            last_error: outcome.ok ? null : outcome.error,
            delivered_at: outcome.ok ? finished : null,
          })
          .where('id', '=', row.id)
          .execute();
      });
    } catch (error) {
      // The claim lapses and the delivery is tried again: at least once, never lost.
      log(`[lead delivery] could not record try ${row.attempts} of delivery ${row.delivery_key}: ${(error as Error).message}`);
    }
    if (status === 'failed') log(`[lead delivery] ${row.channel} delivery ${row.delivery_key} of lead ${row.lead_id} failed for good after ${attempts} tries: ${outcome.error}`);
  }

  async function pollOnce(): Promise<number> {
    let started = 0;
    for (;;) {
      // `closed` changes while a claim is awaited (close() during a poll).
      if (closed || inFlight.size >= concurrency) break;
      const sites = countBy('site');
      const receivers = countBy('receiver');
      const at = now();
      const row = await claimOne(
        db,
        at,
        new Date(at.getTime() + timeoutMs * 2),
        [...sites].filter(([, n]) => n >= perSite).map(([k]) => k as number),
        [...receivers].filter(([, n]) => n >= perReceiver).map(([k]) => k as string),
      );
      if (!row) break;
      const abort = new AbortController();
      const entry = { site: row.site_id, receiver: receiverKey(row), abort, done: Promise.resolve() };
      inFlight.set(row.id, entry);
      entry.done = deliver(row, abort).finally(() => {
        inFlight.delete(row.id);
        // A freed slot may let a delivery through that the limits held back.
        if (!closed) worker.wake();
      });
      started++;
    }
    return started;
  }

  const worker: DeliveryWorker = {
    poll() {
      if (polling) {
        again = true;
        return polling;
      }
      polling = pollOnce()
        .catch((error: unknown) => {
          if (!closed) log(`[lead delivery] polling failed: ${(error as Error).message}`);
          return 0;
        })
        .finally(() => {
          polling = null;
          if (again && !closed) {
            again = false;
            void worker.poll();
          }
        });
      return polling;
    },
    wake() {
      if (!closed) void worker.poll();
    },
    async idle() {
      while (isBusy()) {
        await Promise.allSettled([...[...inFlight.values()].map((f) => f.done), polling]);
      }
    },
    inFlight: () => inFlight.size,
    async close() {
      closed = true;
      if (pollTimer) clearTimeout(pollTimer);
      // A claim under way may still start a send: wait for it, then cut off every send.
      await Promise.allSettled([polling]);
      for (const f of inFlight.values()) f.abort.abort(new ShutdownError('stopped: the server shut down before the receiver answered'));
      await Promise.allSettled([...inFlight.values()].map((f) => f.done));
    },
  };

  if (pollMs > 0) {
    const tick = () => {
      if (closed) return;
      void worker.poll().finally(() => {
        if (!closed) {
          pollTimer = setTimeout(tick, pollMs);
          pollTimer.unref();
        }
      });
    };
    tick();
  }
  return worker;
}
