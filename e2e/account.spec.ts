import { dealerPassword } from './lib/dealer.ts';
import { expect, test } from './lib/fixtures.ts';
import { signUpConfirmed } from './lib/mailbox.ts';
import { tenantHttp } from './lib/tenant-http.ts';
import { expectNotFoundPage } from './search/html.ts';

// Spec §6 gated routes: /my-garage is always gated where the garage feature exists; a
// signed-out visitor goes to /sign-in with type, redirect and back, and returns after signing in.
// Where the feature is off, the route is not in the bundle and shows the not-found page.
// The dealer account is made the way staff make one (e2e/lib/dealer.ts).

test.describe('gated garage', () => {
  test('my-garage sends a signed-out visitor to sign-in and back again, or is absent', async ({ page, tenant, expectNoAxeViolations }) => {
    // Where the garage is off, the not-found page as the server sends it.
    if (!tenant.features.garage) return expectNotFoundPage(tenant.slug, '/my-garage');
    await page.goto('/privacy-policy');
    await page.goto('/my-garage');

    await expect(page).toHaveURL(/\/sign-in\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('my-garage');
    expect(url.searchParams.get('redirect')).toBe('/my-garage');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(tenant.labels.formErrorHeading);

    await page.getByLabel('Email').fill(`dealer@${tenant.slug}.localhost`);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in\?/);

    await page.getByLabel('Password').fill(await dealerPassword(tenant.slug));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/my-garage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Garage' })).toBeVisible();
    await expect(page.getByText(`dealer@${tenant.slug}.localhost`)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// A signed-in shopper who reloads a gated page, or opens a link to it, gets the page itself:
// the server renders it (it once answered 500 there, working only after in-app navigation).
test.describe('gated pages load directly while signed in', () => {
  for (const [route, feature, heading] of [
    ['/watchlist', 'watchlist', 'My Watchlist'],
    ['/my-garage', 'garage', 'My Garage'],
  ] as const) {
    test(`${route} answers 200 with its page on a direct load, and 404 on a site without it`, async ({ page, tenant, expectNoAxeViolations }) => {
      if (!tenant.features[feature]) {
        // Not this dealer's feature: the page does not exist on this site (the server's answer;
        // the first test reads the not-found page).
        expect((await tenantHttp(tenant.slug, route)).status).toBe(404);
        return;
      }
      await page.goto('/privacy-policy');
      // Signed in the way a shopper gets an account: sign up, open the emailed link, confirm.
      const email = `direct-${feature}-${Date.now()}@example.com`;
      await signUpConfirmed(page, { email, password: 'a long direct-load password', name: 'Direct Load', phone: '0412 345 678' });
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});
