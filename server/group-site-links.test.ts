import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateTenant } from '../schema/validate.ts';
import { request } from './local-client.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { siteVariant } from './test-support/site-variant.ts';
import { startTestServer } from './test-support/test-server.ts';
import type { RunningServer } from './index.ts';

/*
 * The spec's route table lists /twg-cars, /twg-rental, /twg-tyres, /finance-and-insurance,
 * /neotek and /4x4-outdoor as the site's routes to the group's sites. A group-site link that
 * gives the group site's address makes its path a redirect there, only where the tenant has
 * group-site links switched on; a link without an address stays what it was.
 */

const LINKS = [
  { label: 'Group Cars', href: '/twg-cars', address: 'https://cars.test-group.example/' },
  { label: 'Group Tyres', href: '/twg-tyres', address: 'https://tyres.test-group.example/shop?from=site' },
  { label: 'No Address', href: '/neotek' },
];

let dataDir: string;
let server: RunningServer;
const get = (slug: string, p: string, method = 'GET') => request(server.port, `${slug}.localhost:${server.port}`, p, { method });

beforeAll(async () => {
  dataDir = freshDataDir('fc-group-links-');
  const tenantsDir = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenantsDir, { recursive: true });
  const on = siteVariant('group-on', 'Group On Motors', false);
  (on as { features: Record<string, unknown> }).features = { ...(on as { features: Record<string, unknown> }).features, groupSiteLinks: true };
  on.routes = { ...(on.routes as object), groupSiteLinks: LINKS };
  const off = siteVariant('group-off', 'Group Off Motors', false);
  off.routes = { ...(off.routes as object), groupSiteLinks: LINKS };
  fs.writeFileSync(path.join(tenantsDir, 'group-on.json'), JSON.stringify(on));
  fs.writeFileSync(path.join(tenantsDir, 'group-off.json'), JSON.stringify(off));
  server = await startTestServer({ dataDir, tenantsDir, seedCars: 5 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
});

describe('group-site links with an address', () => {
  test("a link's path answers a 302 to the group site's address, with or without a trailing slash, for GET and HEAD", async () => {
    const answers = [];
    for (const [p, method] of [['/twg-cars', 'GET'], ['/twg-cars/', 'GET'], ['/twg-cars', 'HEAD']] as const) {
      const r = await get('group-on', p, method);
      answers.push(`${method} ${p} ${r.status} ${r.headers.location}`);
    }
    expect(answers).toEqual(['GET /twg-cars 302 https://cars.test-group.example/', 'GET /twg-cars/ 302 https://cars.test-group.example/', 'HEAD /twg-cars 302 https://cars.test-group.example/']);
    const tyres = await get('group-on', '/twg-tyres');
    expect(tyres.status).toBe(302);
    expect(tyres.headers.location).toBe('https://tyres.test-group.example/shop?from=site');
  });

  test('the address is the tenant file\'s, whatever the request asks', async () => {
    const r = await get('group-on', '/twg-cars?next=https://elsewhere.example/');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('https://cars.test-group.example/');
  });

  test('a link without an address, a path below a link, a POST, and a site with the links switched off are not redirected', async () => {
    expect((await get('group-on', '/neotek')).headers.location).toBeUndefined();
    expect((await get('group-on', '/twg-cars/more')).headers.location).toBeUndefined();
    expect((await get('group-on', '/twg-cars', 'POST')).headers.location).toBeUndefined();
    expect((await get('group-off', '/twg-cars')).headers.location).toBeUndefined();
  });
});

describe('the address setting', () => {
  test('takes only an https:// address, naming the field', () => {
    for (const address of ['http://cars.test-group.example/', 'javascript:alert(1)', '//cars.test-group.example/']) {
      const t = siteVariant('group-bad', 'Group Bad Motors', false);
      t.routes = { groupSiteLinks: [{ label: 'Group Cars', href: '/twg-cars', address }] };
      const issues = validateTenant(JSON.stringify(t), 'group-bad.json').issues.filter((i) => i.severity === 'error');
      expect(issues.map((i) => `${address} ${i.pointer}`)).toContain(`${address} /routes/groupSiteLinks/0/address`);
    }
  });

  test("Harbourside's group links each give a plainly demo address (an .example host)", () => {
    const harbourside = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'tenants', 'harbourside-motor-group.json'), 'utf8')) as { features: { groupSiteLinks: boolean }; routes: { groupSiteLinks: { href: string; address?: string }[] } };
    expect(harbourside.features.groupSiteLinks).toBe(true);
    const hosts = harbourside.routes.groupSiteLinks.map((link) => `${link.href} ${link.address ? new URL(link.address).hostname : 'no address'}`);
    expect(hosts.length).toBeGreaterThan(0);
    for (const host of hosts) expect(host).toMatch(/^\/\S+ \S+\.example$/);
  });
});
