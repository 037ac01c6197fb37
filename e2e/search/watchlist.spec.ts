import { expect, test } from '../lib/fixtures.ts';

// Spec §4 Watchlist / §6 / §7, run for every tenant. Watchlist tenants: a fresh shopper signs up
// with a phone from the card's sign-in redirect, saves a car (toast with View List), finds it on
// the watchlist page and removes it. Other tenants show the favourites control (SAVE / SAVED) or
// no save control at all, and have no watchlist page.

const DEFAULT_PATH = '/search/new-used-and-demo-cars/';

async function waitForResults(page: import('@playwright/test').Page) {
  await expect(page.getByTestId('result-count')).toHaveText(/found/);
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
}

test.describe('saving cars from search results', () => {
  test('saves to the watchlist, or toggles favourites, as the tenant is configured', async ({ page, tenant, expectNoAxeViolations }) => {
    // The watchlist journey signs up, visits three pages and runs axe three times.
    test.setTimeout(90_000);
    const mechanism = tenant.features.favouritesMechanism;
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const cards = page.getByTestId('car-card');

    if (mechanism === 'none') {
      await expect(cards.first().getByRole('button', { name: new RegExp(`^(${tenant.labels.save}|${tenant.labels.saved})\\b`) })).toHaveCount(0);
      return;
    }

    if (mechanism === 'favourites') {
      // The heart is named with the card's car (e2e/forms/saved-cars.spec.ts covers the favourites page).
      const card = cards.first();
      const title = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
      const save = card.getByRole('button', { name: `${tenant.labels.save}: ${title}`, exact: true });
      await expect(save).toHaveAttribute('aria-pressed', 'false');
      await save.click();
      const saved = card.getByRole('button', { name: `${tenant.labels.saved}: ${title}`, exact: true });
      await expect(saved).toHaveAttribute('aria-pressed', 'true');
      // Favourites live on the device: they survive a reload.
      await page.reload();
      await waitForResults(page);
      await expect(cards.first().getByRole('button', { name: `${tenant.labels.saved}: ${title}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
      if (!tenant.features.watchlist) {
        await page.goto(tenant.routes.watchlistPath);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|can't find|cannot find/i);
      }
      return;
    }

    // Watchlist: anonymous → sign-in with type, redirect and back (spec §6).
    const card = cards.filter({ has: page.getByRole('button', { name: new RegExp(`^${tenant.labels.save}: `) }) }).first();
    const carId = await card.getAttribute('data-car-id');
    const title = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await card.getByRole('button', { name: `${tenant.labels.save}: ${title}` }).click();
    await expect(page).toHaveURL(/\/sign-in\?/);
    const signInUrl = new URL(page.url());
    expect(signInUrl.searchParams.get('type')).toBe('watchlist');
    expect(signInUrl.searchParams.get('redirect')).toBe(DEFAULT_PATH);
    expect(signInUrl.searchParams.get('back')).toBe(DEFAULT_PATH);

    // Sign up a fresh shopper with a phone; errors name the field.
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
    await expect(errors).toContainText('Name: Please enter your name.');
    await expect(errors).toContainText('Email: Please enter a valid email address.');
    await expect(errors).toContainText('Mobile phone: Please enter your mobile phone number to use the watchlist.');
    await expect(errors).toContainText('Password: Password must be at least 8 characters.');
    await expect(page.getByLabel('Mobile phone')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    const email = `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await page.getByLabel('Name').fill('Sam Shopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mobile phone').fill('0412 345 678');
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(new RegExp(`${DEFAULT_PATH}$`));
    await waitForResults(page);

    // Save: the button shows SAVED, the toast offers View List.
    const sameCard = page.locator(`[data-testid="car-card"][data-car-id="${carId}"]`);
    const saveCall = page.waitForResponse((response) => response.url().endsWith('/api/watchlist/save-car'));
    await sameCard.getByRole('button', { name: `${tenant.labels.save}: ${title}` }).click();
    expect((await saveCall).status()).toBe(200);
    await expect(sameCard.getByRole('button', { name: `${tenant.labels.saved}: ${title}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(tenant.labels.watchlistSaved, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'View List' }).click();

    // The list has the car; removing it empties the list.
    await expect(page).toHaveURL(new RegExp(`${tenant.routes.watchlistPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible();
    const row = page.getByTestId('watchlist-car');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('heading')).toHaveText(title);
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByText(tenant.labels.watchlistRemoved, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your watchlist is empty' })).toBeVisible();
    const after = await page.evaluate(async () => (await fetch('/api/watchlist')).json());
    expect(after).toEqual({ watchlist: [] });
  });
});
