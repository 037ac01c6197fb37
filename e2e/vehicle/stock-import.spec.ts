import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, onOneTenant, test } from '../lib/fixtures.ts';
import { dealerPassword } from '../lib/dealer.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { E2E_DATA_DIR } from '../lib/tenants.ts';

// A car the dealer's feed reports sold (imported with `npm run stock:import` into the running
// server) shows the SOLD panel of spec §4 on its server-rendered page, inside the sold window.

function importFeed(slug: string, json: unknown): string {
  const root = path.join(import.meta.dirname, '..', '..');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fc-e2e-feed-')), 'feed.json');
  fs.writeFileSync(file, JSON.stringify(json));
  const loader = pathToFileURL(path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  return execFileSync(process.execPath, ['--import', loader, path.join(root, 'scripts', 'stock-import.ts'), slug, file, '--delta'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

// One import is enough: the panel is the same page on every tenant (it runs on one, picked from the title).
test('a car the feed reports sold shows the SOLD panel', onOneTenant(), async ({ page, tenant, expectNoAxeViolations }) => {
  const out = importFeed(tenant.slug, [
    { stocknum: 'E2E-SOLD-1', make: 'Toyota', model: 'Camry', badge: 'Ascent', year: 2019, km: 88000, price: 24990, car_type: 'used', status: 'sold', simple_body: 'Sedan' },
  ]);
  expect(out).toContain('1 car was added');
  await page.goto('/cars/2019-toyota-camry-ascent-e2e-sold-1');
  const panel = page.getByTestId('sold-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('SOLD');
  await expect(panel).toContainText('This car has been sold. We can help you find something similar.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('2019 Toyota Camry Ascent');
  // It has no photos, and being sold will get none: the gallery's place says so, not "coming soon".
  await expect(page.locator('[data-vehicle-gallery]')).toHaveText('No photos');
  await expectNoAxeViolations(page);
  // The server-rendered page links only car photos that are there (this car has none yet).
  const html = (await tenantHttp(tenant.slug, '/cars/2019-toyota-camry-ascent-e2e-sold-1')).text;
  for (const url of new Set(html.match(/\/images\/cars\/\d+\/\d+\.webp/g) ?? [])) expect({ url, status: (await tenantHttp(tenant.slug, url)).status }).toEqual({ url, status: 200 });
  // Inside the sold window it stays in the sitemap, as in search; a marketplace never lists a sold car.
  expect((await tenantHttp(tenant.slug, '/sitemap.xml')).text).toContain('/cars/2019-toyota-camry-ascent-e2e-sold-1</loc>');
  expect((await tenantHttp(tenant.slug, '/api/feeds/google-vehicle-listings.xml')).text).not.toContain('E2E-SOLD-1');

  // The dealer sees the import on the stock feed page of its own area.
  const email = `stock-feed@${tenant.slug}.localhost`;
  const password = await dealerPassword(tenant.slug, email);
  await page.goto('/dealer/stock');
  await expect(page).toHaveURL(/\/dealer\/sign-in\?next=%2Fdealer%2Fstock$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock feed' })).toBeVisible();
  // (Other tests on this site may have sent feeds too: the dealer inbox's refused one.)
  const applied = page.locator('li.feed').filter({ hasText: 'Applied' }).filter({ hasText: 'Changes only, imported on the website’s server' });
  await expect(applied).toHaveCount(1);
  await expect(applied).toContainText('1 added, 0 updated, 0 unchanged, 0 marked sold');
  await expect(applied).toContainText('No new photos');
  await expectNoAxeViolations(page);
});
