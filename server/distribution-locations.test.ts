import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from './local-client.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { siteVariant } from './test-support/site-variant.ts';
import { startTestServer } from './test-support/test-server.ts';
import type { RunningServer } from './index.ts';

/*
 * Spec §5: the test-drive form has a distribution location field when the car's location has
 * distribution locations. They are set per location in the tenant file; the locations and car
 * records carry them, and the server takes a test drive's chosen place only when it is one of
 * the car's location's.
 */

const SLUG = 'places-motors';
const PLACES = [
  { id: 41, name: 'Redcliffe Display Centre' },
  { id: 42, name: 'Caboolture Showroom' },
];

let dataDir: string;
let server: RunningServer;
let placesLocation: string;
let dealershipSlug: string;
let carThere: number;
let carElsewhere: number;
const call = (p: string, init?: Parameters<typeof request>[3]) => request(server.port, `${SLUG}.localhost:${server.port}`, p, init);
const contact = { name: 'Priya', last_name: 'Shah', email: 'priya@example.com', phone: '0412 345 678', postcode: '4000', category: 'Test Drive' };
const testDrive = (extra: Record<string, unknown>) => call('/api/leads', { method: 'POST', body: { form: 'test_drive', ...contact, ...extra } });

beforeAll(async () => {
  dataDir = freshDataDir('fc-places-');
  const tenantsDir = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenantsDir, { recursive: true });
  const t = siteVariant(SLUG, 'Places Motors', false) as { dealer: { locations: { slug: string; distributionLocations?: unknown }[] } };
  placesLocation = t.dealer.locations[0]!.slug;
  dealershipSlug = (t as unknown as { dealer: { dealerships: { slug: string }[] } }).dealer.dealerships[0]!.slug;
  t.dealer.locations[0]!.distributionLocations = PLACES;
  // A second sales yard without places, so a car elsewhere exists.
  t.dealer.locations.push({ ...t.dealer.locations[0]!, slug: `${SLUG}-second-yard`, name: 'Second Yard', distributionLocations: [], primary: false } as never);
  fs.writeFileSync(path.join(tenantsDir, `${SLUG}.json`), JSON.stringify(t));
  server = await startTestServer({ dataDir, tenantsDir, seedCars: 30 });
  const cars = await server.db.selectFrom('cars').innerJoin('locations', 'locations.id', 'cars.location_id').innerJoin('sites', 'sites.id', 'cars.site_id').select(['cars.id', 'locations.slug']).where('sites.slug', '=', SLUG).where('cars.status', '=', 'in_stock').orderBy('cars.id').execute();
  carThere = cars.find((c) => c.slug === placesLocation)!.id;
  carElsewhere = cars.find((c) => c.slug !== placesLocation)!.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
});

describe('distribution locations', () => {
  test("the locations list carries each location's places from the tenant file; a location without any has none", async () => {
    const r = await call('/api/locations');
    expect(r.status).toBe(200);
    const bySlug = Object.fromEntries((r.json as { slug: string; distribution_locations: unknown[] }[]).map((l) => [l.slug, l.distribution_locations]));
    expect(bySlug[placesLocation]).toEqual(PLACES);
    expect(bySlug[`${SLUG}-second-yard`]).toEqual([]);
  });

  test("a car's record carries its location's places (what the test-drive form reads)", async () => {
    expect((await call(`/api/cars/${carThere}`)).json.location.distribution_locations).toEqual(PLACES);
    expect((await call(`/api/cars/${carElsewhere}`)).json.location.distribution_locations).toEqual([]);
  });

  test("a test drive at one of the car's location's places is taken, as a number or as the form's text", async () => {
    const taken = await testDrive({ car_id: carThere, distribution_location: 41 });
    expect(taken.status).toBe(201);
    // The dealer reads the place by its name with the lead.
    const lead = await server.db.selectFrom('leads').select('fields').where('id', '=', taken.json.lead_id).executeTakeFirstOrThrow();
    expect((lead.fields as Record<string, unknown>).test_drive_place).toBe('Redcliffe Display Centre');
    expect((await testDrive({ car_id: carThere, distribution_location: '42' })).status).toBe(201);
    expect((await testDrive({ car_id: carThere })).status).toBe(201);
  });

  test('any other place is refused with 400 naming the field', async () => {
    const refusals = [
      await testDrive({ car_id: carThere, distribution_location: 43 }),
      await testDrive({ car_id: carThere, distribution_location: 'Redcliffe Display Centre' }),
      await testDrive({ car_id: carElsewhere, distribution_location: 41 }),
      await testDrive({ dealership_slug: dealershipSlug, location: placesLocation, distribution_location: 41 }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    for (const r of refusals) expect(r.json.error).toMatch(/^Invalid body: distribution_location: /);
  });
});
