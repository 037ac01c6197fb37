import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import type { LeadWebhook } from '../../schema/api/lead-delivery.ts';
import type { LeadDocument } from './delivered-lead.ts';
import type { LeadEmail } from './lead-email.ts';

/*
 * The two ways a lead leaves: an email through an SMTP relay (nodemailer) and a signed web
 * request (Standard Webhooks, signed by the standardwebhooks package). Each send answers what
 * happened — the receiver's status or reply code, or why there was none — and never throws, so
 * the worker records every try the same way. A send stops when its signal aborts (the worker's
 * timeout): a slow receiver costs one try, not a stuck worker.
 */

/** What one try gave. */
export interface SendOutcome {
  ok: boolean;
  /** HTTP status (webhook) or SMTP reply code (email), when the receiver answered. */
  statusCode: number | null;
  error: string | null;
}

/** An email ready to send. */
export interface OutgoingEmail extends LeadEmail {
  from: string;
  to: string[];
  messageId: string;
}

/** Sends email; the embedded mailbox and a real relay both sit behind it. */
export interface EmailSender {
  send(mail: OutgoingEmail, signal: AbortSignal): Promise<SendOutcome>;
  close(): void;
}

/** Sends signed webhooks. */
export interface WebhookSender {
  send(request: { url: string; id: string; secret: string; body: string; timestamp: Date }, signal: AbortSignal): Promise<SendOutcome>;
}

/** Why a send failed, in words a dealer's staff can act on (the error code a network failure gave, when it gave one). */
function describe(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string; message?: string }; message?: string; name?: string };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return String(e.message || 'timed out');
  const code = e?.cause?.code ?? e?.code;
  const message = e?.cause?.message ?? e?.message ?? String(error);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
}

/**
 * An email sender over SMTP (nodemailer).
 * @param smtpUrl e.g. smtp://user:pass@relay.example.com:587 or smtps://…:465
 * @param timeoutMs how long a connection, greeting or reply may take
 */
export function smtpSender(smtpUrl: string, timeoutMs: number): EmailSender {
  // Pooled: a lead's email reuses an open connection to the relay instead of a new handshake
  // each time. nodemailer reads a URL's settings from its query; those SMTP_URL gives itself win.
  const url = new URL(smtpUrl);
  const settings = { pool: 'true', maxConnections: '4', connectionTimeout: String(timeoutMs), greetingTimeout: String(timeoutMs), socketTimeout: String(timeoutMs) };
  for (const [key, value] of Object.entries(settings)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  const transport = nodemailer.createTransport(url.toString());
  // A pooled connection the relay drops is replaced on the next send; the send's own error is what counts.
  transport.on('error', () => {});
  return {
    async send(mail, signal) {
      try {
        const sent = transport.sendMail({ from: mail.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
        const aborted = new Promise<never>((_, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
        // A send the worker gave up on may still finish; its late answer is dropped.
        sent.catch(() => {});
        const info = await Promise.race([sent, aborted]);
        const code = Number(/^(\d{3})/.exec(info.response ?? '')?.[1] ?? 250);
        return { ok: true, statusCode: code, error: null };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        return { ok: false, statusCode: typeof code === 'number' ? code : null, error: describe(error) };
      }
    },
    close() {
      transport.close();
    },
  };
}

/** A webhook sender over HTTP(S) (Node's fetch); redirects are not followed (a moved receiver is a failure to fix, not to guess). */
export function httpWebhookSender(): WebhookSender {
  return {
    async send(request, signal) {
      try {
        const signature = new Webhook(request.secret).sign(request.id, request.timestamp, request.body);
        const res = await fetch(request.url, {
          method: 'POST',
          redirect: 'manual',
          signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Forecourt-Webhooks/1',
            'webhook-id': request.id,
            'webhook-timestamp': String(Math.floor(request.timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body: request.body,
        });
        // The body is not needed; reading it frees the connection.
        await res.arrayBuffer().catch(() => undefined);
        const ok = res.status >= 200 && res.status < 300;
        return { ok, statusCode: res.status, error: ok ? null : `the receiver answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}` };
      } catch (error) {
        return { ok: false, statusCode: null, error: describe(error) };
      }
    },
  };
}

/**
 * The webhook's JSON body: the Standard Webhooks envelope around the lead as delivered.
 * @param doc the lead
 * @param at when it is sent
 */
export function webhookBody(doc: LeadDocument, at: Date): string {
  const body: LeadWebhook = { type: 'lead.created', timestamp: at.toISOString(), data: doc.lead };
  return JSON.stringify(body);
}

/** A new Standard Webhooks signing secret (whsec_ and 24 random bytes in base64). */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}
