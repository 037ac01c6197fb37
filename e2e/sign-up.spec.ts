import { expect, onOneTenant, test } from './lib/fixtures.ts';
import { confirmationLink, newestEmailTo } from './lib/mailbox.ts';

// Creating an account on every site: the form answers "check your email" whether or not the
// address has an account; the emailed link makes the account, signs the shopper in and brings
// them where they were going; the link works once; an address with an account is told so by
// email; a forgotten password is reset by an emailed link.
//
// The pages take the site's theme, so every tenant goes through each of them once with axe (the
// first test). How the accounts behave (a refused password, the email sent again, the link that
// works once, an address that has an account) is the same server code on every site: it runs on
// one tenant, picked by its title (onOneTenant in e2e/lib/fixtures.ts).

const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const signedInAs = (page: import('@playwright/test').Page) => page.evaluate(async () => ((await (await fetch('/api/auth/me')).json()) as { user: { email: string } | null }).user?.email ?? null);

test('every page of signing up and of resetting a password passes axe in the site’s theme, and each step leads to the next', async ({ page, expectNoAxeViolations }) => {
  test.setTimeout(90_000);
  const email = unique('themed');
  await page.goto('/sign-in?redirect=%2Fprivacy-policy');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Name').fill('Thea Themed');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('thea likes long walks');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(await confirmationLink(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  expect(await signedInAs(page)).toBe(email);
  await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST' }));

  // A forgotten password: the reset page, its email, the new password page.
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  const resetMail = await newestEmailTo(email, /^Reset your /);
  const resetLink = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(resetMail.text)?.[0];
  await page.goto(resetLink as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password').fill('a fresh new password');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await signedInAs(page)).toBe(email);
});

test('a new shopper confirms their email to get their account, and lands where they were going', onOneTenant(), async ({ page }) => {
  test.setTimeout(90_000);
  const email = unique('new-shopper');
  await page.goto('/sign-in?redirect=%2Fprivacy-policy');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Name').fill('Nell Newcomer');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('password');
  await form.getByRole('button', { name: 'Create account' }).click();
  // A common password is refused by the server, naming it.
  await expect(page.getByRole('alert')).toContainText('Password');
  await form.getByLabel('Password').fill('nell likes long walks');
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  // Not an account yet: nobody is signed in.
  expect(await signedInAs(page)).toBeNull();
  await page.getByRole('button', { name: 'Send the email again' }).click();
  await expect(page.getByRole('status')).toHaveText(`We have sent the email again to ${email}.`);

  const link = await confirmationLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  // The token does not stay in the address bar.
  await expect(page).toHaveURL(/\/confirm-email$/);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  expect(await signedInAs(page)).toBe(email);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has expired or has already been used. Please ask for a new one.');
});

test('signing up with an address that has an account looks the same, and the owner is emailed a way to reset their password', onOneTenant(), async ({ page }) => {
  test.setTimeout(90_000);
  const email = unique('owner');
  await page.goto('/privacy-policy');
  await page.evaluate(async (address) => {
    await fetch('/api/auth/sign-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address, password: 'the owners password', name: 'Olive Owner' }) });
  }, email);
  await page.goto(await confirmationLink(email));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST' }));

  // Someone signs up with the owner's address: the page says exactly what it says for a new one.
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Name').fill('Someone Else');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('someone elses password');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  expect(await signedInAs(page)).toBeNull();
  const note = await newestEmailTo(email, /^You already have an account with /);
  expect(note.text).toContain('no new one was made');

  // The owner follows the note's reset link.
  const reset = /https?:\/\/\S+\/reset-password(?=\s)/.exec(note.text)?.[0];
  expect(reset).toBeTruthy();
  await page.goto(reset as string);
  // The reset page it leads to; asking for the link and choosing the new password are the first test's.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
});
