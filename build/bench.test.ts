import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { routeLanding, SEARCH_ROUTE, VEHICLE_ROUTE, vehicleLandingLine } from './bench.ts';
import { BUILD_REPORT_FILE } from './plugins/build-report.ts';

const dist = mkdtempSync(join(tmpdir(), 'fc-bench-test-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function report(slug: string, routes: Record<string, { landingJsGzip: number }>) {
  mkdirSync(join(dist, slug), { recursive: true });
  writeFileSync(join(dist, slug, BUILD_REPORT_FILE), JSON.stringify({ routes: Object.fromEntries(Object.entries(routes).map(([k, v]) => [k, { chunks: [], jsGzip: 0, ...v }])) }));
}

describe('vehicle page landing JS in the build bench', () => {
  test("reads each route's landing JS from the tenant's build report", () => {
    report('alpha', { [VEHICLE_ROUTE]: { landingJsGzip: 170_000 }, [SEARCH_ROUTE]: { landingJsGzip: 190_000 } });
    expect(routeLanding(dist, 'alpha', VEHICLE_ROUTE)).toBe(170_000);
    expect(routeLanding(dist, 'alpha', SEARCH_ROUTE)).toBe(190_000);
    // A bundle without the route, or a tenant without a report, has none.
    report('beta', {});
    expect(routeLanding(dist, 'beta', VEHICLE_ROUTE)).toBe(0);
    expect(routeLanding(dist, 'gamma', VEHICLE_ROUTE)).toBe(0);
  });

  test('says how far each tenant is over or under the 150 KB aim', () => {
    // 170,000 B = 166.0 KB: 16.0 KB over 150.0 KB.
    expect(vehicleLandingLine('alpha', 170_000)).toBe(`  ${'alpha'.padEnd(30)}  166.0 KB  16.0 KB over the aim`);
    // 143,360 B = 140.0 KB: 10.0 KB under.
    expect(vehicleLandingLine('beta', 143_360)).toBe(`  ${'beta'.padEnd(30)}  140.0 KB  10.0 KB under the aim`);
    expect(vehicleLandingLine('gamma', 0)).toBe(`  ${'gamma'.padEnd(30)} (no vehicle route)`);
  });
});
