import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, test } from 'vitest';
import { startChildServer } from '../test-support/child-server.ts';
import { request } from '../local-client.ts';
import { freshDataDir } from '../test-support/data-dir.ts';
import { routedTenantsDir } from '../test-support/lead-routing.ts';
import { newWebhookSecret } from './senders.ts';

/*
 * kill -9 with deliveries pending: the server (a child process) is killed while its sends to a
 * CRM that does not answer are in flight and others wait; after a restart every lead reaches the
 * CRM and the mailbox, and every lead reaches the CRM under one webhook id only (a repeat carries
 * the same id, so the CRM can drop it).
 */

const host = (port: number) => `alpha-motors.localhost:${port}`;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function startChild(dataDir: string, tenantsDir: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const started = await startChildServer('delivery-server.ts', [dataDir, tenantsDir], env);
  cleanup.push(() => {
    if (started.child.exitCode === null) started.child.kill('SIGKILL');
  });
  return started;
}

test('kill -9 with deliveries pending: after a restart every lead is delivered, each under one id', async () => {
  // The dealer's mail relay: keeps each message's Message-ID and subject.
  const mails: { messageId: string; subject: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _s, done) {
      simpleParser(stream).then((m) => {
        mails.push({ messageId: m.messageId ?? '', subject: m.subject ?? '' });
        done();
      }, done);
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  // The killed server's open connections are reset: expected here, not a failure of the relay.
  smtp.on('error', () => {});
  cleanup.push(() => new Promise<void>((r) => smtp.close(() => r())));

  // The dealer's CRM: verifies each request; holds them unanswered until `answering`.
  const secret = newWebhookSecret();
  const hooks: { id: string; leadId: number }[] = [];
  let answering = false;
  const held: http.ServerResponse[] = [];
  const crm = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as { data: { id: number } };
      hooks.push({ id: String(req.headers['webhook-id']), leadId: body.data.id });
      if (answering) res.writeHead(200).end('{}');
      else held.push(res);
    });
  });
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', () => r()));
  cleanup.push(() => {
    crm.closeAllConnections();
    return new Promise<void>((r) => crm.close(() => r()));
  });

  const tenantsDir = routedTenantsDir({ alphaWebhook: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`, betaWebhook: 'https://crm.betacaravans.example.com.au/leads' });
  const dataDir = freshDataDir('fc-delivery-crash-');
  cleanup.push(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(tenantsDir, { recursive: true, force: true });
  });
  const env = { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, ALPHA_CRM_WEBHOOK_SECRET: secret, BETA_CRM_WEBHOOK_SECRET: newWebhookSecret() };

  const first = await startChild(dataDir, tenantsDir, env);
  const LEADS = 12;
  const leadIds: number[] = [];
  for (let i = 0; i < LEADS; i++) {
    const r = await request(first.port, host(first.port), '/api/leads', {
      body: { form: 'enquiry', category: 'General Enquiry', name: `Crash${i}`, email: `crash${i}@example.com`, postcode: '4000', message: `crash test ${i}` },
    });
    expect(r.status).toBe(201);
    leadIds.push(r.json.lead_id as number);
  }
  // Sends are in flight to the CRM (which holds them) when the server dies.
  await expect.poll(() => hooks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const killed = new Promise((r) => first.child.once('exit', r));
  first.child.kill('SIGKILL');
  await killed;
  expect(new Set(hooks.map((h) => h.leadId)).size).toBeLessThan(LEADS);
  for (const res of held) res.destroy();
  answering = true;

  const second = await startChild(dataDir, tenantsDir, env);
  // Every lead reaches the CRM and the mailbox (claims of the killed server lapse after its lease).
  await expect.poll(() => new Set(hooks.map((h) => h.leadId)).size, { timeout: 60_000 }).toBe(LEADS);
  await expect.poll(() => new Set(mails.filter((m) => /^General Enquiry from Crash\d+$/.test(m.subject)).map((m) => m.subject)).size, { timeout: 60_000 }).toBe(LEADS);
  expect(new Set(hooks.map((h) => h.leadId))).toEqual(new Set(leadIds));
  // One webhook id per lead, however often it was sent: a repeat is never a new id.
  const idsPerLead = new Map<number, Set<string>>();
  for (const h of hooks) idsPerLead.set(h.leadId, (idsPerLead.get(h.leadId) ?? new Set()).add(h.id));
  expect([...idsPerLead.values()].map((ids) => ids.size)).toEqual(Array.from({ length: LEADS }, () => 1));
  // The same for the emails: one Message-ID per lead.
  const messageIds = new Map<string, Set<string>>();
  for (const m of mails) messageIds.set(m.subject, (messageIds.get(m.subject) ?? new Set()).add(m.messageId));
  expect([...messageIds.values()].every((ids) => ids.size === 1)).toBe(true);

  const exited = new Promise((r) => second.child.once('exit', r));
  second.child.kill('SIGTERM');
  await exited;
}, 300_000);
