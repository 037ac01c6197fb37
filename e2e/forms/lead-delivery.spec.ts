import { expect, test, onOneTenant } from '../lib/fixtures.ts';
import { request } from '../../server/local-client.ts';
import { E2E_PORT } from '../lib/tenants.ts';
import { availableCar, marker } from './leads.ts';
import { tick } from '../lib/shopper.ts';

// What a newcomer sees after `npm start`: a shopper's enquiry on a car reaches the local mailbox
// (a readable summary and the ADF document) and the local webhook receiver (signature checked)
// within seconds, with no mail server or CRM set up. The mechanism is the same on every tenant.

const LOCAL = `http://localhost:${E2E_PORT}`;

test("a shopper's enquiry on a car arrives in the local mailbox as ADF and a readable summary, and at the local webhook receiver signed", onOneTenant(), async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  const car = await availableCar(tenant.slug);
  await page.goto(`/cars/${car.slug}`);
  await page.getByRole('link', { name: 'Enquire', exact: true }).first().click();
  const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
  const name = marker('Mailbox');
  await form.getByLabel('First Name').fill(name);
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  await form.getByLabel('Postcode').fill('4000');
  await form.getByLabel(tenant.labels.commentsLabel).fill('Is it still available this weekend?');
  if (tenant.features.enquiryTermsRequired) await tick(form.getByLabel(/I agree to the/));
  await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
  await expect(page).toHaveURL(/\/success\?type=enquiry$/);

  // Within 5 seconds of the confirmation the email is in the mailbox (read over HTTP, no page reloads).
  await expect.poll(async () => (await request(E2E_PORT, `localhost:${E2E_PORT}`, '/mailbox')).text.includes(`Enquiry from ${name}`), { timeout: 5_000 }).toBe(true);
  await page.goto(`${LOCAL}/mailbox`);
  await expect(page.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: new RegExp(`^Enquiry from ${name}: `) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Enquiry from ${name}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Plain-text part (the ADF document a dealer CRM reads)' })).toBeVisible();
  const adf = page.locator('pre');
  await expect(adf).toContainText('<?adf version="1.0"?>');
  await expect(adf).toContainText(`<make>${car.make}</make>`);
  await expect(adf).toContainText(`<model>${car.model}</model>`);
  const summary = page.frameLocator('iframe[title="The email\'s readable summary"]');
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText(`Enquiry from ${name}`);
  await expect(summary.getByText('Is it still available this weekend?')).toBeVisible();
  await expect(summary.getByRole('link', { name: new RegExp(`${car.make} ${car.model}`) })).toHaveAttribute('href', new RegExp(`/cars/${car.slug}$`));
  await expectNoAxeViolations(page);

  await expect.poll(async () => (await request(E2E_PORT, `localhost:${E2E_PORT}`, '/webhooks')).text.includes(name), { timeout: 5_000 }).toBe(true);
  await page.goto(`${LOCAL}/webhooks`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Valid');
  await expectNoAxeViolations(page);
});
