import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { request } from '../../server/local-client.ts';
import { E2E_PORT } from './tenants.ts';

/*
 * The e2e server's local mailbox, read as a shopper's mail client would: the newest email to an
 * address, parsed with mailparser from the message as received. Accounts in journeys are made
 * the way a shopper makes one: sign up, open the emailed link, confirm.
 */

const LOCAL_HOST = `localhost:${E2E_PORT}`;

/** The plain text of the newest email to `to` whose subject matches, waiting up to 10 s for it to arrive. */
export async function newestEmailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const list = (await request(E2E_PORT, LOCAL_HOST, '/mailbox/messages.json')).json as { id: number; to: string[]; subject: string }[];
        id = list.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))?.id;
        return id !== undefined;
      },
      { timeout: 10_000, message: `an email to ${to} with a subject like ${subject}` },
    )
    .toBe(true);
  const parsed = await simpleParser((await request(E2E_PORT, LOCAL_HOST, `/mailbox/${id}/raw`)).body);
  return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
}

/** The confirmation link of the newest sign-up email to an address. */
export async function confirmationLink(email: string): Promise<string> {
  const mail = await newestEmailTo(email, /^Confirm your email/);
  const link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in the email to ${email}`);
  return link;
}

/**
 * Opens the newest confirmation link sent to `email` and confirms: the shopper is then signed in
 * and on the page they were going to when they signed up.
 */
export async function confirmEmail(page: Page, email: string): Promise<void> {
  await page.goto(await confirmationLink(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).not.toHaveURL(/\/confirm-email/);
}

/**
 * Creates a shopper account from the page's origin (the sign-up call the form makes), then opens
 * the emailed link and confirms, as the shopper would. Ends signed in, on `redirect` (or home).
 */
export async function signUpConfirmed(page: Page, account: { email: string; password: string; name: string; phone?: string; redirect?: string }): Promise<void> {
  const status = await page.evaluate(async (body) => {
    const r = await fetch('/api/auth/sign-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return r.status;
  }, account);
  expect(status).toBe(202);
  await confirmEmail(page, account.email);
}
