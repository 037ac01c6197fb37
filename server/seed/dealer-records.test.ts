import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LocationSchema, type Location } from '../../schema/api/index.ts';
import { LAUNCH_CHECK_IDS } from '../../schema/launch-checklist.ts';
import { resolveTenant } from '../../schema/resolve.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';
import { startServer, type RunningServer } from '../index.ts';
import { request } from '../local-client.ts';
import { freshDataDir } from '../test-support/data-dir.ts';

/*
 * The locations the API serves follow the tenant file as edited: in the editor's preview (each
 * edit handed over with applyTenant) and on the site (a restart, or the file watcher, after a save).
 */

const FIXTURES = path.join(import.meta.dirname, '..', 'test-fixtures', 'tenants');
let dataDir: string;
let tenantsDir: string;
let server: RunningServer;
const original = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'alpha-motors.json'), 'utf8')) as TenantConfig;
const host = () => `alpha-motors.localhost:${server.port}`;
const locations = async () => ((await request(server.port, host(), '/api/locations')).json as unknown[]).map((l) => LocationSchema.parse(l));
const byslug = (list: Location[], slug: string) => list.find((l) => l.slug === slug);
const special = (list: Location[], slug: string) => byslug(list, slug)!.special_hours.map((h) => [h.date, h.name, h.status, h.start_hour, h.end_hour]);

/** The fixture with a new phone and week for the yard, a second yard, and the service centre gone. */
function edited(): TenantConfig {
  const t = structuredClone(original);
  const yard = t.dealer.locations[0]!;
  yard.phone = '07 5555 0100';
  yard.name = 'Alpha Toyota Woolloongabba';
  yard.openingHours = [
    { weekday: 1, status: 'Open', open: '08:30', close: '17:30' },
    { weekday: 6, status: 'Open', open: '09:00', close: '13:00' },
  ];
  t.dealer.locations = [
    yard,
    { ...structuredClone(yard), slug: 'alpha-toyota-southport', name: 'Alpha Toyota Southport', primary: false, phone: '07 5555 0200', address: { street: '1 Nerang Street', suburb: 'Southport', state: 'QLD', postcode: '4215', lat: -27.97, long: 153.41 } },
  ];
  return t;
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-dealer-records-');
  tenantsDir = path.join(dataDir, 'tenants');
  fs.cpSync(FIXTURES, tenantsDir, { recursive: true });
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 40, watch: false, log: () => {} });
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('dealer records follow the tenant as edited', () => {
  test('an edit handed to the server shows in its locations: name, phone, hours, an added yard, a removed one', async () => {
    const before = await locations();
    expect(before.map((l) => l.slug).sort()).toEqual(['alpha-toyota-brisbane', 'alpha-toyota-service']);
    const yardId = byslug(before, 'alpha-toyota-brisbane')!.id;

    expect(await server.applyTenant(resolveTenant(edited()))).toBe(true);
    const after = await locations();
    expect(after.map((l) => l.slug).sort()).toEqual(['alpha-toyota-brisbane', 'alpha-toyota-southport']);
    const yard = byslug(after, 'alpha-toyota-brisbane')!;
    // Updated in place: cars and leads keep pointing at it.
    expect(yard.id).toBe(yardId);
    expect(yard.name).toBe('Alpha Toyota Woolloongabba');
    expect(yard.contact_detail.phone).toBe('07 5555 0100');
    const saturday = yard.contact_detail.opening_hours.find((h) => h.weekday === 6)!;
    expect([saturday.status, saturday.open, saturday.close]).toEqual(['Open', '09:00', '13:00']);
    expect(yard.contact_detail.opening_hours.map((h) => h.weekday)).toEqual([1, 6]);
    const southport = byslug(after, 'alpha-toyota-southport')!;
    expect(southport.contact_detail.phone).toBe('07 5555 0200');
    expect(southport.address.text).toBe('1 Nerang Street, Southport QLD 4215');
    expect(southport.dealer_license_number).toBe('MD 40123');
    // The removed service centre is hidden, not deleted (a direct call finds nothing).
    expect((await request(server.port, host(), '/api/locations/alpha-toyota-service')).status).toBe(404);
  });

  test('the saved file wins again after a restart (the site shows what the file says)', async () => {
    await server.close();
    const saved = structuredClone(original);
    saved.dealer.locations[1]!.phone = '07 3123 9999';
    fs.writeFileSync(path.join(tenantsDir, 'alpha-motors.json'), JSON.stringify(saved, null, 2));
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 40, watch: false, log: () => {} });
    const list = await locations();
    expect(list.map((l) => l.slug).sort()).toEqual(['alpha-toyota-brisbane', 'alpha-toyota-service']);
    expect(byslug(list, 'alpha-toyota-service')!.contact_detail.phone).toBe('07 3123 9999');
    expect(byslug(list, 'alpha-toyota-brisbane')!.name).toBe('Alpha Toyota Brisbane');
    expect(byslug(list, 'alpha-toyota-brisbane')!.contact_detail.phone).toBe('07 3123 4567');
  }, 60_000);

  test('special and holiday hours as entered replace the sample holidays; a launched site shows no samples', async () => {
    const before = await locations();
    expect(special(before, 'alpha-toyota-brisbane').map((h) => h[1])).toContain('Christmas Day');

    const entered = structuredClone(original);
    entered.dealer.locations[0]!.specialHours = [
      { date: '2027-12-28', name: 'Stocktake', status: 'Closed' },
      { date: '2027-12-24', name: 'Christmas Eve', status: 'Open', open: '08:30', close: '12:00' },
    ];
    expect(await server.applyTenant(resolveTenant(entered))).toBe(true);
    let list = await locations();
    expect(special(list, 'alpha-toyota-brisbane')).toEqual([
      ['2027-12-24', 'Christmas Eve', 'Open', '08:30', '12:00'],
      ['2027-12-28', 'Stocktake', 'Closed', null, null],
    ]);
    // The service centre has none entered: the samples stay while the site is not launched.
    expect(special(list, 'alpha-toyota-service').length).toBeGreaterThan(0);

    const launched = structuredClone(entered);
    launched.launch = { launched: true, acknowledged: [...LAUNCH_CHECK_IDS] };
    expect(await server.applyTenant(resolveTenant(launched))).toBe(true);
    list = await locations();
    expect(special(list, 'alpha-toyota-service')).toEqual([]);
    expect(special(list, 'alpha-toyota-brisbane').map((h) => h[1])).toEqual(['Christmas Eve', 'Stocktake']);

    // An empty list means no special hours at all.
    launched.launch = { launched: false };
    launched.dealer.locations[0]!.specialHours = [];
    expect(await server.applyTenant(resolveTenant(launched))).toBe(true);
    expect(special(await locations(), 'alpha-toyota-brisbane')).toEqual([]);
  });
});
