import crypto from 'node:crypto';
import type { EmailSender } from '../lead-delivery/senders.ts';
import type { HostedTenant } from '../tenants.ts';
import type { AccountEmail } from './account-emails.ts';

/*
 * Sends account emails (confirmation links, password resets) through the same mail transport as
 * lead emails: the SMTP relay, or the local mailbox when none is set. A send never runs on the
 * request: the request only queues it, so an address with an account and one without answer
 * in the same time. A failed send is tried twice more; the shopper can also ask for the email
 * again from the page. Nothing is lost that matters on a crash: the link's row is in the
 * database and asking again sends a new one.
 */

/** Queues account emails. */
export interface AccountMailer {
  send(tenant: HostedTenant, mail: AccountEmail): void;
  /** Resolves once every queued email was sent or given up. */
  idle(): Promise<void>;
}

const TRIES = 3;
const TIMEOUT_MS = 10_000;
const RETRY_MS = 5_000;

/**
 * An account mailer over the platform's email transport.
 * @param transport the mail transport lead emails use
 * @param from the sender address of a tenant's emails
 * @param log where a send that failed for good is reported
 */
export function createAccountMailer(transport: EmailSender, from: (tenant: HostedTenant) => string, log: (line: string) => void): AccountMailer {
  const pending = new Set<Promise<void>>();
  const attempt = async (tenant: HostedTenant, mail: AccountEmail): Promise<void> => {
    const host = new URL(tenant.config.siteUrl).hostname;
    const message = { subject: mail.subject, text: mail.text, html: mail.html, replyTo: undefined, from: from(tenant), to: [mail.to], messageId: `<account-${crypto.randomUUID()}@${host}>` };
    let error = '';
    for (let i = 0; i < TRIES; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * i).unref());
      const outcome = await transport.send(message, AbortSignal.timeout(TIMEOUT_MS));
      if (outcome.ok) return;
      error = outcome.error ?? `reply ${outcome.statusCode}`;
    }
    log(`[accounts] ${tenant.slug}: an account email could not be sent (${error})`);
  };
  return {
    send(tenant, mail) {
      const sending = attempt(tenant, mail).catch((e: unknown) => log(`[accounts] ${tenant.slug}: ${String(e)}`));
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
