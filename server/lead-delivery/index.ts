import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { HostedTenant } from '../tenants.ts';
import { startLocalMailbox, type LocalMailbox } from './local-mailbox.ts';
import { httpWebhookSender, smtpSender, type EmailSender } from './senders.ts';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './worker.ts';

/*
 * Lead delivery as the server runs it. With SMTP_URL set, lead emails go through that relay and
 * webhooks to the URLs of the tenants' routes. Without it (a newcomer's `npm start`, the tests),
 * nothing leaves the computer: emails go to the local mailbox and webhooks to the local receiver,
 * both listed at http://localhost:<port>/mailbox and /webhooks.
 */

/** Lead delivery settings of startServer. */
export interface LeadDeliveryOptions extends Pick<DeliveryWorkerOptions, 'now' | 'timers' | 'random' | 'concurrency' | 'perSite' | 'perReceiver' | 'attemptTimeoutMs' | 'firstRetryMs' | 'pollMs'> {
  /** SMTP relay (default SMTP_URL); without one, the local mailbox and webhook receiver catch everything. */
  smtpUrl?: string;
  /** Run the worker (default true; tests that drive their own worker turn it off). */
  worker?: boolean;
  /** Sender address of lead emails (default LEAD_EMAIL_FROM, else "<site name> website" <leads@<site's domain>>). */
  emailFrom?: string;
}

/** Lead delivery while the server runs. */
export interface LeadDelivery {
  worker: DeliveryWorker | null;
  /** The local mailbox and webhook receiver, when no SMTP relay is set. */
  mailbox: LocalMailbox | null;
  /** The SMTP URL lead emails go to. */
  smtpUrl: string;
  /** The one mail transport (the relay, or the local mailbox): lead emails and account emails both go through it. */
  email: EmailSender;
  /** The sender address of a tenant's emails. */
  emailFrom(tenant: HostedTenant): string;
  close(): Promise<void>;
}

/** An email to a shopper. */
export interface ShopperEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the shopper's reply goes (the dealership), when known. */
  replyTo?: string | undefined;
}

/** The default sender of a tenant's lead emails: its own domain, so replies and filters make sense to the dealer. */
function defaultFrom(tenant: HostedTenant): string {
  const domain = new URL(tenant.config.siteUrl).hostname.replace(/^www\./, '');
  return `"${tenant.config.name.replace(/["\\]/g, '')} website" <leads@${domain}>`;
}

/**
 * Starts lead delivery: the local mailbox when there is no relay, and the worker.
 * @param db database
 * @param tenantOf the tenant of a site id
 * @param options relay, worker limits and clocks
 * @param env environment (SMTP_URL, LEAD_EMAIL_FROM, webhook secrets)
 */
export async function startLeadDelivery(db: Kysely<Database>, tenantOf: (siteId: number) => HostedTenant | undefined, options: LeadDeliveryOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<LeadDelivery> {
  const relay = options.smtpUrl ?? env.SMTP_URL;
  const mailbox = relay ? null : await startLocalMailbox(env);
  const smtpUrl = relay ?? (mailbox as LocalMailbox).smtpUrl;
  const timeout = options.attemptTimeoutMs ?? 10_000;
  const email = smtpSender(smtpUrl, timeout);
  const from = options.emailFrom ?? env.LEAD_EMAIL_FROM;
  const emailFrom = (tenant: HostedTenant) => from ?? defaultFrom(tenant);
  const worker =
    options.worker === false
      ? null
      : createDeliveryWorker({
          ...options,
          db,
          tenantOf,
          email,
          webhook: httpWebhookSender(),
          secretOf: (name) => (mailbox ? mailbox.secretOf(name) : env[name]),
          webhookUrlFor: mailbox ? (target) => mailbox.webhookUrlFor(target) : undefined,
          emailFrom,
        });
  return {
    worker,
    mailbox,
    smtpUrl,
    email,
    emailFrom,
    async close() {
      await worker?.close();
      email.close();
      await mailbox?.close();
    },
  };
}
