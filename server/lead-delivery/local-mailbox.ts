import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { esc, shell } from '../http/pages.ts';
import type { WebhookTarget } from './routing.ts';
import { newWebhookSecret } from './senders.ts';

/*
 * What a newcomer watches leads arrive in when the platform runs on their computer without a
 * mail relay (no SMTP_URL): an SMTP server (smtp-server) on 127.0.0.1 that keeps what it is
 * sent, and a webhook receiver on 127.0.0.1 that checks each request's signature with the
 * Standard Webhooks library, as a dealer's CRM would. Both are listed on local-only pages of the
 * bare localhost origin (/mailbox, /webhooks), never on a dealer's host. Webhook signing secrets
 * that no environment variable sets are made up here for the run, and shared with the receiver.
 */

/** One email the local SMTP server accepted. */
export interface LocalMail {
  id: number;
  receivedAt: Date;
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  messageId: string;
  html: string;
  text: string;
  /** The message as received (RFC 5322 source). */
  raw: string;
}

/** One webhook request the local receiver took. */
export interface LocalWebhook {
  id: number;
  receivedAt: Date;
  /** The URL the tenant's route names (the request came here instead). */
  intendedUrl: string;
  webhookId: string;
  verified: boolean;
  /** Why the signature did not verify. */
  problem: string | null;
  /** How many times this webhook id arrived before (a repeat is the same lead again). */
  repeatOf: number | null;
  body: unknown;
}

/** The running local mailbox and webhook receiver. */
export interface LocalMailbox {
  /** SMTP URL of the local server (for nodemailer). */
  smtpUrl: string;
  /** Where a webhook goes instead of its route's URL. */
  webhookUrlFor(target: WebhookTarget): string;
  /** The signing secret of an environment variable name: its value, or one made up for this run. */
  secretOf(envName: string): string;
  mails(): readonly LocalMail[];
  webhooks(): readonly LocalWebhook[];
  /** Answers the local pages (/mailbox, /webhooks …); false when the path is not one of them. */
  handlePage(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
  close(): Promise<void>;
}

/** Messages and webhook requests kept (the oldest go first). */
const KEEP = 500;
/** Largest email or webhook body taken. */
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Starts the local SMTP server and webhook receiver on 127.0.0.1 (free ports).
 * @param env where secrets are read first (process.env)
 */
export async function startLocalMailbox(env: NodeJS.ProcessEnv = process.env): Promise<LocalMailbox> {
  const mails: LocalMail[] = [];
  const hooks: LocalWebhook[] = [];
  const seen = new Map<string, number>();
  const secrets = new Map<string, string>();
  let nextMail = 1;
  let nextHook = 1;
  const secretOf = (name: string) => {
    const set = env[name];
    if (set) return set;
    let made = secrets.get(name);
    if (!made) secrets.set(name, (made = newWebhookSecret()));
    return made;
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Forecourt local mailbox (nothing leaves this computer)',
    size: MAX_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const receivedAt = new Date();
        // mailparser (with its character sets and link finder, a few hundred ms to load) is
        // loaded with the first mail, not at every start.
        import('mailparser')
          .then(({ simpleParser }) => simpleParser(raw))
          .then((parsed) => {
            const addresses = (a: typeof parsed.to) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? ''));
            mails.unshift({
              id: nextMail++,
              receivedAt,
              from: parsed.from?.text ?? '',
              to: addresses(parsed.to),
              replyTo: parsed.replyTo?.text ?? '',
              subject: parsed.subject ?? '',
              messageId: parsed.messageId ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              raw: raw.toString('utf8'),
            });
            mails.length = Math.min(mails.length, KEEP);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  smtp.on('error', () => {});
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (req.method !== 'POST' || size > MAX_BYTES) {
        res.writeHead(size > MAX_BYTES ? 413 : 405).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const envName = url.pathname.slice(1);
      const payload = Buffer.concat(chunks).toString('utf8');
      const webhookId = String(req.headers['webhook-id'] ?? '');
      let verified = false;
      let problem: string | null = null;
      let body: unknown = null;
      try {
        body = new Webhook(secretOf(envName)).verify(payload, req.headers as Record<string, string>);
        verified = true;
      } catch (error) {
        problem = (error as Error).message;
        try {
          body = JSON.parse(payload);
        } catch {
          body = payload.slice(0, 2000);
        }
      }
      const before = seen.get(webhookId);
      hooks.unshift({ id: nextHook++, receivedAt: new Date(), intendedUrl: url.searchParams.get('for') ?? '', webhookId, verified, problem, repeatOf: before ?? null, body });
      hooks.length = Math.min(hooks.length, KEEP);
      if (verified) seen.set(webhookId, (before ?? 0) + 1);
      // As a CRM would: a valid request is taken (again, for a repeat: the sender may not have heard the first answer).
      res.writeHead(verified ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(0, '127.0.0.1', () => resolve());
  });
  const receiverPort = (receiver.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webhookUrlFor: (target) => `http://127.0.0.1:${receiverPort}/${encodeURIComponent(target.secret_env)}?for=${encodeURIComponent(target.url)}`,
    secretOf,
    mails: () => mails,
    webhooks: () => hooks,
    handlePage: (req, res, pathname) => localPage(req, res, pathname, mails, hooks),
    async close() {
      receiver.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), new Promise<void>((resolve) => receiver.close(() => resolve()))]);
    },
  };
}

const time = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

const NAV = '<nav aria-label="Local tools"><p><a href="/">Dealer sites</a> · <a href="/mailbox">Local mailbox</a> · <a href="/webhooks">Local webhook receiver</a></p></nav>';

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  html: string,
  csp = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' http: data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
): true {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(req.method === 'HEAD' ? undefined : html);
  return true;
}

function localPage(req: IncomingMessage, res: ServerResponse, pathname: string, mails: readonly LocalMail[], hooks: readonly LocalWebhook[]): boolean {
  if (pathname === '/mailbox') {
    const rows = mails.map((m) => `<tr><td>${esc(time(m.receivedAt))}</td><td>${esc(m.to.join(', '))}</td><td><a href="/mailbox/${m.id}">${esc(m.subject || '(no subject)')}</a></td></tr>`).join('');
    return send(
      req,
      res,
      200,
      shell(
        'Local mailbox',
        `${NAV}<h1>Local mailbox</h1><p>The emails the dealer sites sent while running on this computer (leads, shoppers' account emails and receipts, refused stock feeds), newest first. Nothing leaves this computer: set <code>SMTP_URL</code> to send through a real mail server. <a href="/mailbox">Refresh</a></p>${
          mails.length === 0
            ? '<p>No emails yet. Send an enquiry on one of the dealer sites and refresh this page.</p>'
            : `<table><caption>${mails.length} email${mails.length === 1 ? '' : 's'}</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        }`,
      ),
    );
  }
  // For tools and browser tests on this machine: the list as JSON, and each message as received
  // (read with a mail parser, as a mail client would).
  if (pathname === '/mailbox/messages.json') {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(mails.map((m) => ({ id: m.id, receivedAt: m.receivedAt.toISOString(), to: m.to, subject: m.subject }))));
    return true;
  }
  const raw = /^\/mailbox\/(\d{1,9})\/raw$/.exec(pathname);
  if (raw) {
    const m = mails.find((x) => x.id === Number(raw[1]));
    res.writeHead(m ? 200 : 404, { 'Content-Type': 'message/rfc822', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Disposition': 'attachment' });
    res.end(req.method === 'HEAD' || !m ? undefined : m.raw);
    return true;
  }
  const mail = /^\/mailbox\/(\d{1,9})(\/html)?$/.exec(pathname);
  if (mail) {
    const m = mails.find((x) => x.id === Number(mail[1]));
    if (!m) return send(req, res, 404, shell('Email not found', `${NAV}<h1>Email not found</h1><p>The local mailbox keeps the last ${KEEP} emails of this run.</p>`));
    // The email's own HTML, as a mail client would show it: no scripts, no forms (sandboxed).
    if (mail[2]) return send(req, res, 200, m.html, "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' http: data:; frame-ancestors 'self'");
    const facts: [string, string][] = [
      ['Received', time(m.receivedAt)],
      ['From', m.from],
      ['To', m.to.join(', ')],
      ['Reply to', m.replyTo],
      ['Message id', m.messageId],
    ];
    return send(
      req,
      res,
      200,
      shell(
        m.subject,
        `${NAV}<h1>${esc(m.subject)}</h1><dl>${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>
<h2>As the dealer reads it</h2><iframe src="/mailbox/${m.id}/html" title="The email's readable summary" style="width:100%;height:640px;border:1px solid #dde1e6;background:#fff"></iframe>
<h2>Plain-text part${m.text.trimStart().startsWith('<?xml') ? ' (the ADF document a dealer CRM reads)' : ''}</h2><pre style="white-space:pre-wrap;background:#fff;border:1px solid #dde1e6;padding:12px;overflow:auto">${esc(m.text)}</pre>`,
      ),
    );
  }
  if (pathname === '/webhooks') {
    const rows = hooks
      .map((h) => {
        const data = (h.body as { data?: { id?: number; name?: string; form?: string } } | null)?.data;
        return `<tr><td>${esc(time(h.receivedAt))}</td><td><a href="/webhooks/${h.id}"><code>${esc(h.webhookId || '(none)')}</code></a></td><td>${h.verified ? 'Valid' : `Not valid: ${esc(h.problem ?? '')}`}${h.repeatOf ? ` (repeat ${h.repeatOf})` : ''}</td><td>${esc(data ? `Lead ${data.id ?? '?'} · ${data.name ?? ''} · ${data.form ?? ''}` : '')}</td><td><code>${esc(h.intendedUrl)}</code></td></tr>`;
      })
      .join('');
    return send(
      req,
      res,
      200,
      shell(
        'Local webhook receiver',
        `${NAV}<h1>Local webhook receiver</h1><p>The signed lead webhooks the dealer sites sent while running on this computer, newest first, each checked with the Standard Webhooks library as a dealer's CRM would check it. While no <code>SMTP_URL</code> is set, webhooks come here instead of the web address in the tenant file. <a href="/webhooks">Refresh</a></p>${
          hooks.length === 0
            ? '<p>No webhooks yet. Send an enquiry on a dealer site whose lead routes have a webhook, and refresh this page.</p>'
            : `<table><caption>${hooks.length} request${hooks.length === 1 ? '' : 's'}</caption><thead><tr><th scope="col">Received</th><th scope="col">Webhook id</th><th scope="col">Signature</th><th scope="col">Lead</th><th scope="col">Meant for</th></tr></thead><tbody>${rows}</tbody></table>`
        }`,
      ),
    );
  }
  const hook = /^\/webhooks\/(\d{1,9})$/.exec(pathname);
  if (hook) {
    const h = hooks.find((x) => x.id === Number(hook[1]));
    if (!h) return send(req, res, 404, shell('Webhook not found', `${NAV}<h1>Webhook not found</h1><p>The receiver keeps the last ${KEEP} requests of this run.</p>`));
    return send(
      req,
      res,
      200,
      shell(
        `Webhook ${h.webhookId}`,
        `${NAV}<h1>Webhook <code>${esc(h.webhookId)}</code></h1><p>Received ${esc(time(h.receivedAt))}; signature ${h.verified ? 'valid' : `not valid: ${esc(h.problem ?? '')}`}; meant for <code>${esc(h.intendedUrl)}</code>.</p><h2>Body</h2><pre style="white-space:pre-wrap;background:#fff;border:1px solid #dde1e6;padding:12px;overflow:auto">${esc(JSON.stringify(h.body, null, 2))}</pre>`,
      ),
    );
  }
  return false;
}
