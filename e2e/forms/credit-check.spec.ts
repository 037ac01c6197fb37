import { expect, test } from '../lib/fixtures.ts';
import { signUpConfirmed } from '../lib/mailbox.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { availableCar, leadsNamed, marker } from './leads.ts';

// Spec §6 "an equifax-style finance page for some dealers": where the dealer's finance process
// runs a credit check, a car's personalised finance page asks for sign-in, then for date of birth,
// driver licence and consent to the check, and only then for the finance enquiry. The consent,
// in the words the page showed, reaches the dealer as a finance lead.

test('credit-check finance page: sign-in, consent with licence and date of birth, then the finance enquiry', async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  const car = await availableCar(tenant.slug);
  const path = `/personalised/finance?car_id=${car.id}`;
  if (!tenant.features.gatedEquifaxFinance || !tenant.features.financeEnquiry) {
    // No credit-check step here: its service does not exist either.
    expect((await tenantHttp(tenant.slug, '/api/finance/credit-check', { body: {} })).status).toBe(404);
    return;
  }
  const gated = await tenantHttp(tenant.slug, path);
  expect(gated.status).toBe(302);
  expect(new URL(String(gated.headers.location), 'http://x').searchParams.get('type')).toBe('car-finance');

  const name = marker('Credit');
  await page.goto('/privacy-policy');
  await signUpConfirmed(page, { email: `${name.toLowerCase()}@example.com`, password: 'a long credit password', name, phone: '0412 345 680', redirect: path });
  await expect(page).toHaveURL(new RegExp(`/personalised/finance\\?car_id=${car.id}$`));
  const step = page.getByRole('form', { name: /^Credit check: / });
  await expect(step).toBeVisible();
  await expect(page.getByRole('form', { name: 'Finance Enquiry' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The consent is required.
  await step.getByLabel('Date of birth').fill('1988-03-14');
  await step.getByLabel('Driver licence number').fill('ab123456');
  await step.getByLabel('Licence state').selectOption('VIC');
  await step.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(step.getByText('Please agree to the credit check to continue.')).toBeVisible();
  const consent = `I agree that ${tenant.name} may obtain my consumer credit report from a credit reporting body, using the details above, to assess my finance application for this car.`;
  await step.getByRole('checkbox', { name: consent }).check();
  // Offline, the consent is not kept on the device for a later resend: the page says so and
  // nothing of it is in the browser's storage.
  await page.context().setOffline(true);
  await step.getByRole('button', { name: 'Agree and continue' }).click();
  const notSent = `We could not reach ${tenant.name} just now. Nothing was saved on this device: please check your connection and send again.`;
  await expect(page.getByRole('alertdialog')).toContainText(notSent);
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
  expect(stored).not.toContain('1988-03-14');
  expect(stored.toUpperCase()).not.toContain('AB123456');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.context().setOffline(false);
  await step.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your consent to the credit check is recorded' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Finance Enquiry' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The lead, as the inbox lists it and every lead channel sends it, carries the age as checked
  // and the licence's last three characters.
  const [lead] = await leadsNamed(tenant.slug, name);
  expect(lead).toMatchObject({ form: 'finance', category: 'Finance Enquiry', subcategory: 'Credit Check Consent', car_id: car.id });
  expect(lead?.fields).toMatchObject({ date_of_birth: '18 or older (checked)', licence_number: '•••••456', licence_state: 'VIC', consent });
  expect(JSON.stringify(lead)).not.toContain('1988-03-14');
});
