import { CAR_MAKES } from '../../server/seed/catalog.ts';
import { demoRegistryLookup } from '../../server/valuation.ts';
import { expect, test, onOneTenant } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { availableCar, leadsNamed, marker, screenshot } from './leads.ts';
import { tick } from '../lib/shopper.ts';

// Spec §2/§3/§5/§7: the trade-in valuation flow — rego lookup, condition answers, the server's
// own estimate accepted (offer_accepted, form_completed) — and no online estimate for a car over
// the site's age or km limit. Plates come from the demo registry the server plainly uses.

/** A plate the demo registry answers with a car of a wanted age (the same function the server uses, no requests). */
function plateWhere(wanted: (year: number) => boolean): { rego: string; year: number } {
  for (let i = 0; i < 500; i++) {
    const rego = `FC${String(i).padStart(3, '0')}`;
    const vehicle = demoRegistryLookup(rego, 'QLD', new Date());
    if (wanted(vehicle.year) && CAR_MAKES.some((m) => m.make === vehicle.make && m.models.some((x) => x.model === vehicle.model))) return { rego, year: vehicle.year };
  }
  throw new Error('no plate found');
}

test('a recent car gets the server’s estimate, which the shopper accepts; an old one gets none', onOneTenant({ has: (t) => t.features.tradeIn, variant: (t) => String(t.features.valuationResultLog) }), async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(90_000);
  const car = await availableCar(tenant.slug);
  if (!tenant.features.tradeIn) {
    expect((await tenantHttp(tenant.slug, `/cars/trade-in?car_id=${car.id}`)).status).toBe(404);
    return;
  }
  // The valuation results the page records (spec §7 POST /api/miscellaneous), with the answers.
  const recorded: { body: { column_name: string; lead_id: number; value: Record<string, unknown> }; status: number }[] = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname !== '/api/miscellaneous') return;
    void request.response().then((response) => recorded.push({ body: request.postDataJSON(), status: response?.status() ?? 0 }));
  });
  const thisYear = new Date().getUTCFullYear();
  const recent = plateWhere((year) => thisYear - year <= 3);
  await page.goto(`/cars/trade-in?car_id=${car.id}`);
  const form = page.getByRole('form', { name: 'Value Your Trade-In' });
  await form.getByRole('button', { name: 'Next: Condition' }).click();
  const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
  await expect(errors).toContainText('Please enter the rego.');
  await expect(errors).toContainText('Please enter the kilometres.');
  await expectNoAxeViolations(page);

  const name = marker('Trade');
  await form.getByRole('textbox', { name: /^Rego( \(optional\))?$/ }).fill(recent.rego);
  await form.getByLabel('Rego state').selectOption('QLD');
  await form.getByLabel('Odometer').fill('30000');
  await form.getByLabel('First Name').fill(name);
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  await form.getByRole('button', { name: 'Next: Condition' }).click();

  await expect(page.getByText(/We found/)).toBeVisible();
  await tick(page.getByRole('group', { name: /warning lights/ }).getByLabel('Yes'));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: tenant.labels.getYourValuation }).click();
  const offer = page.getByText(/Our online estimate/);
  await expect(offer.or(page.getByText("We can't give an online estimate for this car."))).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${tenant.slug}-trade-in-offer-phone`);
  const estimated = await offer.isVisible();
  await page.getByRole('button', { name: estimated ? 'Accept Offer' : 'Send My Details' }).click();
  await expect(page).toHaveURL(/\/success\?type=trade_in$/);

  const [lead] = await leadsNamed(tenant.slug, name);
  expect(lead).toMatchObject({ form: 'trade_in', status: 'Complete', form_completed: true, car_id: car.id });
  expect(lead?.fields).toMatchObject({ rego: recent.rego, regoState: 'QLD', kms: 30000, adjustmentAnswers: { warning_lights: 'Yes', accident_damage: 'No' } });
  if (estimated) {
    expect(lead?.fields.offer_accepted).toBe(true);
    expect(typeof lead?.fields.offer_price).toBe('number');
    await expect(offer).toHaveCount(0);
  }
  if (tenant.features.valuationResultLog) {
    // The result the shopper was shown, recorded with their lead (and only logged by the page).
    await expect.poll(() => recorded.length).toBe(1);
    expect(recorded[0]).toEqual({
      status: 201,
      body: {
        column_name: 'valuation',
        lead_id: lead?.id,
        lead_token: expect.any(String),
        value: {
          offer_price: estimated ? lead?.fields.offer_price : null,
          vehicle: expect.objectContaining({ year: recent.year }),
          kms: 30000,
          adjustmentAnswers: expect.objectContaining({ warning_lights: 'Yes', accident_damage: 'No' }),
        },
      },
    });
  }

  // Over 7 years: no online estimate, the team calls.
  const old = plateWhere((year) => thisYear - year > tenant.limits.tradeInMaxAgeYears);
  await page.goto(`/cars/trade-in?car_id=${car.id}`);
  const again = page.getByRole('form', { name: 'Value Your Trade-In' });
  const oldName = marker('Old');
  await again.getByRole('textbox', { name: /^Rego( \(optional\))?$/ }).fill(old.rego);
  await again.getByLabel('Rego state').selectOption('QLD');
  await again.getByLabel('Odometer').fill('30000');
  await again.getByLabel('First Name').fill(oldName);
  await again.getByLabel('Mobile Number').fill('0412 345 678');
  await again.getByRole('button', { name: 'Next: Condition' }).click();
  await page.getByRole('button', { name: tenant.labels.getYourValuation }).click();
  await expect(page.getByText("We can't give an online estimate for this car.")).toBeVisible();
  await page.getByRole('button', { name: 'Send My Details' }).click();
  await expect(page).toHaveURL(/\/success\?type=trade_in$/);
  const [oldLead] = await leadsNamed(tenant.slug, oldName);
  expect(oldLead).toMatchObject({ status: 'Complete' });
  expect(oldLead?.fields.offer_price).toBeUndefined();
  if (tenant.features.valuationResultLog) {
    await expect.poll(() => recorded.length).toBe(2);
    expect(recorded[1]).toMatchObject({ status: 201, body: { column_name: 'valuation', lead_id: oldLead?.id, value: { offer_price: null, kms: 30000 } } });
  } else {
    // A site that keeps no valuation results sends none.
    expect(recorded).toEqual([]);
  }
});
