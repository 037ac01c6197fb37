import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startServer } from '../server/index.ts';
import { newWebhookSecret } from '../server/lead-delivery/senders.ts';
import { request } from '../server/local-client.ts';
import { ensurePgliteTemplates } from '../server/test-support/pglite-template.ts';
import { routedTenantsDir } from '../server/test-support/lead-routing.ts';
import { percentile } from './lib/percentile.ts';

/*
 * Lead delivery figures (`npm run bench -- leads`), all on 127.0.0.1: a server with the unit
 * tests' two routed sites, its mail relay and two CRMs being this process (an SMTP server and two
 * webhook receivers). Phase 1, everything healthy: the latency from the start of each
 * `POST /api/leads` to the relay's accept (end of DATA) and to the CRM's 2xx, p50/p99, and the
 * submission's p99. Phase 2, one site's CRM is dead (takes requests and never answers; each try
 * is cut off after 10 s): the submission p99 of that site and of the healthy one, and the healthy
 * site's delivery latency meanwhile. Bounded: LEADS_BENCH_COUNT leads per phase (default 150),
 * LEADS_BENCH_RATE a second (default 10), after a warm-up.
 */

const COUNT = Number(process.env.LEADS_BENCH_COUNT ?? 150);
/** Leads per second sent: a busy dealer group sees a few an hour; this is thousands of times that. */
const RATE = Number(process.env.LEADS_BENCH_RATE ?? 10);
const WAIT_MS = 60_000;

const url = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/leads`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p50p99 = (xs: number[]) => {
  const s = sorted(xs);
  return `p50 ${ms(percentile(s, 50))} · p99 ${ms(percentile(s, 99))} (n=${s.length})`;
};

/** Runs the bench and prints its figures. */
export async function benchLeads(): Promise<void> {
  // The relay: when each lead's email was accepted, by the shopper's name in its subject.
  const accepted = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 8192) head += c.toString('latin1');
      });
      stream.on('end', () => {
        const name = /^Subject: .* from (Bench-\w+-\d+)/m.exec(head)?.[1];
        if (name && !accepted.has(name)) accepted.set(name, performance.now());
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtp.on('error', () => {});

  // The CRMs: the healthy one answers 204 and notes when (by lead id); the dead one never answers.
  const answered = new Map<number, number>();
  const held: http.ServerResponse[] = [];
  const crm = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: number } }).data.id;
      res.writeHead(204).end();
      if (!answered.has(id)) answered.set(id, performance.now());
    });
  });
  const dead = http.createServer((req, res) => {
    req.resume();
    held.push(res);
  });
  await Promise.all([crm, dead].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))));

  process.env.ALPHA_CRM_WEBHOOK_SECRET = newWebhookSecret();
  process.env.BETA_CRM_WEBHOOK_SECRET = newWebhookSecret();
  const tenantsDir = routedTenantsDir({ alphaWebhook: url(crm), betaWebhook: url(dead) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-leads-'));
  fs.cpSync((await ensurePgliteTemplates()).migrated, path.join(dataDir, 'pglite'), { recursive: true });
  const server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 60, log: () => {}, watch: false,
    leadRateLimit: { max: 1_000_000, windowMs: 60_000 },
    leadDelivery: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
  });

  /** Sends leads (site per index) at RATE a second; answers each one's start time, POST time and lead id. */
  const submit = async (label: string, sites: string[], count: number) => {
    const out: { name: string; site: string; started: number; postMs: number; leadId: number }[] = [];
    const t0 = performance.now();
    const one = async (i: number) => {
      {
        const wait = t0 + (i * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const site = sites[i % sites.length] as string;
        const name = `Bench-${label}-${i}`;
        const started = performance.now();
        const r = await request(server.port, `${site}.localhost:${server.port}`, '/api/leads', {
          body: { form: 'enquiry', category: 'General Enquiry', name, email: `${name.toLowerCase()}@example.com`, postcode: '4000', message: 'Bench lead' },
        });
        if (r.status !== 201) throw new Error(`POST /api/leads answered ${r.status}: ${r.text}`);
        out.push({ name, site, started, postMs: performance.now() - started, leadId: r.json.lead_id as number });
      }
    };
    await Promise.all(Array.from({ length: count }, (_, i) => one(i)));
    return out;
  };
  const arrived = async (leads: { name: string; leadId: number; site: string }[], webhooks: boolean) => {
    const until = performance.now() + WAIT_MS;
    while (performance.now() < until) {
      if (leads.every((l) => accepted.has(l.name) && (!webhooks || answered.has(l.leadId)))) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('leads were not all delivered within 60 s');
  };

  try {
    await arrived(await submit('warm', ['alpha-motors'], 20), true);

    const healthy = await submit('healthy', ['alpha-motors'], COUNT);
    await arrived(healthy, true);
    console.log(`healthy CRM, ${COUNT} leads, ${RATE} a second:`);
    console.log(`  submission to SMTP accept   ${p50p99(healthy.map((l) => (accepted.get(l.name) as number) - l.started))}`);
    console.log(`  submission to webhook 2xx   ${p50p99(healthy.map((l) => (answered.get(l.leadId) as number) - l.started))}`);
    console.log(`  POST /api/leads             ${p50p99(healthy.map((l) => l.postMs))}`);

    const mixed = await submit('dead', ['beta-caravans', 'alpha-motors'], COUNT * 2);
    const deadSite = mixed.filter((l) => l.site === 'beta-caravans');
    const liveSite = mixed.filter((l) => l.site === 'alpha-motors');
    await arrived(liveSite, true);
    await arrived(deadSite, false);
    console.log(`one site's CRM dead (never answers; tries cut off after 10 s), ${COUNT} leads to it and ${COUNT} to the healthy site, interleaved:`);
    console.log(`  POST /api/leads, dead CRM   ${p50p99(deadSite.map((l) => l.postMs))}`);
    console.log(`  POST /api/leads, healthy    ${p50p99(liveSite.map((l) => l.postMs))}`);
    console.log(`  healthy site: to SMTP accept ${p50p99(liveSite.map((l) => (accepted.get(l.name) as number) - l.started))}`);
    console.log(`  healthy site: to webhook 2xx ${p50p99(liveSite.map((l) => (answered.get(l.leadId) as number) - l.started))}`);
    console.log(`  dead site: to SMTP accept    ${p50p99(deadSite.map((l) => (accepted.get(l.name) as number) - l.started))} (its email is not held up by its webhook)`);
    const tries = await server.db.selectFrom('lead_delivery_attempts').innerJoin('lead_deliveries', 'lead_deliveries.id', 'lead_delivery_attempts.delivery_id').select(['lead_delivery_attempts.error']).where('lead_deliveries.channel', '=', 'webhook').where('lead_delivery_attempts.ok', '=', false).execute();
    console.log(`  webhook tries to the dead CRM so far: ${tries.length} cut off (${tries.filter((t) => t.error?.startsWith('no answer within')).length} by the timeout)`);
  } finally {
    for (const res of held) res.destroy();
    dead.closeAllConnections();
    await server.close();
    await Promise.all([new Promise<void>((r) => smtp.close(() => r())), new Promise<void>((r) => crm.close(() => r())), new Promise<void>((r) => dead.close(() => r()))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(tenantsDir, { recursive: true, force: true });
  }
}
