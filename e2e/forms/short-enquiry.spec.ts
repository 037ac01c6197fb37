import { expect, test, onOneTenant } from '../lib/fixtures.ts';
import { tick } from '../lib/shopper.ts';
import { leadsNamed, marker, pickDealership, screenshot } from './leads.ts';

// The short enquiry form of spec §3 (First Name, last name, postcode, Mobile Number, email, a
// hidden field, do-you-have-a-trade-in Yes/No) where a search finds nothing, on every tenant:
// bad input refused with the fields named (the same rules the server enforces), then a lead the
// dealer reads back with the search that found nothing in its hidden field.

const EMPTY_SEARCH = '/search/new-used-and-demo-cars/?query=zqxwvnothingmatches';

test('a search without results offers the short enquiry; bad input is refused, a valid lead reaches the dealer', onOneTenant({ variant: (t) => String(t.features.enquiryTermsRequired) }), async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  await page.goto(EMPTY_SEARCH);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  const title = "Can't find what you're after?";
  const form = page.getByRole('form', { name: title });
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // Asked at once, as a shopper would: a Send clicked before the page (and the form, loaded
  // before hydration) is interactive is held and replayed.

  // Nothing filled in: the name, a way to reach the shopper and the postcode (spec §5) are asked for.
  await form.getByRole('button', { name: 'Send' }).click();
  const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
  await expect(errors).toContainText('Please enter your name.');
  await expect(errors).toContainText('Please enter an email address or phone number.');
  await expect(errors).toContainText('Invalid postcode. Please enter a 4-digit number.');
  await expect(form.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  const name = marker('short');
  await form.getByLabel('First Name').fill(name);
  await form.getByLabel('Last Name').fill('Shopper');
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  await form.getByLabel('Postcode').fill('4000');
  await pickDealership(form, tenant, 'sales');
  await tick(form.getByRole('radio', { name: 'Yes' }));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${tenant.slug}-short_enquiry-phone`);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/success\?type=short_enquiry$/);

  const leads = await leadsNamed(tenant.slug, name);
  expect(leads).toHaveLength(1);
  const lead = leads[0];
  expect(lead?.form).toBe('short_enquiry');
  expect(lead?.phone).toBe('0412 345 678');
  expect(lead?.fields).toMatchObject({ last_name: 'Shopper', postcode: '4000', 'do-you-have-a-trade-in': 'Yes', message: `Search with no results: ${EMPTY_SEARCH}` });
});
