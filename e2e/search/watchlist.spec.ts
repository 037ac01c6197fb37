import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test, keepScreenshot, onOneTenant } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { attrOf, byRole, elements, parseHtml, plainText, textOf } from './html.ts';
import { eventsWithId } from '../lib/analytics.ts';
import { confirmEmail } from '../lib/mailbox.ts';
import { availableCar } from '../forms/leads.ts';

// Spec §4 Watchlist / §6 / §7. Watchlist tenants: a fresh shopper signs up with a phone from the
// card's sign-in redirect, saves a car (toast with View List), finds it on the watchlist page and
// removes it. Other tenants show the favourites control (SAVE / SAVED) or no save control at all,
// and have no watchlist page. Every tenant's controls, in its words, and its watchlist page or 404
// are read from the server's HTML; the journeys in the browser are the same mechanism on every
// tenant and run once per mechanism and wording.

const DEFAULT_PATH = '/search/new-used-and-demo-cars/';

async function waitForResults(page: import('@playwright/test').Page) {
  await expect(page.getByTestId('result-count')).toHaveText(/found/);
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
}

/** What changes the journeys: the tenant's mechanism and the words of its controls. */
const mechanismAndWords = (t: ResolvedTenant) => `${t.features.favouritesMechanism} ${t.labels.save}/${t.labels.saved} ${String(t.features.watchlist)}`;

test.describe("every tenant's save controls, from the server's HTML", () => {
  test("the search cards' control and the watchlist page as the tenant is configured", async ({ tenant }) => {
    const r = await tenantHttp(tenant.slug, DEFAULT_PATH);
    expect(r.status).toBe(200);
    const doc = parseHtml(r.text);
    const cards = elements(doc, (el) => el.attr('data-testid') === 'car-card');
    expect(cards.length, 'the results arrive with their cards').toBeGreaterThan(0);
    const title = (card: (typeof cards)[number]) => plainText(byRole(doc, card, 'heading')[0]);
    const mechanism = tenant.features.favouritesMechanism;
    if (mechanism === 'none') {
      expect(byRole(doc, cards[0]!, 'button', { name: new RegExp(`^(${tenant.labels.save}|${tenant.labels.saved})\\b`) })).toHaveLength(0);
    } else {
      // Favourites: the heart of the first card; watchlist: SAVE on the first card that offers it
      // (sold cars have none). Named with the card's car, not pressed.
      const card = mechanism === 'favourites' ? cards[0]! : cards.find((c) => byRole(doc, c, 'button', { name: new RegExp(`^${tenant.labels.save}: `) }).length > 0)!;
      expect(card, 'a card offers SAVE').toBeDefined();
      expect(title(card)).not.toBe('');
      const save = byRole(doc, card, 'button', { name: `${tenant.labels.save}: ${title(card)}` });
      expect(save).toHaveLength(1);
      expect(attrOf(save[0]!, 'aria-pressed')).toBe('false');
    }
    if (!tenant.features.watchlist) {
      const missing = await tenantHttp(tenant.slug, tenant.routes.watchlistPath);
      expect(missing.status).toBe(404);
      const missingDoc = parseHtml(missing.text);
      expect(plainText(byRole(missingDoc, missingDoc, 'heading', { level: 1 })[0])).toMatch(/not found|can't find|cannot find/i);
    }
  });

  test("the vehicle page's watchlist control as the tenant is configured", async ({ tenant }) => {
    const car = await availableCar(tenant.slug);
    const r = await tenantHttp(tenant.slug, `/cars/${car.slug}`);
    expect(r.status).toBe(200);
    const doc = parseHtml(r.text);
    const control = elements(doc, (el) => el.attr('data-testid') === 'watchlist-control');
    if (tenant.features.favouritesMechanism !== 'watchlist') return expect(control).toHaveLength(0);
    expect(control).toHaveLength(1);
    const save = byRole(doc, control[0]!, 'button', { name: new RegExp(`^${tenant.labels.save}: `) });
    expect(save).toHaveLength(1);
    expect(attrOf(save[0]!, 'aria-pressed')).toBe('false');
    expect(textOf(save[0])?.trim()).toBe(tenant.labels.save);
  });
});

test.describe('saving cars from search results', () => {
  test('saves to the watchlist, or toggles favourites, as the tenant is configured', onOneTenant({ variant: mechanismAndWords }), async ({ page, tenant, expectNoAxeViolations }) => {
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
    // The account is made by the emailed link, which brings the shopper back to the search.
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await confirmEmail(page, email);
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

test.describe('saving a car from its vehicle page', () => {
  test("the watchlist control on the vehicle page, as the search cards' (spec §4 Watchlist, §6, §8)", onOneTenant({ variant: mechanismAndWords }), async ({ page, tenant, expectNoAxeViolations }) => {
    test.setTimeout(90_000);
    // An available car of the site's stock (its search card leads to this page; the cards' links
    // are crawled by ssr.spec.ts), asked of the search without loading the results page.
    const href = `/cars/${(await availableCar(tenant.slug)).slug}`;
    await page.goto(href);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    const control = page.getByTestId('watchlist-control');
    if (tenant.features.favouritesMechanism !== 'watchlist') {
      // Favourites tenants have the device's heart there instead (e2e/forms/saved-cars.spec.ts).
      await expect(control).toHaveCount(0);
      return;
    }

    // Anonymous: SAVE leads to sign-in, and back to this car (spec §6).
    const save = control.getByRole('button', { name: new RegExp(`^${tenant.labels.save}: `) });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    // Beside the car's other save controls (compare), on one row.
    const others = page.getByTestId('saved-car-controls').getByRole('button');
    if ((await others.count()) > 0) {
      const [saveBox, otherBox] = await Promise.all([save.boundingBox(), others.first().boundingBox()]);
      expect(Math.abs((saveBox?.y ?? 0) - (otherBox?.y ?? -100)), 'SAVE sits on the row of the compare control').toBeLessThan(4);
    }
    await save.click();
    await expect(page).toHaveURL(/\/sign-in\?/);
    const signInUrl = new URL(page.url());
    expect(signInUrl.searchParams.get('type')).toBe('watchlist');
    expect(signInUrl.searchParams.get('redirect')).toBe(href);
    expect(signInUrl.searchParams.get('back')).toBe(href);

    await page.getByRole('button', { name: 'Create an account' }).click();
    const email = `vehicle-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await page.getByLabel('Name').fill('Val Vehicle');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mobile phone').fill('0412 345 679');
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await confirmEmail(page, email);
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    // A failed call: disabled while it runs, the server's message in an alert, the car not saved (spec §8).
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/watchlist/save-car', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'The watchlist is resting.', watchlist: [] }) });
    });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(control.getByRole('button')).toBeDisabled();
    release?.();
    await expect.poll(() => alerts).toEqual(['The watchlist is resting.']);
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await expect(save).toBeEnabled();
    await page.unroute('**/api/watchlist/save-car');

    // Saved: SAVED, the toast with View List, event 39.
    const saveCall = page.waitForResponse((response) => response.url().endsWith('/api/watchlist/save-car'));
    await save.click();
    expect((await saveCall).status()).toBe(200);
    const saved = control.getByRole('button', { name: new RegExp(`^${tenant.labels.saved}: `) });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(tenant.labels.watchlistSaved, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View List' })).toBeVisible();
    expect(await eventsWithId(page, 39)).toHaveLength(1);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `test-results/forms/watchlist-${tenant.slug}-vehicle.png` });

    // Removed: 'Car Removed', SAVE again, the server's list empty.
    await saved.click();
    await expect(page.getByText(tenant.labels.watchlistRemoved, { exact: true })).toBeVisible();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    expect(alerts).toHaveLength(1);
    const after = await page.evaluate(async () => (await fetch('/api/watchlist')).json());
    expect(after).toEqual({ watchlist: [] });
  });
});
