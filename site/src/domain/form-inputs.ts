/*
 * Input rules of the lead forms (spec §5): postcode, money and kilometre inputs, the checkbox
 * options collected into additional_services, what the device remembers of the shopper.
 */
import { MAX_ATTRIBUTION_URL, MAX_LINKED_PARAM_NAME, MAX_LINKED_PARAM_VALUE, MAX_LINKED_PARAMS } from '../../../schema/api/lead-words.ts';
import { formatNumber } from '../../../schema/number-format.ts';

/** Spec §5: the postcode input's message (required, exactly 4 digits). */
export const INVALID_POSTCODE = 'Invalid postcode. Please enter a 4-digit number.';

/** Suffix of a checkbox name whose ticked value is collected into additional_services (spec §5). */
export const CHECK_OPTION_SUFFIX = '-check-option';

/** Suffix of helper inputs of radio groups; they are dropped from the payload (spec §5). */
export const RADIO_HELPER_SUFFIX = '-radio-helper';

/**
 * What a postcode input keeps of typed or pasted text: digits only, at most 4, no separators.
 * @param raw the input's text
 */
export function postcodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

/**
 * The postcode rule of spec §5: required and exactly 4 digits.
 * @param value the postcode as typed
 * @returns the spec's message, or null when valid
 */
export function postcodeError(value: string): string | null {
  return /^\d{4}$/.test(value.trim()) ? null : INVALID_POSTCODE;
}

const grouped = { format: (n: number) => formatNumber(n, { maximumFractionDigits: 0 }) };

/**
 * Reads a typed amount ('$12,500', '12500', '12 500.40') as whole dollars; below 0 becomes 0
 * (spec §5); null when there is no number at all.
 * @param text the input's text
 */
export function parseMoney(text: string): number | null {
  const digits = text.replace(/[^\d.-]/g, '');
  if (!/\d/.test(digits)) return null;
  const value = Math.round(Number.parseFloat(digits));
  if (!Number.isFinite(value)) return null;
  return Math.max(0, value);
}

/**
 * Kilometres as a km input shows them: thousand separators and the ' kms' suffix of spec §5.
 * @param km kilometres
 */
export function formatKm(km: number): string {
  return `${grouped.format(Math.round(km))} kms`;
}

/**
 * Reads typed kilometres ('45,000 kms', '45000') as a whole number; null when there is none.
 * @param text the input's text
 */
export function parseKm(text: string): number | null {
  const digits = text.replace(/kms?$/i, '').replace(/[^\d]/g, '');
  return digits === '' ? null : Number.parseInt(digits, 10);
}

/**
 * Form entries as a lead payload's fields (spec §5): ticked checkboxes named with the
 * check-option suffix are collected, in order, into additional_services; radio helper inputs
 * are dropped; other entries are kept (the last of repeated names wins).
 * @param entries the form's [name, value] pairs (FormData order)
 */
export function collectFormEntries(entries: Iterable<[string, string]>): { fields: Record<string, string>; additional_services: string[] } {
  const fields: Record<string, string> = {};
  const services: string[] = [];
  for (const [name, value] of entries) {
    if (name.endsWith(RADIO_HELPER_SUFFIX)) continue;
    if (name.endsWith(CHECK_OPTION_SUFFIX)) {
      if (value && !services.includes(value)) services.push(value);
      continue;
    }
    fields[name] = value;
  }
  return { fields, additional_services: services };
}

/** Contact details the device remembers to prefill the next form (spec §3). */
export interface RememberedContact {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

const CONTACT_KEYS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

/**
 * The contact details to remember after a successful submission: the sent values, falling
 * back to what was remembered for fields this form did not ask.
 * @param sent the submitted payload
 * @param previous what the device remembered before
 */
export function contactToRemember(sent: Record<string, unknown>, previous: Partial<RememberedContact> = {}): RememberedContact {
  const out = {} as RememberedContact;
  for (const key of CONTACT_KEYS) {
    const value = sent[key];
    out[key] = typeof value === 'string' && value.trim() !== '' ? value.trim() : (previous[key] ?? '');
  }
  return out;
}

/**
 * Reads a remembered-contact value from storage, dropping anything that is not a string field.
 * @param raw the parsed stored value (anything)
 */
export function parseRememberedContact(raw: unknown): Partial<RememberedContact> {
  if (!raw || typeof raw !== 'object') return {};
  const out: Partial<RememberedContact> = {};
  for (const key of CONTACT_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.length <= 200) out[key] = value;
  }
  return out;
}

/** Query parameters that say where a visitor came from; they travel with the lead (spec §3 linked_query_params). */
const LINKED_PARAM = /^(utm_[a-z_]+|gclid|fbclid|msclkid|dclid|ref|source)$/i;

/** Where a visit began: its first page (path and query) and the page that sent the visitor, if another site's. */
export interface VisitLanding {
  page: string;
  referrer: string;
}

/** The lead_attributes of spec §3, with where the visit began. */
export interface LeadAttributes {
  visited_pages: string[];
  linked_query_params: Record<string, string>;
  landing_page?: string;
  referrer?: string;
}

/**
 * The lead_attributes of spec §3 from the visitor's pages this session: the pages (newest kept)
 * and the query parameters that say where the visitor came from, taken from those pages' URLs
 * (the first value of each wins: that is how they arrived), with the visit's landing page and
 * referrer. Everything is cut to the limits the server enforces, so a long address never costs
 * the shopper their enquiry.
 * @param visitedPages paths with their query, visited this session, oldest first
 * @param max most pages kept (the newest)
 * @param landing where the visit began, when the device remembered it
 */
export function leadAttributes(visitedPages: readonly string[], max = 50, landing?: VisitLanding | null): LeadAttributes {
  const linked: Record<string, string> = {};
  let count = 0;
  for (const page of visitedPages) {
    const query = page.split('?')[1]?.split('#')[0] ?? '';
    for (const pair of query.split('&')) {
      const [rawKey = '', rawValue = ''] = pair.split('=');
      const key = safeDecode(rawKey);
      const value = safeDecode(rawValue);
      if (count >= MAX_LINKED_PARAMS || key.length > MAX_LINKED_PARAM_NAME || value.length > MAX_LINKED_PARAM_VALUE) continue;
      if (key && LINKED_PARAM.test(key) && !(key in linked)) {
        linked[key] = value;
        count += 1;
      }
    }
  }
  const attributes: LeadAttributes = { visited_pages: visitedPages.slice(-max).map((p) => p.slice(0, MAX_ATTRIBUTION_URL)), linked_query_params: linked };
  if (landing?.page) attributes.landing_page = landing.page.slice(0, MAX_ATTRIBUTION_URL);
  if (landing?.referrer) attributes.referrer = landing.referrer.slice(0, MAX_ATTRIBUTION_URL);
  return attributes;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

