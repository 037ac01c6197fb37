import type { LeadResponse } from '../../../../schema/api/lead.ts';
import { dueEntries, outboxOutcome, parseOutbox, retryDelayMs, type OutboxEntry } from '../../domain/lead-outbox.ts';
import { refusalOfBody, type Refusal } from '../../domain/form-failure.ts';

/*
 * Leads are never lost: every submission is written to the device's outbox with a
 * client-generated id before it is sent, sent with that id as its Idempotency-Key, and removed
 * only when the server confirms it. A submission that gets no answer (offline, dropped
 * connection) or a retryable one (503 failed write, 429, 5xx) stays and is resent — when the
 * browser comes back online, on a timer with backoff, and on the next page load — with the same
 * key, so the server stores it once however many times it arrives.
 */

/** What a send came to. */
export type SendResult =
  | { kind: 'sent'; answer: LeadResponse; body: unknown }
  | { kind: 'queued'; id: string }
  | ({ kind: 'refused' } & Refusal);

/** Storage key of a site's outbox (the page frame's LeadTracker checks it without loading this module). */
export function outboxKey(tenantSlug: string): string {
  return `forecourt:${tenantSlug}:lead-outbox`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const memory = new Map<string, OutboxEntry[]>();

/** The outbox of a site as stored now. */
export function readOutbox(tenantSlug: string): OutboxEntry[] {
  const store = storage();
  if (!store) return memory.get(tenantSlug) ?? [];
  try {
    return parseOutbox(JSON.parse(store.getItem(outboxKey(tenantSlug)) ?? '[]'), Date.now());
  } catch {
    return [];
  }
}

function writeOutbox(tenantSlug: string, entries: OutboxEntry[]) {
  memory.set(tenantSlug, entries);
  const store = storage();
  try {
    if (entries.length === 0) store?.removeItem(outboxKey(tenantSlug));
    else store?.setItem(outboxKey(tenantSlug), JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the in-memory copy still retries while the page is open.
  }
}

function update(tenantSlug: string, change: (entries: OutboxEntry[]) => OutboxEntry[]) {
  writeOutbox(tenantSlug, change(readOutbox(tenantSlug)));
}

type Listener = (result: SendResult) => void;
const listeners = new Map<string, Set<Listener>>();

/**
 * Calls `listener` once the queued submission `id` is confirmed (or refused) by a later resend.
 * @returns unsubscribe
 */
export function onOutboxSettled(id: string, listener: Listener): () => void {
  const set = listeners.get(id) ?? new Set();
  set.add(listener);
  listeners.set(id, set);
  return () => set.delete(listener);
}

function settle(id: string, result: SendResult) {
  for (const listener of listeners.get(id) ?? []) listener(result);
  listeners.delete(id);
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `lead-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Ids being sent right now: a timer or another flush never sends the same submission twice at once. */
const inFlight = new Set<string>();

async function attempt(tenantSlug: string, entry: OutboxEntry): Promise<SendResult> {
  if (inFlight.has(entry.id)) return { kind: 'queued', id: entry.id };
  inFlight.add(entry.id);
  try {
    return await attemptOnce(tenantSlug, entry);
  } finally {
    inFlight.delete(entry.id);
  }
}

let leadSchemas: Promise<typeof import('../../../../schema/api/lead.ts') | null> | null = null;

/**
 * The lead schemas (and zod, ~26 KB gzip), imported once when a form is first worked in or sent,
 * not with the page: a page with a form hydrates without them. An import that fails (offline)
 * answers null and is tried again next time; the outbox then keeps the answer unparsed (as for
 * endpoints with their own shape) and the form leaves the payload's check to the server.
 */
export function loadLeadSchemas(): Promise<typeof import('../../../../schema/api/lead.ts') | null> {
  return (leadSchemas ??= import('../../../../schema/api/lead.ts').catch(() => {
    leadSchemas = null;
    return null;
  }));
}

/** One POST of a submission with its key: the status (0 without an answer), Retry-After and body. */
async function post(path: string, payload: unknown, key: string): Promise<{ status: number; retryAfter: number | null; body: unknown }> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(payload),
    });
    return { status: response.status, retryAfter: Number(response.headers.get('retry-after')) || null, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, retryAfter: null, body: null }; // no answer: offline, or the connection dropped mid-request
  }
}

/** A confirmed send's result; endpoints other than /api/leads (reservations) answer their own shape, kept as `body`. */
async function sentResult(schemas: ReturnType<typeof loadLeadSchemas>, body: unknown): Promise<SendResult> {
  const parsed = (await schemas)?.LeadResponseSchema.safeParse(body) ?? { success: false as const };
  return parsed.success ? { kind: 'sent', answer: parsed.data, body } : { kind: 'sent', answer: { success: true, lead_id: null, lead_status: 'Complete' }, body };
}

/**
 * A refusal's result: the words the server wrote for the shopper (`message`; never the `error`
 * summary, which is for programs) and the fields it named.
 */
function refusedResult(status: number, body: unknown): SendResult {
  return { kind: 'refused', ...refusalOfBody(status, body) };
}

async function attemptOnce(tenantSlug: string, entry: OutboxEntry): Promise<SendResult> {
  const schemas = loadLeadSchemas();
  const { status, retryAfter, body } = await post(entry.path, entry.body, entry.id);
  const outcome = outboxOutcome(status, retryAfter);
  if (outcome === 'sent') {
    update(tenantSlug, (entries) => entries.filter((e) => e.id !== entry.id));
    const result = await sentResult(schemas, body);
    settle(entry.id, result);
    return result;
  }
  if (outcome === 'refused') {
    update(tenantSlug, (entries) => entries.filter((e) => e.id !== entry.id));
    const result = refusedResult(status, body);
    settle(entry.id, result);
    return result;
  }
  const attempts = entry.attempts + 1;
  update(tenantSlug, (entries) =>
    entries.map((e) => (e.id === entry.id ? { ...e, attempts, nextAttemptAt: Date.now() + retryDelayMs(attempts, retryAfter) } : e)),
  );
  schedule(tenantSlug);
  return { kind: 'queued', id: entry.id };
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
const flushing = new Set<string>();

function schedule(tenantSlug: string) {
  if (typeof window === 'undefined') return;
  const entries = readOutbox(tenantSlug).filter((e) => !inFlight.has(e.id));
  clearTimeout(timers.get(tenantSlug));
  if (entries.length === 0) return;
  const next = Math.min(...entries.map((e) => e.nextAttemptAt));
  timers.set(
    tenantSlug,
    setTimeout(() => void flushOutbox(tenantSlug), Math.max(0, next - Date.now())),
  );
}

/**
 * Resends every due submission of the outbox, oldest first, one at a time.
 * @param tenantSlug the site
 * @param force resend now whatever the backoff (the browser just came back online)
 */
export async function flushOutbox(tenantSlug: string, force = false): Promise<void> {
  if (flushing.has(tenantSlug)) return;
  flushing.add(tenantSlug);
  try {
    const now = force ? Number.POSITIVE_INFINITY : Date.now();
    const entries = readOutbox(tenantSlug);
    const due = (force ? entries.slice().sort((a, b) => a.createdAt - b.createdAt) : dueEntries(entries, now)).filter((e) => !inFlight.has(e.id));
    for (const entry of due) {
      const result = await attempt(tenantSlug, entry);
      if (result.kind === 'queued') break; // still no way through: wait for the next chance
    }
  } finally {
    flushing.delete(tenantSlug);
    schedule(tenantSlug);
  }
}

const watching = new Set<string>();

/** Resends the outbox now and whenever the browser comes back online (once per site and page). */
export function watchOutbox(tenantSlug: string) {
  if (typeof window === 'undefined' || watching.has(tenantSlug)) return;
  watching.add(tenantSlug);
  window.addEventListener('online', () => void flushOutbox(tenantSlug, true));
  void flushOutbox(tenantSlug);
}

/**
 * Sends a lead through the outbox: kept on the device first, removed once the server confirms.
 * @param tenantSlug the site
 * @param path the lead endpoint (/api/leads…)
 * @param body the payload
 */
export async function sendLead(tenantSlug: string, path: string, body: Record<string, unknown>): Promise<SendResult> {
  watchOutbox(tenantSlug);
  const now = Date.now();
  const entry: OutboxEntry = { id: newId(), path, body, createdAt: now, attempts: 0, nextAttemptAt: now };
  update(tenantSlug, (entries) => [...entries, entry]);
  return attempt(tenantSlug, entry);
}

/**
 * Sends a submission once and keeps it nowhere on the device (a credit check's date of birth and
 * licence number must not sit in the browser's storage): without an answer, or with one to try
 * again later, it is refused with `notSent` as its message and the shopper sends it again.
 * @param path the endpoint
 * @param body the payload
 * @param notSent the message when it could not be sent
 */
export async function sendWithoutKeeping(path: string, body: Record<string, unknown>, notSent: string): Promise<SendResult> {
  const schemas = loadLeadSchemas();
  const answer = await post(path, body, newId());
  const outcome = outboxOutcome(answer.status, answer.retryAfter);
  if (outcome === 'sent') return sentResult(schemas, answer.body);
  if (outcome === 'refused') return refusedResult(answer.status, answer.body);
  return { kind: 'refused', status: answer.status, message: notSent, fields: [] };
}
