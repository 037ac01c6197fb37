import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../index.ts';
import { request } from '../local-client.ts';
import { freshDataDir } from '../test-support/data-dir.ts';
import { ROUTED, routedTenantsDir } from '../test-support/lead-routing.ts';

/*
 * What `npm start` gives a newcomer with no SMTP_URL: the server's own worker sends a lead as
 * soon as it is committed, to the local mailbox and the local webhook receiver, and both are
 * listed on pages of the bare localhost origin only.
 */

let dataDir: string;
let tenantsDir: string;
let server: RunningServer;

beforeAll(async () => {
  // The routes name real-looking CRM addresses; without SMTP_URL the webhooks come to the local receiver instead.
  tenantsDir = routedTenantsDir({ alphaWebhook: 'https://crm.alphatoyota.example.com.au/leads', betaWebhook: 'https://crm.betacaravans.example.com.au/leads' });
  dataDir = freshDataDir('fc-local-mailbox-');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 20, log: () => {}, watch: false, leadDelivery: { smtpUrl: undefined } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

test('a lead reaches the local mailbox and the local webhook receiver on its own, and the pages list them', async () => {
  const A = `alpha-motors.localhost:${server.port}`;
  const local = `localhost:${server.port}`;
  const r = await request(server.port, A, '/api/leads', {
    body: { form: 'enquiry', category: 'General Enquiry', name: 'Mia', last_name: 'Newcomer', email: 'mia@example.com', phone: '0400 111 222', postcode: '4000', message: 'Hello from the local mailbox test' },
  });
  expect(r.status).toBe(201);
  const leadId = r.json.lead_id as number;

  await expect.poll(async () => (await server.db.selectFrom('lead_deliveries').select('status').where('lead_id', '=', leadId).execute()).map((d) => d.status), { timeout: 10_000 }).toEqual(['delivered', 'delivered']);
  const mail = server.leadDelivery.mailbox!.mails().find((m) => m.subject === 'General Enquiry from Mia Newcomer');
  expect(mail?.to).toEqual([...ROUTED.alphaSales]);
  const hook = server.leadDelivery.mailbox!.webhooks().find((h) => (h.body as { data?: { id?: number } }).data?.id === leadId);
  expect(hook).toMatchObject({ verified: true, problem: null, repeatOf: null, intendedUrl: 'https://crm.alphatoyota.example.com.au/leads' });

  const index = await request(server.port, local, '/');
  expect(index.text).toContain('href="/mailbox"');
  const mailbox = await request(server.port, local, '/mailbox');
  expect(mailbox.status).toBe(200);
  expect(mailbox.text).toContain('General Enquiry from Mia Newcomer');
  const message = await request(server.port, local, `/mailbox/${mail!.id}`);
  expect(message.text).toContain('ADF document');
  expect(message.text).toContain('&#60;?adf version=&#34;1.0&#34;?&#62;');
  const html = await request(server.port, local, `/mailbox/${mail!.id}/html`);
  expect(html.headers['content-security-policy']).toMatch(/^sandbox;/);
  expect(html.text).toContain('Hello from the local mailbox test');
  const webhooks = await request(server.port, local, '/webhooks');
  expect(webhooks.text).toContain(`Lead ${leadId} · Mia · enquiry`);
  expect(webhooks.text).toContain('Valid');

  // Never on a dealer's host.
  const onTenant = await request(server.port, A, '/mailbox');
  expect(onTenant.text).not.toContain('Local mailbox');
  const missing = await request(server.port, local, '/mailbox/999999');
  expect(missing.status).toBe(404);
});
