/*
 * The lead payloads' plain values and rules, without zod: the forms' first scripts use them, and
 * the schemas (schema/api/lead.ts, which re-exports these) load when a form is sent.
 */

/** Message of spec §5 for a postcode that is not exactly 4 digits. */
export const INVALID_POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';

/** Longest page address a lead's attribution keeps (a landing page, a referrer, a visited page). */
export const MAX_ATTRIBUTION_URL = 2000;

/** Most query parameters (utm_source, gclid…) a lead's attribution keeps, and their longest name and value. */
export const MAX_LINKED_PARAMS = 50;
export const MAX_LINKED_PARAM_NAME = 100;
export const MAX_LINKED_PARAM_VALUE = 500;

/** Name of the honeypot field: hidden from people, filled in by form-filling bots. */
export const HONEYPOT_FIELD = 'website';

/**
 * Applies the spec §5 rule that the category 'Careers Enquiry' is sent as General Enquiry with
 * subcategory Career Enquiry.
 * @param category the category chosen in the form
 * @param subcategory the subcategory chosen in the form, if any
 */
export function normaliseLeadCategory(
  category: string | undefined,
  subcategory: string | undefined,
): { category: string | undefined; subcategory: string | undefined } {
  if (category === 'Careers Enquiry') return { category: 'General Enquiry', subcategory: 'Career Enquiry' };
  return { category, subcategory };
}

/** The departments of a dealership a lead can be routed to (the tenant's lead routes name them). */
export const DEALER_DEPARTMENTS = ['sales', 'service', 'parts', 'finance'] as const;

/** A department of a dealership. */
export type DealerDepartment = (typeof DEALER_DEPARTMENTS)[number];
