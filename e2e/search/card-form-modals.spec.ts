import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { leadFormShape } from '../../schema/api/lead-rules.ts';
import { expect, keepScreenshot, onOneTenant, test } from '../lib/fixtures.ts';
import { urlSlug } from '../lib/spec-values.ts';
import { builtChunks } from '../lib/hydration-scripts.ts';
import { eventsWithId, hasTags } from '../lib/analytics.ts';
import { availableCar, fillCarEnquiry, leadsNamed, marker, tickTerms } from '../forms/leads.ts';

// Spec §2 "Test-drive modal, enquiry modal" from a search card (§2 card buttons Enquire and Book
// a Test Drive): the car's form opens in a dialog over the results at the address of the form's
// own page; Escape, the close button and Back close it and give back the search address, its
// scroll, its filters and the focus; the lead is the page's; without scripts the buttons are
// links to those pages; the dialog's and the forms' code is not in the search page's first download.

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/search-screens');

/** A filtered search (the make of an available car): what must come back intact. */
async function filteredSearch(page: Page, tenant: ResolvedTenant): Promise<string> {
  const car = await availableCar(tenant.slug);
  await page.goto(`/search/${urlSlug(car.make)}`);
  await expect(page.getByTestId('result-count')).toHaveText(/found/);
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
  // The search page has hydrated (a click before then goes to the link's page, which is fine, but not this test).
  await expect(page.locator('[data-interactive]').first()).toHaveAttribute('data-interactive', 'true');
  return page.url();
}

/** A card's button by its name, on a card further down the page where there is one (the scroll must come back). */
async function cardButton(page: Page, name: string): Promise<Locator> {
  const buttons = page.getByTestId('car-card').getByRole('link', { name, exact: true });
  const count = await buttons.count();
  expect(count, `cards with ${name}`).toBeGreaterThan(0);
  const button = buttons.nth(Math.min(2, count - 1));
  await button.scrollIntoViewIfNeeded();
  return button;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Focus is inside the open dialog. */
async function expectFocusIn(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
}

/** The dialog is closed and the results are as they were: address, scroll, focus on the button. */
async function expectBackOnResults(page: Page, searchUrl: string, button: Locator, scrolled: number) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(searchUrl);
  await expect(button).toBeFocused();
  expect(await scrollY(page)).toBe(scrolled);
  await expect(page.getByTestId('result-count')).toHaveText(/found/);
}

/** The search filtered to an available car's make, and a card's Enquire further down it. */
async function enquireFromResults(page: Page, tenant: ResolvedTenant) {
  await page.setViewportSize({ width: 1366, height: 900 });
  const searchUrl = await filteredSearch(page, tenant);
  const enquire = await cardButton(page, 'Enquire');
  const href = (await enquire.getAttribute('href')) ?? '';
  const carId = Number(new URL(href, searchUrl).searchParams.get('car_id'));
  expect(href).toBe(`/enquire?car_id=${carId}`);
  return { searchUrl, enquire, carId, formUrl: new URL(href, searchUrl).href, scrolled: await scrollY(page), dialog: page.getByRole('dialog', { name: tenant.labels.enquiryFormTitle }) };
}

// On every tenant (its theme, its form's title): the dialog opens from the keyboard with its form,
// passes axe, and Escape gives the results back. The rest of the dialog's behaviour is the same
// code on every site: the next test runs it once per shape of the enquiry form.
test("a card's Enquire opens the car's enquiry in a dialog at its page's address; it passes axe; Escape gives the results back", async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  const { searchUrl, enquire, formUrl, scrolled, dialog } = await enquireFromResults(page, tenant);
  await enquire.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(formUrl);
  await expect(dialog.getByRole('form', { name: tenant.labels.enquiryFormTitle }).getByLabel('First Name')).toBeVisible();
  await expectFocusIn(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: path.join(SHOTS, `${tenant.slug}-enquiry-modal-1366.png`) });
  await page.keyboard.press('Escape');
  await expectBackOnResults(page, searchUrl, enquire, scrolled);
});

test("a card's enquiry dialog: Back gives the results back; the page under it is out of reach and focus stays inside; the lead is the page's", onOneTenant({ variant: (t) => { const shape = leadFormShape(t, 'enquiry', true); return `${shape.termsRequired} ${shape.commentsRequired}`; } }), async ({ page, tenant }) => {
  test.setTimeout(60_000);
  const title = tenant.labels.enquiryFormTitle;
  const { searchUrl, enquire, carId, formUrl, scrolled, dialog } = await enquireFromResults(page, tenant);

  // Back.
  await enquire.click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(formUrl);
  await expectFocusIn(page);
  await page.goBack();
  await expectBackOnResults(page, searchUrl, enquire, scrolled);

  // Open from the keyboard: the form, the background out of reach, focus kept inside.
  await enquire.press('Enter');
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole('form', { name: title });
  await expect(form.getByLabel('First Name')).toBeVisible();
  // The page under the dialog is hidden from assistive technology and out of the tab order.
  await expect(page.getByTestId('car-card').getByRole('link', { name: 'Enquire', exact: true })).toHaveCount(0);
  await expectFocusIn(page);
  await page.keyboard.press('Shift+Tab');
  await expectFocusIn(page);
  const focusable = await dialog.locator('a[href], button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), select, textarea').count();
  for (let i = 0; i <= focusable; i += 1) await page.keyboard.press('Tab');
  await expectFocusIn(page);

  // Refused first, as on the page (the same checks), then sent.
  await form.getByRole('button', { name: title }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading })).toContainText('Please enter your name.');
  const name = marker('Modal');
  await fillCarEnquiry(form, tenant, name, '3000', 'Sent from the search results');
  await form.getByRole('button', { name: title }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank you' })).toBeFocused();
  await expect(dialog).toContainText('Your enquiry has been sent.');
  await expect(dialog).toContainText(`The ${tenant.name} team will be in touch shortly.`);
  const leads = await leadsNamed(tenant.slug, name);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ form: 'enquiry', car_id: carId, url: formUrl });
  expect(leads[0]?.fields).toMatchObject({ car_id: carId, page_id: '/enquire', message: 'Sent from the search results' });

  await dialog.getByRole('button', { name: 'Keep browsing' }).click();
  await expectBackOnResults(page, searchUrl, enquire, scrolled);
});

test("a card's Book a Test Drive books the car from a dialog (where the site has test drives)", onOneTenant({ has: (t) => t.features.testDrive, variant: (t) => String(leadFormShape(t, 'test_drive', true).termsRequired) }), async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  const searchUrl = await filteredSearch(page, tenant);
  const buttons = page.getByTestId('car-card').getByRole('link', { name: 'Book a Test Drive', exact: true });
  if (!tenant.features.testDrive) {
    await expect(buttons).toHaveCount(0);
    return;
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const book = await cardButton(page, 'Book a Test Drive');
  const href = (await book.getAttribute('href')) ?? '';
  const carId = Number(new URL(href, searchUrl).searchParams.get('car_id'));
  expect(href).toBe(`/book-test-drive/?car_id=${carId}`);
  const scrolled = await scrollY(page);
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new URL(href, searchUrl).href);
  const form = dialog.getByRole('form', { name: 'Book a Test Drive' });
  const name = marker('ModalDrive');
  await form.getByLabel('First Name').fill(name);
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  // A free slot of the dealer's: the first day offered, its first time.
  const date = form.getByLabel('Preferred date');
  await expect(date.locator('option')).not.toHaveCount(1);
  await date.selectOption({ index: 1 });
  await form.getByLabel('Preferred time').selectOption({ index: 1 });
  if (leadFormShape(tenant, 'test_drive', true).termsRequired) await tickTerms(form);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: path.join(SHOTS, `${tenant.slug}-test-drive-modal-390.png`) });
  await form.getByRole('button', { name: 'Book a Test Drive' }).click();
  await expect(dialog).toContainText('Your test drive request has been sent.');
  const leads = await leadsNamed(tenant.slug, name);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ form: 'test_drive', category: 'Test Drive', car_id: carId });
  expect(leads[0]?.fields.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The page's analytics event (spec §7): 48 for a used car's test drive, 17 for any other.
  const carType = leads[0]?.fields.car_type;
  expect(typeof carType).toBe('string');
  const [id, event] = carType === 'used' ? [48, 'used_car_test_drive'] : [17, 'test_drive'];
  expect(await eventsWithId(page, id)).toEqual([{ name: event, params: { event_id: id, form: 'test_drive', car_id: carId, category: 'Test Drive' } }]);

  // The close button closes it like Escape.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expectBackOnResults(page, searchUrl, book, scrolled);
});

test.describe('before the cookie banner is answered', () => {
  test.use({ cookieChoice: null });

  // One dialog component for every site: run on one site with a banner and one without
  // (E2E_EVERY_TENANT=1 runs it on each). That a site without tags shows no banner at all is
  // checked on every tenant by shell.spec.ts's phone menu test (the banner is the shell's).
  test("a card's dialog is the only thing on top: the cookie banner is under its backdrop and out of reach until it closes", onOneTenant({ variant: (t) => String(hasTags(t)) }), async ({ page, tenant, expectNoAxeViolations }) => {
    test.setTimeout(60_000);
    const banner = page.getByTestId('consent-banner');
    await filteredSearch(page, tenant);
    if (!hasTags(tenant)) {
      // A site without analytics tags has no cookie banner to keep under the dialog.
      await expect(banner).toHaveCount(0);
      return;
    }
    const dialog = page.getByRole('dialog', { name: tenant.labels.enquiryFormTitle });
    const accept = banner.getByRole('button', { name: 'Accept', exact: true });
    /** What a press at a point would land on: the banner, the dialog's box, or what covers the page (its backdrop). */
    const hitAt = (point: { x: number; y: number }) =>
      page.evaluate(({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        return hit?.closest('[data-testid="consent-banner"]') ? 'banner' : hit?.closest('[role="dialog"]') ? 'dialog' : hit ? 'backdrop' : 'nothing';
      }, point);
    const bannerFocusable = () =>
      page.evaluate(() => {
        document.querySelector<HTMLElement>('[data-testid="consent-banner"] button')?.focus();
        return Boolean(document.activeElement?.closest('[data-testid="consent-banner"]'));
      });
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(accept).toBeVisible();
      const box = (await accept.boundingBox())!;
      const atAccept = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      expect(await hitAt(atAccept)).toBe('banner');
      const enquire = await cardButton(page, 'Enquire');
      await enquire.click();
      await expect(dialog).toBeVisible();
      await expect(banner).toHaveAttribute('inert', '');
      expect(await hitAt(atAccept)).not.toBe('banner');
      // Out of the accessibility tree and out of focus's reach.
      await expect(accept).toHaveCount(0);
      expect(await bannerFocusable()).toBe(false);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, { path: path.join(SHOTS, `${tenant.slug}-dialog-over-cookie-banner-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      // The banner is back, unanswered, and takes a press again.
      await expect(banner).not.toHaveAttribute('inert');
      await expect(accept).toBeVisible();
      expect(await hitAt(atAccept)).toBe('banner');
    }
    await accept.click();
    await expect(banner).toHaveCount(0);
  });
});

test('a reload or a shared link of the dialog’s address opens the form’s own page', onOneTenant(), async ({ page, tenant }) => {
  const searchUrl = await filteredSearch(page, tenant);
  const enquire = await cardButton(page, 'Enquire');
  const href = (await enquire.getAttribute('href')) ?? '';
  await enquire.click();
  await expect(page.getByRole('dialog', { name: tenant.labels.enquiryFormTitle })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(new URL(href, searchUrl).href);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: tenant.labels.enquiryFormTitle })).toBeVisible();
  await expect(page.getByRole('form', { name: tenant.labels.enquiryFormTitle })).toBeVisible();
});

test("the dialog's and the forms' code loads when a shopper heads for a card's button, not with the search page", onOneTenant(), async ({ page, tenant }) => {
  const chunks = builtChunks(tenant.slug);
  const LATE_MODULES = [
    'site/src/features/search/card-form-modal-host.tsx',
    'site/src/components/lead-forms/lead-form-modal.tsx',
    'site/src/components/ui/dialog.tsx',
    'site/src/components/form-kit/lead-form.tsx',
    'site/src/components/lead-forms/enquiry-form.tsx',
    'site/src/features/test-drive/index.tsx',
  ];
  const lateIn = (scripts: string[]) => scripts.flatMap((script) => (chunks.get(script)?.modules ?? []).filter((id) => LATE_MODULES.includes(id)));
  const loadedScripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith('.js')),
    );
  await page.goto('/search/new-used-and-demo-cars/', { waitUntil: 'networkidle' });
  await expect(page.locator('[data-interactive]').first()).toHaveAttribute('data-interactive', 'true');
  const landing = await loadedScripts();
  expect(landing.length).toBeGreaterThan(0);
  expect(landing.every((script) => chunks.has(script)), 'every script is one of the build’s chunks').toBe(true);
  expect(lateIn(landing)).toEqual([]);
  await page.getByTestId('car-card').getByRole('link', { name: 'Enquire', exact: true }).first().hover();
  await expect.poll(async () => lateIn(await loadedScripts())).toEqual(expect.arrayContaining(['site/src/features/search/card-form-modal-host.tsx', 'site/src/components/lead-forms/enquiry-form.tsx']));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a card's Enquire and Book a Test Drive are links to the car's form pages", onOneTenant(), async ({ page, tenant }) => {
    await page.goto('/search/new-used-and-demo-cars/');
    const card = page.getByTestId('car-card').filter({ has: page.getByRole('link', { name: 'Enquire', exact: true }) }).first();
    const carId = await card
      .getByRole('link', { name: 'Enquire', exact: true })
      .getAttribute('href')
      .then((href) => new URL(href ?? '', page.url()).searchParams.get('car_id'));
    await card.getByRole('link', { name: 'Enquire', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/enquire\\?car_id=${carId}$`));
    await expect(page.getByRole('heading', { level: 1, name: tenant.labels.enquiryFormTitle })).toBeVisible();
    if (!tenant.features.testDrive) return;
    await page.goBack();
    await card.getByRole('link', { name: 'Book a Test Drive', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/book-test-drive/\\?car_id=${carId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Test Drive' })).toBeVisible();
  });
});
