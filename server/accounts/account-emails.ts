import type { HostedTenant } from '../tenants.ts';

/*
 * The words of the emails about a shopper's account. Each has a readable HTML part and a plain
 * text part with the same links, so any mail client shows a working link.
 */

/** An email about an account, ready for the mail transport. */
export interface AccountEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a;line-height:1.45">
<h1 style="font-size:22px">${escape(title)}</h1>
${paragraphs.join('\n')}
</body></html>
`;
}

const button = (href: string, label: string) =>
  `<p><a href="${escape(href)}" style="display:inline-block;background:#1a56db;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">${escape(label)}</a></p><p style="font-size:13px;color:#555">Or copy this address into your browser: ${escape(href)}</p>`;

/**
 * The confirmation link of a sign-up: the account exists once it is opened.
 * @param tenant the dealer's site
 * @param to the address signed up
 * @param name the name signed up with
 * @param link the confirmation page with its token
 * @param hours how long the link works
 */
export function confirmSignUpEmail(tenant: HostedTenant, to: string, name: string, link: string, hours: number): AccountEmail {
  const site = tenant.config.name;
  const subject = `Confirm your email to finish creating your ${site} account`;
  const intro = `Hi ${name}, please confirm this email address to finish creating your ${site} account. Your account is ready to use once you have confirmed.`;
  const validity = `The link works once, for ${hours} hours.`;
  const ignore = `If you did not ask to create an account, ignore this email: no account is made without this step.`;
  return {
    to,
    subject,
    text: [intro, '', `Confirm your email: ${link}`, '', validity, ignore].join('\n'),
    html: html('Confirm your email address', [`<p>${escape(intro)}</p>`, button(link, 'Confirm my email'), `<p>${escape(validity)} ${escape(ignore)}</p>`]),
  };
}

/**
 * What an address that already has an account receives when someone signs up with it: sign in,
 * or reset the password. The sign-up changed nothing on the account.
 * @param tenant the dealer's site
 * @param to the account's address
 * @param signInLink the sign-in page
 * @param resetLink the password-reset page
 */
export function alreadyRegisteredEmail(tenant: HostedTenant, to: string, signInLink: string, resetLink: string): AccountEmail {
  const site = tenant.config.name;
  const subject = `You already have an account with ${site}`;
  const intro = `Someone, probably you, tried to create a ${site} account with this email address. You already have an account with this address, so no new one was made.`;
  const ignore = `If this was not you, you can ignore this email: nothing on your account has changed.`;
  return {
    to,
    subject,
    text: [intro, '', `Sign in: ${signInLink}`, `Forgotten your password? Reset it: ${resetLink}`, '', ignore].join('\n'),
    html: html(`You already have an account with ${site}`, [
      `<p>${escape(intro)}</p>`,
      button(signInLink, 'Sign in'),
      `<p>Forgotten your password? <a href="${escape(resetLink)}">Reset your password</a>.</p>`,
      `<p>${escape(ignore)}</p>`,
    ]),
  };
}

/**
 * A password-reset link.
 * @param tenant the dealer's site
 * @param to the account's address
 * @param link the reset page with its token
 * @param minutes how long the link works
 */
export function resetPasswordEmail(tenant: HostedTenant, to: string, link: string, minutes: number): AccountEmail {
  const site = tenant.config.name;
  const subject = `Reset your ${site} password`;
  const intro = `We received a request to reset the password of your ${site} account. Choose a new password here:`;
  const validity = `The link works once, for ${minutes} minutes.`;
  const ignore = `If you did not ask for this, ignore this email: your password stays as it is.`;
  return {
    to,
    subject,
    text: [intro, link, '', validity, ignore].join('\n'),
    html: html('Reset your password', [`<p>${escape(intro)}</p>`, button(link, 'Choose a new password'), `<p>${escape(validity)} ${escape(ignore)}</p>`]),
  };
}

/**
 * The link that starts a hold asked for without an account (sites that do not gate checkout):
 * the car is held only once the shopper opens it, and only if nobody confirmed a hold first.
 * @param tenant the dealer's site
 * @param to the address typed into the reserve form
 * @param hold the shopper's name, the car's title, the deposit and hold hours, the link and its minutes
 */
export function confirmHoldEmail(
  tenant: HostedTenant,
  to: string,
  hold: { name: string; car: string; deposit: string; hours: number; link: string; minutes: number },
): AccountEmail {
  const site = tenant.config.name;
  const subject = `Confirm your reservation of the ${hold.car}`;
  const intro = `Hi ${hold.name}, you asked ${site} to reserve the ${hold.car}. Confirm within ${hold.minutes} minutes to hold it for ${hold.hours} hours with a fully refundable deposit of ${hold.deposit}.`;
  const pending = `Until you confirm, the car is not held: if another shopper confirms a reservation first, it goes to them.`;
  const ignore = `If you did not ask to reserve this car, ignore this email: nothing is reserved without this step.`;
  return {
    to,
    subject,
    text: [intro, '', `Confirm my reservation: ${hold.link}`, '', pending, `The link works once, for ${hold.minutes} minutes.`, ignore].join('\n'),
    html: html('Confirm your reservation', [
      `<p>${escape(intro)}</p>`,
      button(hold.link, 'Confirm my reservation'),
      `<p>${escape(pending)} The link works once, for ${hold.minutes} minutes.</p>`,
      `<p>${escape(ignore)}</p>`,
    ]),
  };
}
