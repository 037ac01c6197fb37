import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../server/index.ts';
import { request, type TestResponse } from '../server/local-client.ts';
import { freeCars } from '../server/test-support/free-cars.ts';

/*
 * An outside probe of the trust categories against a server this script starts on 127.0.0.1
 * (its own data folder, the sample tenants, the worktree's dist): XSS into server-rendered
 * pages, Host headers, open redirects, sessions and cookies, ownership across tenants and
 * accounts, 20-way races, malformed input to every API route, slow clients, and a client that
 * ignores Retry-After. Bounded: a few thousand requests, a minute or two. Prints the requests sent and every finding; exits 1 when
 * it finds something.
 *
 *   npx tsx scripts/trust-probe.ts [--port 9311]
 */

const portArg = process.argv.indexOf('--port');
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
const findings: string[] = [];
let sent = 0;
let server: RunningServer;
let address = 0;
const client = () => `203.0.113.${(++address % 250) + 1}`;

function finding(category: string, what: string): void {
  findings.push(`${category}: ${what}`);
}

function call(host: string, p: string, init: Parameters<typeof request>[3] = {}): Promise<TestResponse> {
  sent++;
  return request(server.port, host, p, { ...init, headers: { 'x-forwarded-for': client(), origin: `http://${host}`, ...init.headers } });
}

const hostOf = (slug: string) => `${slug}.localhost:${server.port}`;
const cookieOf = (r: TestResponse) => (r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('fc_session=')) ?? '';

async function account(host: string, email: string, phone = '0400 123 987'): Promise<string> {
  const up = await call(host, '/api/auth/sign-up', { body: { email, password: `${email} probe password`, name: 'Probe', phone } });
  if (up.status !== 202) throw new Error(`sign-up ${up.status} ${up.text}`);
  await server.accountMail.idle();
  const mail = server.leadDelivery.mailbox?.mails().find((m) => m.to.includes(email));
  const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  const confirmed = await call(host, '/api/auth/confirm-email', { body: { token } });
  if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status} ${confirmed.text}`);
  return cookieOf(confirmed);
}

async function freeCar(slug: string, skip: number): Promise<{ id: number; slug: string }> {
  // The same choice of a free car as the server tests make (server/test-support/free-cars.ts).
  const [id] = await freeCars(server.db, slug, 1, skip);
  if (id === undefined) throw new Error(`no free car on ${slug}`);
  return server.db.selectFrom('cars').select(['id', 'slug']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The server-rendered places a payload is put into. */
function places(p: string): string[] {
  const e = encodeURIComponent(p);
  return [`/search/${e}`, `/search/used-cars/${e}`, `/search/new-used-and-demo-cars/?query=${e}`, `/cars/${e}`, `/sign-in?redirect=${e}&back=${e}`, `/confirm-email?token=${e}`, `/reset-password?token=${e}`, `/blog/${e}`, `/?utm_source=${e}`, `/models/${e}`, `/locations/${e}`];
}

/** XSS: payloads in paths and queries of server-rendered pages must come back escaped. */
async function xss(slug: string): Promise<void> {
  const payloads = ['<svg/onload=alert(31)>', '"><img src=x onerror=alert(32)>', "'-alert(33)-'", '</script><script>alert(34)</script>', '<iframe srcdoc="<b>35">', '{{constructor.constructor(\'alert(36)\')()}}', '\u2028<script>alert(37)</script>', 'javascript:alert(38)//'];
  for (const p of payloads) {
    for (const place of places(p)) {
      const r = await call(hostOf(slug), place);
      if (r.status >= 500) finding('xss', `${slug} ${place} answered ${r.status}`);
      const raw = p.replace(/\u2028/g, '');
      if (/[<>"]/.test(raw) && r.text.includes(raw)) finding('xss', `${slug} ${place} echoed the payload unescaped`);
      if (p.startsWith('javascript:') && /href="javascript:/i.test(r.text)) finding('xss', `${slug} ${place} wrote a javascript: link`);
    }
  }
}

/** Host headers: unknown, odd and duplicate hosts never reach a tenant or list the sites; links in emails never follow the Host. */
async function hosts(slug: string): Promise<void> {
  const odd = [`evil.example`, `${slug}.localhost.evil.example`, `${slug}.localhost:${server.port}@evil.example`, `${slug}.LOCALHOST:${server.port}`, `${slug}.localhost.:${server.port}`, `${slug}.localhost:99999`, `[::1]:${server.port}`, `${slug}.localhost:${server.port}, evil.example`, '', `${slug}.localhost:0`, 'localhost:1'];
  for (const h of odd) {
    const r = await call(h, '/api/site');
    if (r.status >= 500) finding('host', `Host ${JSON.stringify(h)} answered ${r.status}`);
    // This machine's own localhost is the index of sites for `npm start`; any other host must not list them.
    const local = /^(localhost|127\.0\.0\.1|\[::1\])?(:\d+)?$/.test(h);
    if (!local && r.text.includes('big-lot-car-superstore') && r.text.includes('harbourside-motor-group')) finding('host', `Host ${JSON.stringify(h)} listed the hosted sites`);
  }
  // A sign-up through a local host with a made-up port: the link names that local host only.
  const email = `host-probe-${Date.now()}@example.com`;
  await call(`${slug}.localhost:1`, '/api/auth/sign-up', { headers: { origin: `http://${slug}.localhost:1` }, body: { email, password: 'host probe password', name: 'Host' } });
  await server.accountMail.idle();
  const text = server.leadDelivery.mailbox?.mails().find((m) => m.to.includes(email))?.text ?? '';
  const link = /(https?:\/\/[^/\s]+)\/confirm-email/.exec(text)?.[1];
  if (link && !link.startsWith(`http://${slug}.localhost`)) finding('host', `a confirmation link named ${link}`);
}

/** The places a redirect target is put into. */
function paths(t: string): string[] {
  const e = encodeURIComponent(t);
  return [`/my-garage?redirect=${e}`, `/watchlist?back=${e}`, `/dealer/sign-in?next=${e}`, `/dealer?next=${e}`, `/${t.replace(/^\/+/, '')}`, `/search/${e}/`, `/spin-to-win?redirect=${e}`, `/online-payment?next=${e}`];
}

/** Open redirects: every Location the server sends stays on the site. */
async function redirects(slug: string): Promise<void> {
  const targets = ['/%0d%0aSet-Cookie:%20fc_session=x', '/\r\nLocation: https://evil.example', '//evil.example/', '/\\evil.example', '/%5Cevil.example', '/%2F%2Fevil.example', 'https://evil.example', '/\t/evil.example', '%2F%2Fevil.example', '/.%2e/%2e%2e//evil.example', 'javascript:alert(1)'];
  for (const t of targets) {
    for (const p of paths(t)) {
      const r = await call(hostOf(slug), p).catch(() => null);
      if (!r) continue;
      if (r.status >= 500) finding('redirect', `${slug} ${p} answered ${r.status}`);
      const location = r.headers.location;
      if (location) {
        const resolved = new URL(location, `http://${hostOf(slug)}`);
        if (resolved.host !== hostOf(slug)) finding('redirect', `${slug} ${p} redirected to ${location}`);
      }
    }
  }
}

/** Odd requests: methods, header sizes, cookies, encodings. */
async function oddRequests(slug: string): Promise<void> {
  const A = hostOf(slug);
  const tries: [string, string, Record<string, string>][] = [
    ['TRACE', '/', {}], ['OPTIONS', '/api/auth/sign-in', {}], ['PROPFIND', '/', {}], ['DELETE', '/api/auth/me', {}], ['PUT', '/sign-in', {}],
    ['GET', '/', { cookie: `fc_session=${'a'.repeat(6000)}` }], ['GET', '/api/auth/me', { cookie: Array.from({ length: 300 }, (_, i) => `c${i}=1`).join('; ') }],
    ['GET', '/api/auth/me', { cookie: 'fc_session=%E0%A4%A; fc_session=second' }], ['GET', '/', { 'accept-encoding': 'gzip;q=1e9, br;q=-1, *;q=NaN' }],
    ['GET', '/', { 'x-forwarded-for': '1.1.1.1, <script>, ::ffff:999.1.1.1' }], ['GET', '/', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' }],
    ['GET', '/api/site', { 'if-none-match': '"' + 'x'.repeat(5000) + '"' }], ['GET', '/sitemap.xml', { range: 'bytes=0-1,2-3,4-5,' + '6-7,'.repeat(500) }],
    ['POST', '/api/auth/sign-in', { 'content-type': 'application/json; charset=utf-7' }], ['POST', '/api/leads', { 'content-type': 'multipart/form-data; boundary=x' }],
  ];
  for (const [method, p, headers] of tries) {
    const r = await call(A, p, { method, headers, body: method === 'POST' ? '+AHs-"email":1+AH0-' : undefined }).catch((e: Error) => ({ status: 0, text: e.message, headers: {} }) as TestResponse);
    if (r.status >= 500 || r.status === 0) finding('odd-request', `${method} ${p} ${JSON.stringify(headers).slice(0, 60)} answered ${r.status} ${r.text.slice(0, 100)}`);
    if (String(r.headers['set-cookie'] ?? '').includes('evil') || String(r.headers.location ?? '').includes('evil')) finding('odd-request', `${method} ${p} reflected a forwarded host`);
  }
}

/** Sessions and cookies: fixation, another site's cookie, sign-out, link tokens across sites. */
async function sessions(a: string, b: string): Promise<void> {
  const A = hostOf(a);
  const B = hostOf(b);
  const chosen = 'fc_session=attacker-chosen-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  const me = await call(A, '/api/auth/me', { headers: { cookie: chosen } });
  if (me.json?.user) finding('session', 'a made-up session token was accepted');
  const email = `session-probe-${Date.now()}@example.com`;
  const cookie = await account(A, email);
  const signIn = await call(A, '/api/auth/sign-in', { headers: { cookie: chosen }, body: { email, password: `${email} probe password` } });
  if (cookieOf(signIn) === chosen || !cookieOf(signIn)) finding('session', 'sign-in kept the session token the browser sent');
  const set = (signIn.headers['set-cookie'] ?? []).find((c) => c.startsWith('fc_session=')) ?? '';
  if (!/HttpOnly/i.test(set) || !/SameSite=Lax/i.test(set) || /Domain=/i.test(set)) finding('session', `session cookie attributes: ${set}`);
  if ((await call(B, '/api/auth/me', { headers: { cookie } })).json?.user) finding('session', "one site's session works on another");
  await call(A, '/api/auth/sign-out', { method: 'POST', headers: { cookie } });
  if ((await call(A, '/api/auth/me', { headers: { cookie } })).json?.user) finding('session', 'a session still works after signing out');
  // A link emailed by one site does nothing on another.
  const other = `cross-site-${Date.now()}@example.com`;
  await call(A, '/api/auth/sign-up', { body: { email: other, password: 'cross site password', name: 'Cross' } });
  await server.accountMail.idle();
  const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(server.leadDelivery.mailbox?.mails().find((m) => m.to.includes(other))?.text ?? '')?.[1];
  const onB = await call(B, '/api/auth/confirm-email', { body: { token } });
  if (onB.status === 200) finding('session', "one site's confirmation link made an account on another");
  await call(A, '/api/auth/password-reset', { body: { email } });
  await server.accountMail.idle();
  const reset = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(server.leadDelivery.mailbox?.mails().find((m) => m.to.includes(email) && m.subject.startsWith('Reset'))?.text ?? '')?.[1];
  const resetOnB = await call(B, '/api/auth/password-reset/confirm', { body: { token: reset, password: 'taken over password' } });
  if (resetOnB.status === 200) finding('session', "one site's reset link worked on another");
}

/** Ownership: another account's order, another site's car, lead or hold. */
async function ownership(a: string, b: string): Promise<void> {
  const A = hostOf(a);
  const B = hostOf(b);
  const owner = await account(A, `owner-probe-${Date.now()}@example.com`);
  const stranger = await account(A, `stranger-probe-${Date.now()}@example.com`);
  const car = await freeCar(a, 3);
  const order = await call(A, '/api/orders', { headers: { cookie: owner }, body: { car_id: car.id, name: 'Owner', email: 'x@example.com', phone: '0412 000 111', postcode: '3000', fulfilment: 'pickup', terms_conditions: true } });
  if (order.status === 201) {
    const id = order.json.order_id ?? order.json.id;
    for (const [who, headers] of [['another account', { cookie: stranger }], ['nobody', {}]] as const) {
      const r = await call(A, `/api/orders/${id}`, { headers });
      if (r.status === 200) finding('ownership', `${who} read an order that is not theirs`);
    }
    if ((await call(B, `/api/orders/${id}`, { headers: { cookie: owner } })).status === 200) finding('ownership', "an order was read through another site");
  }
  const bCar = await freeCar(b, 3);
  const onA = await call(A, '/api/reservations', { headers: { cookie: stranger }, body: { car_id: bCar.id, name: 'S', email: 's@example.com', phone: '0412 000 222' } });
  if (onA.status === 201) finding('ownership', "a car of another site was reserved");
  const save = await call(A, '/api/watchlist/save-car', { headers: { cookie: stranger }, body: { phone_number: '0400 123 987', car_id: bCar.id } });
  if (save.json?.success) finding('ownership', "another site's car was saved to a watchlist");
}

/** 20 tries at once: exactly one wins where one may. */
async function races(slug: string): Promise<void> {
  const A = hostOf(slug);
  const cookies = await Promise.all(Array.from({ length: 20 }, (_, i) => account(A, `race-${i}-${Date.now()}@example.com`, `0400 55${String(i).padStart(2, '0')} 00`)));
  const car = await freeCar(slug, 5);
  const holds = await Promise.all(cookies.map((cookie) => call(A, '/api/reservations', { headers: { cookie }, body: { car_id: car.id, name: 'R', email: 'r@example.com', phone: '0412 000 333' } })));
  const won = holds.filter((r) => r.status === 201).length;
  if (won !== 1) finding('race', `20 reservations of one car: ${won} won (${holds.map((r) => r.status).join(',')})`);
  if (holds.some((r) => r.status >= 500)) finding('race', 'a reservation race answered 5xx');
  const car2 = await freeCar(slug, 6);
  const orders = await Promise.all(cookies.map((cookie) => call(A, '/api/orders', { headers: { cookie }, body: { car_id: car2.id, name: 'O', email: 'o@example.com', phone: '0412 000 444', postcode: '3000', fulfilment: 'pickup', terms_conditions: true } })));
  const ordered = orders.filter((r) => r.status === 201).length;
  if (ordered > 1) finding('race', `20 orders of one car: ${ordered} won`);
  if (orders.some((r) => r.status >= 500)) finding('race', `an order race answered 5xx (${orders.map((r) => r.status).join(',')})`);
  // One confirmation link opened 20 times at once.
  const email = `race-link-${Date.now()}@example.com`;
  await call(A, '/api/auth/sign-up', { body: { email, password: 'race link password', name: 'Race' } });
  await server.accountMail.idle();
  const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(server.leadDelivery.mailbox?.mails().find((m) => m.to.includes(email))?.text ?? '')?.[1];
  const opened = await Promise.all(Array.from({ length: 20 }, () => call(A, '/api/auth/confirm-email', { body: { token } })));
  if (opened.filter((r) => r.status === 200).length !== 1) finding('race', `one confirmation link opened 20 times: ${opened.filter((r) => r.status === 200).length} accounts`);
  // 20 resends at once to one address: the hourly limit holds.
  const before = server.leadDelivery.mailbox?.mails().length ?? 0;
  const resendTo = `race-resend-${Date.now()}@example.com`;
  await call(A, '/api/auth/sign-up', { body: { email: resendTo, password: 'race resend password', name: 'Resend' } });
  const resends = await Promise.all(Array.from({ length: 20 }, () => call(A, '/api/auth/sign-up/resend', { body: { email: resendTo } })));
  await server.accountMail.idle();
  const toThem = (server.leadDelivery.mailbox?.mails() ?? []).slice(0, (server.leadDelivery.mailbox?.mails().length ?? 0) - before).filter((m) => m.to.includes(resendTo)).length;
  if (toThem > 3) finding('race', `20 resends at once sent ${toThem} emails to one address (limit 3 an hour; answers ${resends.map((r) => r.status).join(',')})`);
  // 20 spins at once by one account, where there is a promotion.
  const spins = await Promise.all(Array.from({ length: 20 }, () => call(A, '/api/spin-to-win', { headers: { cookie: cookies[0] as string }, body: { name: 'Spin', email: 'spin@example.com', phone: '0400 000 555', terms_conditions: true } })));
  if (spins.filter((r) => r.status === 201).length > 1) finding('race', `20 spins at once by one account: ${spins.filter((r) => r.status === 201).length} drawn`);
  if (spins.some((r) => r.status >= 500)) finding('race', 'a spin race answered 5xx');
}

/** Malformed input to every API route in the OpenAPI document: never a 5xx. */
async function malformed(slug: string): Promise<number> {
  const A = hostOf(slug);
  const cookie = await account(A, `malformed-${Date.now()}@example.com`);
  const doc = (await call(A, '/api/openapi.json')).json as { paths: Record<string, Record<string, unknown>> };
  const bodies: unknown[] = ['{"a":', '[]', 'null', '"text"', '1e309', JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }), JSON.stringify({ email: 'a'.repeat(100_000) }), JSON.stringify(JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500))), JSON.stringify({ car_id: -1, id: 1e20, phone: ['0400'], name: { $ne: null }, email: 'x@\u0000.com' }), JSON.stringify({ token: 'A'.repeat(43), password: '\ud800\udc00'.repeat(50) }), '\u0000', JSON.stringify({ car_id: '1 OR 1=1', redirect: '//evil' })];
  const params = ['0', '-1', '2147483648', '1e3', '%00', '..%2F..%2Fserver.json', 'constructor', '__proto__', '%F0%9F%98%80', 'a'.repeat(3000)];
  let count = 0;
  const statuses = new Map<number, number>();
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      const upper = method.toUpperCase();
      for (const param of params) {
        const p = template.replace(/\{[^}]+\}/g, param);
        const rounds = upper === 'GET' || upper === 'DELETE' ? [undefined] : bodies;
        for (const body of rounds) {
          for (const headers of [{}, { cookie }] as Record<string, string>[]) {
            const r = await call(A, `${p}${upper === 'GET' ? `?limit=-1&page=${encodeURIComponent('[object Object]')}&q=%ff` : ''}`, { method: upper, headers: { ...headers, 'content-type': 'application/json' }, body: body as string | undefined }).catch((e: Error) => ({ status: 0, text: e.message }) as TestResponse);
            count++;
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            if (r.status >= 500 || r.status === 0) finding('malformed', `${upper} ${p.slice(0, 80)} body ${String(body).slice(0, 40)} answered ${r.status} ${r.text.slice(0, 120)}`);
          }
        }
        if (!template.includes('{')) break;
      }
    }
  }
  console.log(`malformed: ${Object.keys(doc.paths).length} API paths; answers ${[...statuses].sort((x, y) => x[0] - y[0]).map(([k, v]) => `${k}×${v}`).join(' ')}`);
  return count;
}

/** Slow clients: twenty connections that send their headers or body a byte at a time do not hold up other shoppers. */
async function slowClients(a: string, b: string): Promise<void> {
  const sockets: net.Socket[] = [];
  for (let i = 0; i < 20; i++) {
    const s = net.connect(server.port, '127.0.0.1');
    s.on('error', () => {});
    s.write(i % 2 === 0 ? `GET /search/new-used-and-demo-cars/ HTTP/1.1\r\nHost: ${hostOf(a)}\r\n` : `POST /api/leads HTTP/1.1\r\nHost: ${hostOf(a)}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"form":`);
    sockets.push(s);
    sent++;
  }
  const drip = setInterval(() => sockets.forEach((s) => s.write('X')), 200);
  try {
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      const r = await call(hostOf(b), '/api/site');
      const ms = performance.now() - t;
      if (r.status !== 200 || ms > 2000) finding('slow-client', `another site's request took ${Math.round(ms)} ms (${r.status}) while 20 slow clients were connected`);
    }
  } finally {
    clearInterval(drip);
    sockets.forEach((s) => s.destroy());
  }
}

/**
 * A client that ignores Retry-After: one address guesses a password 40 times in a row, ignoring
 * each 429. It must be told when to return every time, then be turned away before routing on any
 * site, while another address is served at once.
 */
async function flood(a: string, b: string): Promise<void> {
  const flooder = '198.51.100.250';
  const answers: TestResponse[] = [];
  for (let i = 0; i < 40; i++) answers.push(await call(hostOf(a), '/api/auth/sign-in', { headers: { 'x-forwarded-for': flooder }, body: { email: 'nobody-here@example.com', password: `guess ${i}` } }));
  const refused = answers.filter((r) => r.status === 429 || r.status === 503);
  if (refused.some((r) => !r.headers['retry-after'])) finding('flood', 'a refusal did not say when to come back (no Retry-After)');
  if (refused.length < 31) finding('flood', `only ${refused.length} of 40 guesses were refused`);
  const t = performance.now();
  const other = await call(hostOf(b), '/api/site');
  if (other.status !== 200 || performance.now() - t > 2000) finding('flood', `another address's request took ${Math.round(performance.now() - t)} ms (${other.status}) during the flood`);
  const again = await call(hostOf(b), '/api/site', { headers: { 'x-forwarded-for': flooder } });
  if (again.status !== 429 || !again.headers['retry-after']) finding('flood', `after ${refused.length} refusals the address was still routed (${again.status})`);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-trust-probe-'));
  server = await startServer({ port: PORT, host: '127.0.0.1', dataDir, seedCars: 120, log: () => {}, watch: false, trustedProxies: 'loopback', leadRateLimit: { max: 100_000, windowMs: 60_000 }, accountRateLimit: { max: 100_000, windowMs: 60_000 }, searchRateLimit: { max: 100_000, windowMs: 60_000 } });
  const started = performance.now();
  try {
    const [a, b] = ['big-lot-car-superstore', 'harbourside-motor-group'];
    const steps: [string, () => Promise<unknown>][] = [
      ['xss', async () => { await xss(a); await xss(b); }],
      ['host', () => hosts(a)],
      ['redirect', async () => { await redirects(a); await redirects(b); }],
      ['odd-request', async () => { await oddRequests(a); await oddRequests(b); }],
      ['session', () => sessions(a, b)],
      ['ownership', () => ownership(a, b)],
      ['race', () => races(a)],
      ['malformed', () => malformed(a)],
      ['slow-client', () => slowClients(a, b)],
      ['flood', () => flood(a, b)],
    ];
    for (const [name, step] of steps) {
      const before = sent;
      const t = performance.now();
      await step().catch((error: Error) => finding(name, `the probe step failed: ${error.message}`));
      console.log(`${name}: ${sent - before} requests in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${sent} requests in ${((performance.now() - started) / 1000).toFixed(0)} s; ${findings.length} finding(s)`);
  for (const f of findings) console.log(`- ${f}`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}

await main();
