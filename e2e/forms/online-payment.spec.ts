import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { leadsNamed, marker, screenshot } from './leads.ts';
import { signUpConfirmed } from '../lib/mailbox.ts';

// Spec §2 /online-payment, always behind sign-in (spec §6): a signed-in shopper pays an invoice
// or a deposit; the dealer reads it as a lead with the payment provider's record. Where the
// tenant has no online payments the page is a 404.

test('online payment: sign-in first, then an invoice payment reaches the dealer with its reference', async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  const signedOut = await tenantHttp(tenant.slug, '/online-payment');
  if (!tenant.features.onlinePayment) {
    expect(signedOut.status).toBe(404);
    return;
  }
  expect(signedOut.status).toBe(302);
  const to = new URL(signedOut.headers.location ?? '', 'http://x');
  expect(to.pathname).toBe('/sign-in');
  expect(to.searchParams.get('type')).toBe('online-payment');
  expect(to.searchParams.get('redirect')).toBe('/online-payment');

  await page.goto('/');
  const name = marker('Pay');
  await signUpConfirmed(page, { email: `${name.toLowerCase()}@example.com`, password: 'a long password', name });
  await page.goto('/online-payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Online Payment' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Online Payment' });
  await form.getByRole('button', { name: 'Make Payment' }).click();
  const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
  await expect(errors).toContainText('Please choose what you are paying.');
  await expect(errors).toContainText('Please enter the invoice or stock number.');
  await expect(errors).toContainText('Please enter the amount to pay.');
  await expectNoAxeViolations(page);

  await form.getByLabel('What are you paying?').selectOption({ label: 'Service invoice' });
  await form.getByLabel('Invoice or stock number').fill('INV 7781');
  const amount = form.getByLabel(/^Amount in dollars/);
  await amount.fill(String(tenant.limits.onlinePaymentMax + 1));
  const dealership = form.getByLabel('Dealership');
  if ((await dealership.inputValue()) === '') await dealership.selectOption({ index: 1 });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  await form.getByRole('button', { name: 'Make Payment' }).click();
  const max = `$${tenant.limits.onlinePaymentMax.toLocaleString('en-AU')}`;
  await expect(errors).toContainText(`The amount cannot be less than $1 or more than ${max}.`);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  await amount.fill('$1,234.50');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${tenant.slug}-online-payment-phone`);

  // A refused payment (spec §8, the form variant that shows the response's error): the server's
  // own refusal of an amount over the limit, then a refusal with no message.
  let serverMessage = '';
  await page.route('**/api/online-payments', async (route) => {
    const sent = route.request();
    const headers = await sent.allHeaders();
    const body = { ...(JSON.parse(sent.postData() ?? '{}') as Record<string, unknown>), amount: tenant.limits.onlinePaymentMax + 1 };
    const answer = await tenantHttp(tenant.slug, '/api/online-payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: headers.origin ?? '', cookie: headers.cookie ?? '', 'idempotency-key': headers['idempotency-key'] ?? '' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(400);
    // The shopper reads the refused field by the form's label, not the API's summary.
    const refusal = answer.json as { fields: { path: string; message: string }[] };
    expect(refusal.fields[0]?.path).toBe('amount');
    serverMessage = `Amount in dollars: ${refusal.fields[0]?.message ?? ''}`;
    await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.json) });
  });
  const pay = form.getByRole('button', { name: 'Make Payment' });
  await pay.click();
  await expect.poll(() => serverMessage).not.toBe('');
  const refused = page.getByRole('alertdialog', { name: serverMessage });
  await expect(refused).toBeVisible();
  await expect(page.getByText('Invalid body')).toHaveCount(0);
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(refused).toBeHidden();
  await expect(pay).toBeFocused();
  await expect(pay).toBeEnabled();
  await page.unroute('**/api/online-payments');
  await page.route('**/api/online-payments', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{}' }));
  await pay.click();
  const unexpected = page.getByRole('alertdialog', { name: 'An unexpected error occured' });
  await expect(unexpected).toBeVisible();
  await expectNoAxeViolations(page);
  await unexpected.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('An unexpected error occured')).toBeVisible();
  expect(await leadsNamed(tenant.slug, name)).toHaveLength(0);
  await page.unroute('**/api/online-payments');

  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment recorded' })).toBeVisible();
  await expect(page.getByText(/Service invoice INV 7781: \$1,234\.50\./)).toBeVisible();
  await expect(page.getByText(/No card was charged online/)).toBeVisible();
  await expectNoAxeViolations(page);

  const [lead] = await leadsNamed(tenant.slug, name);
  expect(lead).toMatchObject({ form: 'online_payment', category: 'Service Invoice Payment', status: 'Complete', email: `${name.toLowerCase()}@example.com` });
  expect(lead?.fields).toMatchObject({ payment_for: 'Service invoice', reference: 'INV 7781', amount: 1234.5, payment_intent: { provider: 'embedded', status: 'recorded', amountCents: 123450 } });
  await expect(page.getByText(String(lead?.fields.payment_reference))).toBeVisible();
});
