import { expect, test, onOneTenant, watchConsole } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { availableCar, fillCarEnquiry, leadsNamed, leadsNamedByCommand, marker, pickDealership, screenshot, tickTerms } from './leads.ts';
import { tick } from '../lib/shopper.ts';
import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

// Spec §2–§5, §7, §8: the enquiry form on every tenant — the spec's messages for bad
// input, a valid lead read back from the server's database the way a dealer reads it, the
// remembered contact details, the outbox that keeps a lead through a dropped connection and
// sends it once, the car enquiry, and the page without JavaScript.
//
// Every tenant shows its enquiry page, the refusal of an empty form, the contact pages and the
// success page once, in its own words and theme, with axe and its Content Security Policy (the
// first test). How the form behaves (the spec's messages, what reaches the dealer, the outbox)
// runs once per set of the settings that change it (onOneTenant in e2e/lib/fixtures.ts).

/** Fills the general enquiry with valid details for this tenant. */
async function fillGeneralEnquiry(page: Page, tenant: ResolvedTenant, name: string, category = 'Sales Enquiry') {
  const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
  await form.getByLabel('Enquiry type').selectOption(category);
  await pickDealership(form, tenant, 'sales');
  await form.getByLabel('First Name').fill(name);
  await form.getByLabel('Last Name').fill('Tester');
  await form.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  await form.getByLabel('Postcode').fill('4000');
  await form.getByLabel(tenant.labels.commentsLabel).fill('Please call me about your stock.');
  if (tenant.features.enquiryTermsRequired) await tickTerms(form);
  return form;
}

test.describe('enquiry form', () => {
  test('the enquiry page, its refusal of an empty form and its success page, and the contact pages’ forms, in the site’s words and theme', async ({ page, tenant, expectNoAxeViolations }) => {
    // Every tenant: its form title, its words for the refusal, its switches, and axe on each page state.
    // Its pages keep to its own Content Security Policy (spec: no script asks for eval; zod used to
    // probe for it when a form's schema was built): no violation reported, a clean console.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const cspProblems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval/i.test(message.text())) cspProblems.push(message.text());
    });
    await page.goto('/enquire');
    await expect(page.getByRole('heading', { level: 1, name: tenant.labels.enquiryFormTitle })).toBeVisible();
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    // The marketing opt-in starts as the tenant set it (unticked unless the dealer chose otherwise).
    if (tenant.forms.marketingOptInTicked) await expect(form.getByLabel(/Keep me up to date/)).toBeChecked();
    else await expect(form.getByLabel(/Keep me up to date/)).not.toBeChecked();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
    await expect(errors).toBeVisible();
    if (tenant.features.enquiryTermsRequired) await expect(errors).toContainText(tenant.labels.termsRequired);
    else await expect(errors).not.toContainText(tenant.labels.termsRequired);
    if (tenant.dealer.dealerships.length > 1) await expect(errors).toContainText(tenant.labels.dealershipRequired);
    else await expect(form.getByLabel('Preferred dealership')).toHaveValue(tenant.dealer.dealerships[0]?.slug ?? '');
    // Sending the empty form ran the form's validation (its schema parses the input).
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await expectNoAxeViolations(page);

    // The contact pages carry the form; a location's page starts with its dealership.
    await page.goto('/contact-us');
    await expect(page.getByRole('form', { name: tenant.labels.enquiryFormTitle })).toBeVisible();
    await expectNoAxeViolations(page);
    const location = tenant.dealer.locations.find((l) => l.visible && (l.type ?? 'sales') === 'sales')!;
    await page.goto(`/contact-us/${location.slug}`);
    await expect(form).toBeVisible();
    const picker = form.getByLabel('Preferred dealership');
    if ((await picker.count()) > 0) await expect(picker).toHaveValue(location.dealershipSlug);
    await fillGeneralEnquiry(page, tenant, marker('Contact'));
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(cspProblems).toEqual([]);
  });

  test('bad input shows the spec messages; a valid enquiry reaches the dealer once, as sent', onOneTenant({ variant: (t) => `${t.features.enquiryCommentsRequired} ${t.features.enquiryTermsRequired} ${t.dealer.dealerships.length > 1}` }), async ({ page, tenant }) => {
    test.setTimeout(60_000);
    // Once for each set of the settings the form's rules depend on; each tenant's words and axe
    // on these page states are the test above.
    await page.goto('/');
    // The page frame counts the page once it is running (lead_attributes.visited_pages).
    await expect.poll(() => page.evaluate((slug) => window.sessionStorage.getItem(`forecourt:${slug}:visited-pages`), tenant.slug)).toBe('["/"]');
    await page.goto('/enquire?utm_source=e2e');
    await expect(page.getByRole('heading', { level: 1, name: tenant.labels.enquiryFormTitle })).toBeVisible();
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    await screenshot(page, `${tenant.slug}-enquiry-desktop`);

    // Nothing filled in: the error list and every field's message (spec §5).
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
    await expect(errors).toBeVisible();
    await expect(errors).toContainText('Please enter your name.');
    await expect(errors).toContainText('Please enter an email address or phone number.');
    await expect(errors).toContainText('Invalid postcode. Please enter a 4-digit number.');
    await expect(errors).toContainText('Please select what your enquiry is about.');
    if (tenant.features.enquiryCommentsRequired) await expect(errors).toContainText('Please enter your comments.');
    else await expect(errors).not.toContainText('Please enter your comments.');
    if (tenant.features.enquiryTermsRequired) await expect(errors).toContainText(tenant.labels.termsRequired);
    else await expect(errors).not.toContainText(tenant.labels.termsRequired);
    const several = tenant.dealer.dealerships.length > 1;
    if (several) await expect(errors).toContainText(tenant.labels.dealershipRequired);
    // A single dealership is preselected (spec §4).
    else await expect(form.getByLabel('Preferred dealership')).toHaveValue(tenant.dealer.dealerships[0]?.slug ?? '');
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${tenant.slug}-enquiry-errors-phone`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Postcode input keeps 4 digits only (spec §5).
    await form.getByLabel('Postcode').pressSequentially('40a001');
    await expect(form.getByLabel('Postcode')).toHaveValue('4000');
    // The marketing opt-in starts as the tenant set it (unticked unless the dealer chose otherwise:
    // consent is the shopper's to give); the shopper here ticks it.
    const optIn = form.getByLabel(/Keep me up to date/);
    if (tenant.forms.marketingOptInTicked) await expect(optIn).toBeChecked();
    else {
      await expect(optIn).not.toBeChecked();
      await tick(optIn);
    }

    const name = marker('Enq');
    await fillGeneralEnquiry(page, tenant, name, 'Careers Enquiry');
    await form.getByLabel('Rego').fill('123ABC');
    await tick(form.getByLabel('Finance', { exact: true }));
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();

    const leads = await leadsNamed(tenant.slug, name);
    expect(leads).toHaveLength(1);
    // Staff's command prints the same lead.
    expect(leadsNamedByCommand(tenant.slug, name)).toEqual(leads);
    const lead = leads[0];
    expect(lead?.form).toBe('enquiry');
    // 'Careers Enquiry' → General Enquiry / Career Enquiry (spec §5).
    expect(lead?.category).toBe('General Enquiry');
    expect(lead?.subcategory).toBe('Career Enquiry');
    expect(lead?.status).toBe('Complete');
    expect(lead?.source).toBe('Website');
    expect(lead?.url).toContain('/enquire');
    expect(lead?.user_agent).toBeTruthy();
    expect(lead?.fields).toMatchObject({
      last_name: 'Tester',
      postcode: '4000',
      Rego: '123ABC',
      opt_in: true,
      additional_services: ['Finance'],
      message: 'Please call me about your stock.',
      page_id: '/enquire',
      lead_attributes: { linked_query_params: { utm_source: 'e2e' } },
    });
    const attributes = lead?.fields.lead_attributes as { visited_pages: string[] };
    expect(attributes.visited_pages).toEqual(expect.arrayContaining(['/', '/enquire?utm_source=e2e']));
    if (tenant.features.enquiryTermsRequired) expect(lead?.fields.terms_conditions).toBe(true);

    // Remembered contact details prefill the next form (spec §3).
    await page.goto('/enquire');
    await expect(page.getByLabel('First Name')).toHaveValue(name);
    await expect(page.getByLabel('Postcode')).toHaveValue('4000');
  });

  test('a submission that loses its connection is kept on the device and arrives once', onOneTenant(), async ({ page, context, tenant }) => {
    test.setTimeout(60_000);
    await page.goto('/enquire');
    const name = marker('Out');
    const form = await fillGeneralEnquiry(page, tenant, name);

    // The request reaches the server (the lead is stored) but the answer never comes back.
    let dropped = 0;
    await page.route('**/api/leads', async (route) => {
      if (dropped > 0) return route.continue();
      dropped += 1;
      // Deliver it to the server ourselves (Node cannot resolve *.localhost for route.fetch), then drop the answer.
      const sent = route.request();
      const headers = await sent.allHeaders();
      const delivered = await tenantHttp(tenant.slug, '/api/leads', { method: 'POST', headers: { 'content-type': 'application/json', origin: headers.origin ?? '', 'idempotency-key': headers['idempotency-key'] ?? '' }, body: sent.postData() ?? '' });
      expect(delivered.status).toBe(201);
      await route.abort('connectionreset');
    });
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page.getByRole('status').filter({ hasText: 'saved on this device' })).toBeVisible({ timeout: 15_000 });
    expect(dropped).toBe(1);

    // Then the browser goes offline; the outbox waits, and resends when it is back.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/success\?type=enquiry$/, { timeout: 15_000 });
    expect(await leadsNamed(tenant.slug, name)).toHaveLength(1);
    const outbox = await page.evaluate((slug) => window.localStorage.getItem(`forecourt:${slug}:lead-outbox`), tenant.slug);
    expect(outbox).toBeNull();
  });

  test('a refused submission shows the alert and the server message, and the spinner stops (spec §8)', onOneTenant(), async ({ page, tenant, expectNoAxeViolations }) => {
    test.setTimeout(60_000);
    await page.goto('/enquire');
    const name = marker('Ref');
    const form = await fillGeneralEnquiry(page, tenant, name);
    const button = form.getByRole('button', { name: tenant.labels.enquiryFormTitle });

    // The server refuses the lead (its own answer to a body it does not accept: the request is
    // passed on with an email the server rejects).
    let fieldMessage = '';
    await page.route('**/api/leads', async (route) => {
      const sent = route.request();
      const headers = await sent.allHeaders();
      const body = { ...(JSON.parse(sent.postData() ?? '{}') as Record<string, unknown>), email: 'not an email' };
      const answer = await tenantHttp(tenant.slug, '/api/leads', { method: 'POST', headers: { 'content-type': 'application/json', origin: headers.origin ?? '', 'idempotency-key': headers['idempotency-key'] ?? '' }, body: JSON.stringify(body) });
      expect(answer.status).toBe(400);
      const refusal = answer.json as { error: string; fields: { path: string; message: string }[] };
      expect(refusal.error).toMatch(/^Invalid body: email: /);
      expect(refusal.fields[0]?.path).toBe('email');
      fieldMessage = refusal.fields[0]?.message ?? '';
      await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.json) });
    });
    await button.click();
    // The alert is a dialog that takes focus and is named by the spec's text; the server's
    // message is its description and the form's error, in plain words: the refused field by the
    // form's own label, never the API's summary with its field paths.
    const alert = page.getByRole('alertdialog', { name: 'An error occurred when submitting this form' });
    await expect(alert).toBeVisible();
    expect(fieldMessage).toBe('Please enter a valid email address.');
    const plain = `Email: ${fieldMessage}`;
    await expect(alert).toContainText(plain);
    await expect(page.getByText('Invalid body')).toHaveCount(0);
    const ok = alert.getByRole('button', { name: 'OK' });
    await expect(ok).toBeFocused();
    await expectNoAxeViolations(page);
    // The page is not blocked: the dialog closes on OK (or Escape), focus goes back to the send
    // button, and the form keeps its error and what the shopper typed.
    await ok.click();
    await expect(alert).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page.getByText(plain)).toBeVisible();
    await expect(page.getByText('Invalid body')).toHaveCount(0);
    await expect(form.getByLabel('First Name')).toHaveValue(name);
    // The spinner stopped: the button is back, enabled, and nothing was stored.
    await expect(button).toBeEnabled();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/enquire$/);
    expect(await leadsNamed(tenant.slug, name)).toHaveLength(0);
    await expectNoAxeViolations(page);

    // A refusal without a message: the form error is the same text, said once.
    await page.unroute('**/api/leads');
    await page.route('**/api/leads', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{}' }));
    await button.click();
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(/^An error occurred when submitting this form\s*OK$/);
    await page.keyboard.press('Escape');
    await expect(alert).toBeHidden();
    await expect(button).toBeEnabled();
    await expect(page.getByText('An error occurred when submitting this form')).toHaveCount(1);
    expect(await leadsNamed(tenant.slug, name)).toHaveLength(0);
  });

  test('a submission made offline is queued, survives a reload and is sent once when back online', onOneTenant(), async ({ page, context, tenant }) => {
    test.setTimeout(60_000);
    await page.goto('/enquire');
    const name = marker('Off');
    const form = await fillGeneralEnquiry(page, tenant, name);
    // A form that has started (its code arrived) queues what is sent offline; one whose code the
    // lost connection held back waits for it (the test above).
    await expect(form).toHaveAttribute('data-interactive', 'true');
    await context.setOffline(true);
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page.getByRole('status').filter({ hasText: 'saved on this device' })).toBeVisible();
    expect(await leadsNamed(tenant.slug, name)).toHaveLength(0);
    await context.setOffline(false);
    // A new page load (any page) sends what the device kept.
    await page.goto('/privacy-policy');
    await expect.poll(async () => (await leadsNamed(tenant.slug, name)).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.evaluate((slug) => window.localStorage.getItem(`forecourt:${slug}:lead-outbox`), tenant.slug)).toBeNull();
    expect(await leadsNamed(tenant.slug, name)).toHaveLength(1);
  });

  test('a connection lost while the form’s code loads leaves the page as the server rendered it; back online, the form starts with what was typed and sends it', onOneTenant(), async ({ page, context, tenant }) => {
    test.setTimeout(60_000);
    // The form's code is asked for while the page starts; that first answer is lost with the connection.
    let asked = 0;
    const gate: { asked?: () => void; lose?: () => void } = {};
    const firstAsked = new Promise<void>((resolve) => (gate.asked = resolve));
    const lost = new Promise<void>((resolve) => (gate.lose = resolve));
    await page.route(/\/assets\/enquiry-form-[\w-]+\.js$/, async (route) => {
      asked += 1;
      if (asked > 1) return route.continue();
      gate.asked?.();
      await lost;
      await route.abort('internetdisconnected');
    });
    const failed = new Promise<void>((resolve) => page.on('requestfailed', (request) => /enquiry-form-/.test(request.url()) && resolve()));
    await page.goto('/enquire', { waitUntil: 'commit' });
    await firstAsked;
    await context.setOffline(true);
    gate.lose?.();
    await failed;
    // Still the server's page: its form is there and keeps what the shopper types.
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    const name = marker('Tunnel');
    await form.getByLabel('First Name').fill(name);
    await expect(form).toHaveAttribute('data-interactive', 'false');
    await context.setOffline(false);
    await expect(form).toHaveAttribute('data-interactive', 'true', { timeout: 15_000 });
    expect(asked, 'the form’s code was asked for again').toBe(2);
    await expect(form.getByLabel('First Name')).toHaveValue(name);
    await fillGeneralEnquiry(page, tenant, name);
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/);
    expect(await leadsNamed(tenant.slug, name)).toHaveLength(1);
  });

  test('an enquiry about a car carries the car and asks no dealership', onOneTenant({ variant: (t) => String(t.features.enquiryTermsRequired) }), async ({ page, tenant, expectNoAxeViolations }) => {
    const car = await availableCar(tenant.slug);
    await page.goto(`/enquire?car_id=${car.id}`);
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    await expect(form.getByLabel('Preferred dealership')).toHaveCount(0);
    // The address keeps the id as it was linked once the page has started: not `car_id=%22516%22`.
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    await expect.poll(() => new URL(page.url()).search).toBe(`?car_id=${car.id}`);
    await expect(form.getByLabel('Enquiry type')).toHaveCount(0);
    const name = marker('Car');
    await fillCarEnquiry(form, tenant, name, '2000', 'Is it still available?');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${tenant.slug}-enquiry-car-phone`);
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/);
    const [lead] = await leadsNamed(tenant.slug, name);
    expect(lead?.car_id).toBe(car.id);
    expect(lead?.fields).toMatchObject({ car_id: car.id, source: 'Website' });
    expect(typeof lead?.fields['Vehicle Make']).toBe('string');

    // The same car by slug; an unknown car is a real 404.
    await page.goto(`/enquire?car_id=${car.slug}`);
    await expect(page.getByText(`${car.make} ${car.model}`).first()).toBeVisible();
    expect((await tenantHttp(tenant.slug, '/enquire?car_id=no-such-car-999')).status).toBe(404);
  });

  test("a car's own page: Enquire leads to the form about that car, which reaches the dealer with it", onOneTenant({ variant: (t) => String(t.features.enquiryTermsRequired) }), async ({ page, tenant, expectNoAxeViolations }) => {
    const car = await availableCar(tenant.slug);
    await page.goto(`/cars/${car.slug}`);
    // The first Enquire button (the page's actions; the phone bar has its own).
    await page.getByRole('link', { name: 'Enquire', exact: true }).first().click();
    await expect(page).toHaveURL(/#enquiry-form$/);
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    await expect(form).toBeInViewport();
    // The car is the page itself: no summary of it, no dealership to choose.
    await expect(page.locator('#enquiry-form').getByRole('heading', { level: 2, name: tenant.labels.enquiryFormTitle })).toBeVisible();
    await expect(form.getByLabel('Preferred dealership')).toHaveCount(0);
    const name = marker('Page');
    await fillCarEnquiry(form, tenant, name, '3000', 'Can I see it on Saturday?');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/);
    const [lead] = await leadsNamed(tenant.slug, name);
    expect(lead?.car_id).toBe(car.id);
    expect(lead?.fields).toMatchObject({ car_id: car.id, message: 'Can I see it on Saturday?' });
  });

  test("a car's page hydrates before its enquiry form's code arrives: the server's form stays, keeps what was typed and sends it", onOneTenant(), async ({ page, tenant }) => {
    const car = await availableCar(tenant.slug);
    const problems = watchConsole(page);
    // The form engine's code is held back until the rest of the page has hydrated and the shopper has started.
    const gate: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.release = resolve));
    await page.route(/\/assets\/lead-form-section-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/cars/${car.slug}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
    await expect(form).toHaveAttribute('data-interactive', 'false');
    await page.evaluate(() => ((window as { serverForm?: Element | null }).serverForm = document.querySelector('#enquiry-form form')));
    // Enquire (an in-page link: the router's location changes and the page renders again), then typing.
    await page.getByRole('link', { name: 'Enquire', exact: true }).first().click();
    await expect(page).toHaveURL(/#enquiry-form$/);
    const name = marker('Early');
    await form.getByLabel('First Name').fill(name);
    gate.release?.();
    await expect(form).toHaveAttribute('data-interactive', 'true');
    expect(await page.evaluate(() => document.querySelector('#enquiry-form form') === (window as { serverForm?: Element | null }).serverForm), 'the form is the server-rendered one').toBe(true);
    await expect(form.getByLabel('First Name')).toHaveValue(name);
    await form.getByLabel('Mobile Number').fill('0412 345 678');
    await form.getByLabel('Postcode').fill('3000');
    await form.getByLabel(tenant.labels.commentsLabel).fill('Typed while the form was loading');
    if (tenant.features.enquiryTermsRequired) await tickTerms(form);
    await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
    await expect(page).toHaveURL(/\/success\?type=enquiry$/);
    const [lead] = await leadsNamed(tenant.slug, name);
    expect(lead?.car_id).toBe(car.id);
    expect(problems, 'console errors and hydration warnings').toEqual([]);
  });

  test('the enquiry page is a real form without JavaScript', async ({ browser, tenant, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
    const page = await context.newPage();
    const response = await page.goto('/enquire');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: tenant.labels.enquiryFormTitle })).toBeVisible();
    for (const label of ['First Name', 'Email', 'Mobile Number', 'Postcode', tenant.labels.commentsLabel]) await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByRole('button', { name: tenant.labels.enquiryFormTitle })).toBeVisible();
    await context.close();
  });
});
