import { expect } from 'vitest';
import type { RunningServer } from '../index.ts';
import { request, type TestResponse } from '../local-client.ts';

/*
 * A shopper account the way a shopper gets one: sign up, read the confirmation email the server
 * sent to the local mailbox, open its link. Tests that need a signed-in shopper use this; there
 * is no way round the confirmation in the product.
 */

/** The newest email the local mailbox holds for an address. */
export async function newestMailTo(server: RunningServer, email: string) {
  await server.accountMail.idle();
  const mailbox = server.leadDelivery.mailbox;
  if (!mailbox) throw new Error('the test server has no local mailbox (SMTP_URL is set)');
  return mailbox.mails().find((m) => m.to.includes(email.toLowerCase()));
}

/** The token of the link to `page` (confirm-email or reset-password) in the newest email to an address. */
export async function linkTokenFor(server: RunningServer, email: string, page: 'confirm-email' | 'reset-password'): Promise<string> {
  const mail = await newestMailTo(server, email);
  const token = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${page} link in the newest email to ${email} (subject: ${mail?.subject ?? 'none'})`);
  return token;
}

/** The cookies a response sets, as name=value pairs. */
export function setCookies(r: TestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of r.headers['set-cookie'] ?? []) {
    const [pair = ''] = line.split(';');
    const [name = '', ...value] = pair.split('=');
    out[name] = value.join('=');
  }
  return out;
}

/** A Cookie header of the cookies that have a value. */
export const cookieHeader = (cookies: Record<string, string>) => Object.entries(cookies).filter(([, v]) => v !== '').map(([k, v]) => `${k}=${v}`).join('; ');

/** The `name=value` of a response's session cookie. */
export function sessionCookieOf(r: TestResponse): string {
  return (r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('fc_session=')) ?? '';
}

/**
 * Signs up and confirms the emailed link; answers the session cookie and the confirm answer.
 * @param server the running test server
 * @param host the tenant's Host header
 * @param body the sign-up form
 * @param headers headers sent with both requests (client address, origin)
 */
export async function confirmedSignUp(
  server: RunningServer,
  host: string,
  body: { email: string; password: string; name: string; phone?: string },
  headers: Record<string, string> = {},
): Promise<{ cookie: string; confirmed: TestResponse }> {
  const up = await request(server.port, host, '/api/auth/sign-up', { headers, body });
  expect({ status: up.status, body: up.text }).toMatchObject({ status: 202 });
  const token = await linkTokenFor(server, body.email, 'confirm-email');
  const confirmed = await request(server.port, host, '/api/auth/confirm-email', { headers, body: { token } });
  expect({ status: confirmed.status, body: confirmed.text }).toMatchObject({ status: 200 });
  return { cookie: sessionCookieOf(confirmed), confirmed };
}
