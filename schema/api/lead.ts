import { z } from 'zod';
import { HONEYPOT_FIELD, INVALID_POSTCODE_MESSAGE, MAX_ATTRIBUTION_URL, MAX_LINKED_PARAM_NAME, MAX_LINKED_PARAM_VALUE, MAX_LINKED_PARAMS } from './lead-words.ts';
import { INVALID_EMAIL_MESSAGE } from '../plain-issue.ts';

/*
 * Lead payloads of spec §3 (enquiry, parts, valuation, trade-in, short enquiry, test drive…) and
 * the answers of the lead endpoints. Field names are the spec's, including the ones with spaces
 * ("Vehicle Make") and symbols ("Part#"), because dealer CRMs receive them as sent.
 */

// The plain values (no zod) live in lead-words.ts, so a form's first scripts need not load zod.
export { HONEYPOT_FIELD, INVALID_POSTCODE_MESSAGE, DEALER_DEPARTMENTS, MAX_ATTRIBUTION_URL, normaliseLeadCategory, type DealerDepartment } from './lead-words.ts';

/** A required text field's message when it is missing altogether, else the rule's own message. */
const missingOr = (missing: string) => (issue: { input?: unknown; code?: string }) => (issue.input === undefined ? missing : undefined);

const postcode = z.string({ error: INVALID_POSTCODE_MESSAGE }).regex(/^\d{4}$/, INVALID_POSTCODE_MESSAGE);
const optionalText = z.string().trim().max(5000).optional();
const email = z.email({ error: (issue) => (issue.input === undefined ? 'Please enter your email address.' : INVALID_EMAIL_MESSAGE) });
const phone = z
  .string({ error: missingOr('Please enter your phone number.') })
  .trim()
  .regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.');

/** Which form produced a lead. */
export const LeadFormSchema = z.enum([
  'enquiry',
  'test_drive',
  'trade_in',
  'valuation',
  'parts',
  'short_enquiry',
  'finance',
  'service',
  'request_photos',
  'reserve',
  /** An order of the online purchase journey (POST /api/orders, never POST /api/leads). */
  'online_purchase',
  /** A payment of the online payment page (POST /api/online-payments, never POST /api/leads). */
  'online_payment',
  /** A spin of the spin-to-win page (POST /api/spin-to-win, never POST /api/leads). */
  'spin_to_win',
]);
export type LeadForm = z.infer<typeof LeadFormSchema>;

/** Lead status: In Progress while a multi-step form is under way, Complete once form_completed. */
export const LeadStatusSchema = z.enum(['In Progress', 'Complete']);
export type LeadStatus = z.infer<typeof LeadStatusSchema>;

/**
 * Tracking attributes the site adds to every lead (spec §3 lead_attributes), with where the
 * visit began: its first page (`landing_page`, path and query) and the page that sent the
 * shopper there (`referrer`, as the browser tells it: usually only the other site's origin).
 */
export const LeadAttributesSchema = z.object({
  visited_pages: z.array(z.string().max(MAX_ATTRIBUTION_URL)).max(200).default([]),
  linked_query_params: z
    .record(z.string().max(MAX_LINKED_PARAM_NAME), z.string().max(MAX_LINKED_PARAM_VALUE))
    .refine((params) => Object.keys(params).length <= MAX_LINKED_PARAMS, `at most ${MAX_LINKED_PARAMS} parameters`)
    .default({}),
  landing_page: z.string().max(MAX_ATTRIBUTION_URL).optional(),
  referrer: z.string().max(MAX_ATTRIBUTION_URL).optional(),
});

/**
 * The continuation token of a lead: issued once, in the answer that created the lead, and sent
 * back (body `lead_token` or header X-Lead-Token) by every later step of that lead. Lead ids are
 * sequential; the token is what proves a browser continues the lead it started.
 */
export const LeadTokenSchema = z.string().min(16).max(200);

/** Fields every lead may carry, whichever form sent it. */
const leadBase = {
  /** Continue an existing lead (multi-step forms); the lead must belong to this site. */
  lead_id: z.int32().positive().optional(),
  /** With lead_id: the lead_token the server issued when the lead was created (or the X-Lead-Token header). */
  lead_token: LeadTokenSchema.optional(),
  lead_status: LeadStatusSchema.optional(),
  form_completed: z.boolean().optional(),
  /** Alternative to the Idempotency-Key header. */
  idempotency_key: z.string().min(8).max(200).optional(),
  [HONEYPOT_FIELD]: z.string().optional(),
  url: z.string().max(2000).optional(),
  page_id: z.union([z.string(), z.number()]).optional(),
  user_agent: z.string().max(1000).optional(),
  lead_attributes: LeadAttributesSchema.optional(),
  car_id: z.int32().positive().optional(),
  car_dealership_id: z.int32().optional(),
  stock_number: z.string().max(50).optional(),
  car_type: z.enum(['new', 'used', 'demo']).optional(),
  vehicle_status: z.string().max(50).optional(),
  manufacturer_slug: z.string().max(100).optional(),
  'Vehicle Make': z.string().max(100).optional(),
  'Vehicle Model': z.string().max(100).optional(),
  dealership_slug: z.string().max(200).optional(),
  dealership_name: z.string().max(200).optional(),
  dealership_id: z.int32().optional(),
  location: z.union([z.string(), z.number()]).optional(),
  location_id: z.int32().optional(),
  opt_in: z.boolean().optional(),
  /** What the lead is about (Parts Order, Trade-In Valuation, Test Drive…); 'Careers Enquiry' is normalised (spec §5). */
  category: z.string().max(200).optional(),
};

/** Contact fields; at least a name and one way to reach the person. */
const contact = {
  name: z.string({ error: missingOr('Please enter your name.') }).trim().min(1, 'Please enter your name.').max(200),
  last_name: z.string().trim().max(200).optional(),
  email: email.optional(),
  phone: phone.optional(),
  postcode: postcode.optional(),
};

/** Enquiry form payload (spec §3); also used for finance, service and request-photos leads. */
export const EnquiryLeadSchema = z.object({
  form: z.enum(['enquiry', 'finance', 'service', 'request_photos']),
  ...leadBase,
  ...contact,
  message: optionalText,
  category: z.string().max(200).optional(),
  subcategory: z.string().max(200).optional(),
  Rego: z.string().max(20).optional(),
  additional_services: z.array(z.string().max(200)).max(50).optional(),
  /** Ticked terms of use (required where features.enquiryTermsRequired is on). */
  terms_conditions: z.boolean().optional(),
  /** Service booking: preferred date (ISO YYYY-MM-DD), optional. */
  date: z.iso.date().optional(),
  /** Finance enquiry: the amount to borrow in dollars, optional. */
  finance_amount: z.number().nonnegative().max(10_000_000).optional(),
});

/** Test-drive lead: enquiry fields plus an optional preferred date and time. */
export const TestDriveLeadSchema = z.object({
  form: z.literal('test_drive'),
  ...leadBase,
  ...contact,
  message: optionalText,
  category: z.string().max(200).optional(),
  /** ISO date YYYY-MM-DD (optional in spec §5). */
  date: z.iso.date().optional(),
  /** HH:MM (optional in spec §5). */
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Time must be HH:MM.').optional(),
  distribution_location: z.union([z.string(), z.number()]).optional(),
  /** Ticked terms (required where the tenant has labels.testDriveDisclaimer, schema/api/lead-rules.ts). */
  terms_conditions: z.boolean().optional(),
});

/** Parts order form of spec §3 (Rego, VIN and Part# optional in the split variant). */
export const PartsLeadSchema = z.object({
  form: z.literal('parts'),
  ...leadBase,
  ...contact,
  'Vehicle Year': z.union([z.string(), z.number()]).optional(),
  Rego: z.string().max(20).optional(),
  VIN: z.string().max(20).optional(),
  'Part#': z.string().max(200).optional(),
  'Rego, VIN, or Part#': z.string().max(300).optional(),
  /** Required on the step that completes the order (schema/api/lead-rules.ts). */
  'Order Detail': z.string().trim().max(5000).optional(),
  terms_conditions: z.boolean().optional(),
});

/** Valuation enquiry form of spec §3; spec §5 makes kms, regoState, rego, name, phone, email and location required. */
export const ValuationLeadSchema = z.object({
  form: z.literal('valuation'),
  ...leadBase,
  name: contact.name,
  last_name: contact.last_name,
  email,
  phone,
  postcode: contact.postcode,
  PreferredContactMethod: z.enum(['Phone', 'Email', 'SMS']).optional(),
  finance: z.enum(['Yes', 'No']).optional(),
  kms: z.int32({ error: (issue) => (issue.input === undefined ? 'Please enter the kilometres.' : 'Please enter the kilometres as a whole number.') }).nonnegative().max(2_000_000),
  regoState: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'], { error: 'Please select the rego state.' }),
  rego: z.string({ error: missingOr('Please enter the rego.') }).trim().min(1, 'Please enter the rego.').max(10),
  location_id: z.int32({ error: missingOr('*Please select a dealership location.') }),
  message: optionalText,
});

/** Trade-in valuation lead of spec §3 (multi-step: contact details, then offer, then accepted). */
export const TradeInLeadSchema = z.object({
  form: z.literal('trade_in'),
  ...leadBase,
  name: contact.name.optional(),
  last_name: contact.last_name,
  email: email.optional(),
  phone: phone.optional(),
  postcode: contact.postcode,
  rego: z.string().trim().max(10).optional(),
  regoState: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']).optional(),
  kms: z.int32().nonnegative().max(2_000_000).optional(),
  /** Ignored: the offer is always the server's own estimate (a browser cannot set its price). */
  offer_price: z.number().nonnegative().optional(),
  adjustmentAnswers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  offer_accepted: z.boolean().optional(),
});

/** Short enquiry form of spec §3. */
export const ShortEnquiryLeadSchema = z.object({
  form: z.literal('short_enquiry'),
  ...leadBase,
  ...contact,
  'do-you-have-a-trade-in': z.enum(['Yes', 'No'], { error: "Please answer 'Do you have a trade-in?' with Yes or No." }).optional(),
  /** The form's hidden field: what the shopper was looking at when they asked (e.g. a search without results). */
  message: optionalText,
});

/** Reserve-online lead (the car is held on success, see reservations). */
export const ReserveLeadSchema = z.object({
  form: z.literal('reserve'),
  ...leadBase,
  ...contact,
  car_id: z.int32().positive(),
  message: optionalText,
});

/** Body of POST /api/leads: one of the lead forms, told apart by `form`. */
export const LeadSubmissionSchema = z.discriminatedUnion('form', [
  EnquiryLeadSchema,
  TestDriveLeadSchema,
  PartsLeadSchema,
  ValuationLeadSchema,
  TradeInLeadSchema,
  ShortEnquiryLeadSchema,
  ReserveLeadSchema,
]);
export type LeadSubmission = z.infer<typeof LeadSubmissionSchema>;

/** Answer of every lead endpoint. `lead_id` is null only when the submission was discarded as spam. */
export const LeadResponseSchema = z.object({
  success: z.literal(true),
  lead_id: z.int32().nullable(),
  lead_status: LeadStatusSchema,
  /** Trade-in flows: the online estimate in dollars once known (null when not given, e.g. > 7 years or > 100,000 km). */
  offer_price: z.number().nullable().optional(),
  /** Only in the answer that created the lead: send it back with lead_id in every later step. */
  lead_token: z.string().optional(),
});
export type LeadResponse = z.infer<typeof LeadResponseSchema>;

/** Body of POST /api/leads/valuation-adjustments (spec §7: id, adjustmentAnswers). */
export const ValuationAdjustmentsSchema = z.object({
  id: z.int32().positive(),
  lead_token: LeadTokenSchema.optional(),
  adjustmentAnswers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  idempotency_key: z.string().min(8).max(200).optional(),
});

/** Answer of valuation adjustments: the lead and the adjusted offer. */
export const ValuationAdjustmentsResponseSchema = LeadResponseSchema.extend({
  offer_price: z.number().nullable(),
});

/**
 * Trade-in condition questions the embedded valuation understands, with the share of the
 * estimate each "Yes" (or true) answer takes off. Unknown questions are stored but do not move
 * the offer.
 */
export const ADJUSTMENT_DEDUCTIONS: Record<string, number> = {
  accident_damage: 0.1,
  mechanical_issues: 0.08,
  warning_lights: 0.05,
  interior_damage: 0.04,
  incomplete_service_history: 0.04,
  tyres_need_replacing: 0.03,
  modifications: 0.02,
};

/** Body of POST /api/leads/rego-lookup (spec §7: rego, regoState). */
export const RegoLookupSchema = z.object({
  rego: z.string().trim().min(1, 'Please enter the rego.').max(10),
  regoState: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']),
  lead_id: z.int32().positive().optional(),
  lead_token: LeadTokenSchema.optional(),
});

/** Answer of rego lookup: the vehicle registered under the plate. */
export const RegoLookupResponseSchema = z.object({
  found: z.boolean(),
  vehicle: z
    .object({
      year: z.int32(),
      make: z.string(),
      model: z.string(),
      badge: z.string().nullable(),
      vin: z.string().nullable(),
      rego_expiry: z.string().nullable(),
    })
    .nullable(),
});

/** Body of POST /api/leads/offer-accepted. */
export const OfferAcceptedSchema = z.object({
  lead_id: z.int32().positive(),
  lead_token: LeadTokenSchema.optional(),
  /** The offer the shopper saw; refused (409) when it is not the server's current offer for the lead. */
  offer_price: z.number().nonnegative().optional(),
  offer_accepted: z.literal(true),
  form_completed: z.boolean().default(true),
  idempotency_key: z.string().min(8).max(200).optional(),
});

/** A stored lead as dealers read it (npm run leads, GET /api/dealer/leads). */
export const StoredLeadSchema = z.object({
  id: z.int32(),
  tenant: z.string(),
  form: LeadFormSchema,
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  status: LeadStatusSchema,
  form_completed: z.boolean(),
  source: z.literal('Website'),
  car_id: z.int32().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
  url: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoredLead = z.infer<typeof StoredLeadSchema>;

/** Body of POST /api/leads/phone-reveal (spec §7 lead tracking on phone reveal). */
export const PhoneRevealSchema = z.object({
  car_id: z.int32().positive().optional(),
  dealership_id: z.int32().optional(),
  website_id: z.int32().optional(),
});
