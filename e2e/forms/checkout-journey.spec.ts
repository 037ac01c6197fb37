import { request } from '../../server/local-client.ts';
import { dealerPassword } from '../lib/dealer.ts';
import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { E2E_PORT } from '../lib/tenants.ts';
import { availableCar, leadsNamed, marker, screenshot } from './leads.ts';
import { signUpConfirmed } from '../lib/mailbox.ts';

// Spec §2 /checkout-journey?car_id= (online purchase), §4 (only a purchasable car): the car's
// page links to the journey where the tenant sells online (features.onlinePurchase); the shopper
// gives their details, picks delivery, sees the server-priced delivery and total, agrees to the
// terms and places the order; the server records the order (lead form online_purchase); the deposit
// is paid on the payment provider's hosted page (the demo provider's, which says no money moves),
// whose signed webhook marks it paid: the shopper reads "paid" and gets a receipt by email, and
// the dealer sees "Deposit paid" in the leads inbox. Elsewhere the page is a 404 and the button is absent.

test('online purchase: vehicle page button, details, delivery, deposit paid on the provider page, Deposit paid in the dealer inbox', async ({ page, browser, tenant, expectNoAxeViolations }) => {
  test.setTimeout(120_000);
  // Not the car the reserve test holds (an order holds its car too, and the two may run together).
  const car = await availableCar(tenant.slug, 1);
  // The vehicle page links with the car's id; the router rewrites a numeric search value
  // (307 to car_id="id"), so the HTTP checks name the car by its slug.
  const path = `/checkout-journey?car_id=${car.id}`;
  if (!tenant.features.onlinePurchase) {
    expect((await tenantHttp(tenant.slug, `/checkout-journey?car_id=${car.slug}`)).status).toBe(404);
    expect((await tenantHttp(tenant.slug, '/api/orders', { body: { car_id: car.id } })).status).toBe(404);
    const vehicle = await tenantHttp(tenant.slug, `/cars/${car.slug}`);
    expect(vehicle.status).toBe(200);
    expect(vehicle.text).not.toContain('/checkout-journey');
    return;
  }
  // An order holds the car in the shopper's name: signed out, the journey asks them to sign in first.
  const signedOut = await tenantHttp(tenant.slug, `/checkout-journey?car_id=${car.slug}`);
  expect(signedOut.status).toBe(302);
  expect(String(signedOut.headers.location)).toMatch(/^\/sign-in\?/);
  expect(new URL(String(signedOut.headers.location), 'http://x').searchParams.get('type')).toBe('checkout');
  await page.goto('/privacy-policy');
  const name = marker('Ord');
  await signUpConfirmed(page, { email: `${name.toLowerCase()}@example.com`, password: 'a long password', name, phone: '0400 777 888' });
  // Without a car, or with an unknown one, there is no journey.
  expect((await page.goto('/checkout-journey'))?.status()).toBe(404);
  expect((await page.goto('/checkout-journey?car_id=no-such-car'))?.status()).toBe(404);
  expect((await page.goto(`/checkout-journey?car_id=${car.slug}`))?.status()).toBe(200);

  // The vehicle page's Online Purchase button leads to the journey.
  await page.goto(`/cars/${car.slug}`);
  const button = page.getByRole('link', { name: tenant.labels.onlinePurchase, exact: true }).first();
  await expect(button).toHaveAttribute('href', path);
  await button.click();
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(`^${tenant.labels.onlinePurchase}: `) });
  await expect(heading).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Your Car/);
  await expect(page.getByText('Deposit to place your order')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Start my order' }).click();

  // Your Details: invalid, then valid.
  const details = page.getByRole('form', { name: 'Your Details' });
  await expect(details).toHaveAttribute('data-interactive', 'true');
  await details.getByLabel('Full name').fill('');
  await details.getByLabel('Email').fill('not-an-email');
  await details.getByRole('button', { name: 'Next: Delivery or Pickup' }).click();
  const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
  await expect(errors).toContainText('Please enter your name.');
  await expect(errors).toContainText('Please enter a valid email address.');
  await expect(errors).toContainText('Invalid postcode. Please enter a 4-digit number.');
  await expectNoAxeViolations(page);
  await details.getByLabel('Full name').fill(name);
  await details.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await details.getByLabel('Mobile Number').fill('0400 777 888');
  await details.getByRole('textbox', { name: 'Postcode', exact: true }).fill('2000');
  await details.getByRole('button', { name: 'Next: Delivery or Pickup' }).click();

  // Delivery or Pickup: delivery to the postcode given.
  const deliveryForm = page.getByRole('form', { name: 'Delivery or Pickup' });
  await expect(deliveryForm).toBeVisible();
  await deliveryForm.getByLabel('Deliver to me').check();
  await expect(deliveryForm.getByLabel(/Postcode to deliver to/)).toHaveValue('2000');
  await expectNoAxeViolations(page);
  await deliveryForm.getByRole('button', { name: 'Next: Deposit' }).click();

  // Deposit: the delivery price is the platform's; the terms are required.
  const estimate = await tenantHttp(tenant.slug, '/api/delivery?postcode=2000');
  const depositForm = page.getByRole('form', { name: 'Deposit' });
  await expect(depositForm).toBeVisible();
  const fee = estimate.json.price as number;
  await expect(depositForm.getByText(fee > 0 ? `$${fee.toLocaleString('en-AU')}` : 'Free', { exact: true })).toBeVisible();
  const place = depositForm.getByRole('button', { name: /^Place order and pay \$[\d,]+ deposit$/ });
  await place.click();
  await expect(page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading })).toContainText('Please agree to the terms and conditions.');
  await depositForm.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${tenant.slug}-checkout-journey-phone`);
  // A double click places one order.
  await place.dblclick();

  // The payment provider's hosted page (the embedded demo provider's): plainly a demo.
  await expect(page).toHaveURL(/\/payments\/demo\/demo_pi_[\w-]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo payment — no money moves' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Confirm demo payment of \$[\d,]+\.00$/ }).click();

  // Back on the journey: the provider's webhook has marked the deposit paid.
  const confirmed = page.getByRole('heading', { level: 1, name: 'Thank you, your order is in' });
  await expect(confirmed).toBeVisible();
  await expect(page.getByText(/^Your deposit of \$[\d,]+ is paid\./)).toBeVisible();
  const reference = (await page.getByText(/^Order reference/).textContent())?.match(/ORD-\d+/)?.[0];
  expect(reference).toBeTruthy();
  await expectNoAxeViolations(page);
  // A reload shows the same order again (read back with the token this tab holds).
  await page.reload();
  await expect(confirmed).toBeVisible();
  await expect(page.getByText(/^Order reference/)).toContainText(reference ?? '');

  const leads = await leadsNamed(tenant.slug, name);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ form: 'online_purchase', category: 'Online Purchase', car_id: car.id, status: 'Complete' });
  expect(leads[0]?.fields).toMatchObject({ order_reference: reference, fulfilment: 'delivery', delivery_postcode: '2000', delivery_fee: fee, payment_state: 'Deposit paid', payment_intent: { provider: 'demo', status: 'succeeded' } });

  // The shopper's receipt is in the local mailbox (where the site's emails go without a mail server).
  const mailbox = await request(E2E_PORT, `localhost:${E2E_PORT}`, '/mailbox');
  expect(mailbox.text).toContain(`paid for order ${reference}`);

  // The dealer, in a browser of their own: the lead says "Deposit paid" in the list and on its page.
  const email = `orders@${tenant.slug}.localhost`;
  const password = await dealerPassword(tenant.slug, email);
  const dealer = await browser.newPage({ baseURL: new URL(page.url()).origin });
  try {
    await dealer.goto('/dealer/sign-in');
    await dealer.getByLabel('Email').fill(email);
    await dealer.getByLabel('Password').fill(password);
    await dealer.getByRole('button', { name: 'Sign in' }).click();
    await expect(dealer).toHaveURL(/\/dealer$/);
    const row = dealer.getByRole('listitem').filter({ has: dealer.getByRole('link', { name }) });
    await expect(row).toContainText('Deposit paid');
    await expectNoAxeViolations(dealer);
    await row.getByRole('link', { name }).click();
    await expect(dealer.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(dealer.getByText('Deposit paid').first()).toBeVisible();
    await expectNoAxeViolations(dealer);
  } finally {
    await dealer.close();
  }
});
