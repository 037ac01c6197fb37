/*
 * The credit-check step of the personalised finance page, for dealers whose finance process runs
 * a consumer credit check (features.gatedEquifaxFinance): who may consent, and to what. The site
 * shows the words, the server checks the age and stores the same words with the consent.
 */

/** The youngest a shopper may be to consent to a credit check (an adult borrower). */
export const CREDIT_CHECK_MIN_AGE = 18;

/**
 * Whole years from a date of birth to a day, both as YYYY-MM-DD.
 * @param dateOfBirth the date of birth
 * @param today the day (the dealer's own calendar day)
 * @example ageOn('2000-06-15', '2018-06-14') // 17
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The consent a shopper gives, word for word as the page shows it and the dealer's record keeps it.
 * @param dealer the dealer's site name
 */
export function creditCheckConsentText(dealer: string): string {
  return `I agree that ${dealer} may obtain my consumer credit report from a credit reporting body, using the details above, to assess my finance application for this car.`;
}

/** Characters of a driver licence number shown wherever it is shown or sent masked (the finance team's sign-in shows it whole). */
export const LICENCE_DIGITS_SHOWN = 3;

/** What a credit-check lead says in place of the date of birth: the server checked the age, so the lead needs no more. */
export const AGE_CONFIRMED = `${CREDIT_CHECK_MIN_AGE} or older (checked)`;

/**
 * A driver licence number as leads, emails, CRM records and webhooks carry it: its last
 * LICENCE_DIGITS_SHOWN characters, the rest as bullets (enough for the finance team to match a
 * shopper on the phone, not enough to use the licence).
 * @param licence the licence number
 * @example maskLicenceNumber('AB123456') // '•••••456'
 */
export function maskLicenceNumber(licence: string): string {
  const shown = Math.min(LICENCE_DIGITS_SHOWN, Math.max(0, licence.length - 1));
  return '•'.repeat(licence.length - shown) + licence.slice(licence.length - shown);
}
