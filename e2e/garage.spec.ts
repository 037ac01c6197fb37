import { expect, test } from './lib/fixtures.ts';
import { signUpConfirmed } from './lib/mailbox.ts';
import { tenantHttp } from './lib/tenant-http.ts';

// Spec §2 and §6: dealer-branded garage pages, gated like /my-garage. Each dealership of a site
// with the garage feature has /my-garage/{dealership}: signed-out visitors go to sign-in and come
// back; the page carries the dealership's name, its locations to call and its own stock. A
// dealership the site does not have is a 404, before any sign-in.

test('a dealership garage page: sign-in first, then the dealership\'s own page', async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  const [dealership] = tenant.dealer.dealerships;
  if (!dealership) throw new Error(`${tenant.slug} has no dealership`);
  const path = `/my-garage/${dealership.slug}`;
  if (!tenant.features.garage) {
    expect((await tenantHttp(tenant.slug, path)).status).toBe(404);
    return;
  }
  expect((await tenantHttp(tenant.slug, '/my-garage/no-such-dealership')).status).toBe(404);
  const gated = await tenantHttp(tenant.slug, path);
  expect(gated.status).toBe(302);
  const to = new URL(String(gated.headers.location), 'http://x');
  expect(to.pathname).toBe('/sign-in');
  expect(to.searchParams.get('type')).toBe('my-garage');
  expect(to.searchParams.get('redirect')).toBe(path);

  await page.goto('/privacy-policy');
  const email = `garage-${Date.now()}@example.com`;
  await signUpConfirmed(page, { email, password: 'a long garage password', name: 'Garage Owner', phone: '0412 345 679', redirect: '/my-garage' });
  await expect(page).toHaveURL(/\/my-garage$/);
  // The garage lists each dealership's own page where the site has more than one.
  if (tenant.dealer.dealerships.length > 1) {
    for (const d of tenant.dealer.dealerships) await expect(page.getByRole('link', { name: `My Garage at ${d.name}` })).toHaveAttribute('href', `/my-garage/${d.slug}`);
    await page.getByRole('link', { name: `My Garage at ${dealership.name}` }).click();
  } else {
    await page.goto(path);
  }
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: `My Garage at ${dealership.name}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`My Garage at ${dealership.name}`));
  const own = page.getByRole('region', { name: 'Your dealership' });
  const locations = tenant.dealer.locations.filter((l) => l.dealershipSlug === dealership.slug);
  await expect(own.getByRole('listitem')).toHaveCount(locations.length);
  for (const location of locations) {
    await expect(own.getByText(location.name, { exact: true })).toBeVisible();
    if (location.phone) await expect(own.getByRole('link', { name: `Call ${location.phone}` })).toHaveAttribute('href', `tel:${location.phone.replace(/[^\d+]/g, '')}`);
  }
  await expect(page.getByRole('link', { name: `Search ${dealership.name} Stock` })).toHaveAttribute('href', `/search/${dealership.slug}`);
  await expectNoAxeViolations(page);
  // A reload renders it on the server for the signed-in shopper.
  expect((await page.reload())?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: `My Garage at ${dealership.name}` })).toBeVisible();
});
