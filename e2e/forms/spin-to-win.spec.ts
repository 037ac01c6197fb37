import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { tick } from '../lib/shopper.ts';
import { leadsNamed, marker, screenshot } from './leads.ts';
import { signUpConfirmed } from '../lib/mailbox.ts';
import { setServerClock } from '../lib/test-clock.ts';

// Spec §2 /spin-to-win (spec §6: signed in first where the tenant gates it): the tenant's
// promotion with its dates, prizes, chances and terms; one spin per person, drawn and recorded
// by the server as a lead the dealer reads. 404 where the tenant runs none. The page and the
// server run on a clock the test sets inside (and outside) the promotion's dates.

type Promo = NonNullable<ResolvedTenant['content']['spinToWin']>;

/** A moment `hours` after the promotion's start. */
const after = (promo: Promo, hours: number) => new Date(Date.parse(promo.start) + hours * 3_600_000);

async function at(page: Page, when: Date) {
  await page.clock.setFixedTime(when);
  await setServerClock(page, when.toISOString());
}

/** The chance as the page writes it (an independent reading: '2.5%'). */
const percent = (n: number) => `${Number(n.toFixed(2))}%`;

test('spin to win: the prizes and their chances, one spin per person, the result recorded for the dealer', async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(90_000);
  const promo = tenant.content.spinToWin;
  if (!tenant.features.spinToWin || !promo) {
    expect((await tenantHttp(tenant.slug, '/spin-to-win')).status).toBe(404);
    return;
  }
  const name = marker('Spin');
  const email = `${name.toLowerCase()}@example.com`;
  const phone = `04${String(Date.now()).slice(-8)}`;
  await at(page, after(promo, 24));
  if (tenant.features.gatedSpinToWin) {
    const signedOut = await tenantHttp(tenant.slug, '/spin-to-win');
    expect(signedOut.status).toBe(302);
    expect(new URL(signedOut.headers.location ?? '', 'http://x').searchParams.get('type')).toBe('spin-to-win');
    await page.goto('/');
    await signUpConfirmed(page, { email, password: 'a long password', name, phone });
  }
  await page.goto('/spin-to-win');
  await expect(page.getByRole('heading', { level: 1, name: promo.title })).toBeVisible();
  const table = page.getByRole('table', { name: 'Prizes and the chance of winning each on one spin' });
  for (const prize of promo.prizes) await expect(table.getByRole('row', { name: `${prize.label} ${percent(prize.chance)}` })).toBeVisible();
  const rest = 100 - promo.prizes.reduce((sum, p) => sum + p.chance, 0);
  if (rest > 0) await expect(table.getByRole('row', { name: `No prize ${percent(rest)}` })).toBeVisible();
  await expect(page.getByText(promo.terms)).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole('form', { name: 'Spin the Wheel' });
  await form.getByRole('button', { name: 'Spin the Wheel' }).click();
  const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
  await expect(errors).toContainText('Please agree to the terms of the promotion.');
  await form.getByLabel('Full name').fill(name);
  if (!tenant.features.gatedSpinToWin) await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile Number').fill(phone);
  await tick(form.getByLabel('I agree to the terms and conditions of this promotion'));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${tenant.slug}-spin-to-win-phone`);
  await form.getByRole('button', { name: 'Spin the Wheel' }).click();
  const result = page.getByRole('status').filter({ hasText: /You won: |No prize this time/ });
  await expect(result).toBeVisible();
  await expectNoAxeViolations(page);

  const [lead] = await leadsNamed(tenant.slug, name);
  expect(lead).toMatchObject({ form: 'spin_to_win', category: 'Spin to Win', email });
  const prize = String(lead?.fields.prize);
  expect([...promo.prizes.map((p) => p.label), 'No prize']).toContain(prize);
  await expect(result).toHaveText(prize === 'No prize' ? 'No prize this time. Thanks for playing!' : `You won: ${prize}`);

  // A second spin by the same person is refused by the server, whatever the page sends.
  const again = await page.evaluate(
    async ({ n, e, p }) => (await fetch('/api/spin-to-win', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: n, email: e, phone: p, terms_conditions: true }) })).json(),
    { n: name, e: email, p: phone },
  );
  expect(again.error).toBe('You have already spun in this promotion: one spin per person.');
  expect(await leadsNamed(tenant.slug, name)).toHaveLength(1);

  // Outside the dates there is nothing to spin.
  await at(page, new Date(Date.parse(promo.start) - 60_000));
  await page.goto('/spin-to-win');
  await expect(page.getByText(/^Spinning opens on /)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Spin the Wheel' })).toHaveCount(0);
  await at(page, new Date(Date.parse(promo.expiry)));
  await page.goto('/spin-to-win');
  await expect(page.getByText('This promotion has ended.')).toBeVisible();
});
