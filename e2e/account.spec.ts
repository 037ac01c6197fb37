import { expect, test } from './lib/fixtures.ts';

// Spec §6 gated routes: /my-garage is always gated where the garage feature exists; a
// signed-out visitor goes to /sign-in with type, redirect and back, and returns after signing in.
// Where the feature is off, the route is not in the bundle and shows the not-found page.

const PASSWORD = process.env.DEALER_PASSWORD ?? 'forecourt-dealer';

test.describe('gated garage', () => {
  test('my-garage sends a signed-out visitor to sign-in and back again, or is absent', async ({ page, tenant, expectNoAxeViolations }) => {
    await page.goto('/privacy-policy');
    await page.goto('/my-garage');

    if (!tenant.features.garage) {
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|can't find|cannot find/i);
      return;
    }

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

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/my-garage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Garage' })).toBeVisible();
    await expect(page.getByText(`dealer@${tenant.slug}.localhost`)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
