import type { ResolvedTenant } from '../resolved-tenant.gen.ts';
import { INVALID_POSTCODE_MESSAGE } from './lead-words.ts';

/*
 * The tenant's own form rules (spec §5), written once and run twice: by the browser before it
 * sends a lead, and by the server before it stores one, so both refuse the same input with the
 * same message. The zod schemas in lead.ts check shapes; these check what depends on the site
 * (Comments required or not, terms, which dealership and location pickers a form shows).
 */

/** Messages of the lead forms. Where the spec gives the text it is the spec's, exactly. */
export const LEAD_MESSAGES = {
  /** Spec §5 default of labels.dealershipRequired. */
  dealershipRequired: '*Please select a dealership location.',
  /** Spec §5 default of labels.termsRequired. */
  termsRequired: '* You must agree to the terms of use before submitting the form.',
  commentsRequired: 'Please enter your comments.',
  categoryRequired: 'Please select what your enquiry is about.',
  contactRequired: 'Please enter an email address or phone number.',
  nameRequired: 'Please enter your name.',
  emailRequired: 'Please enter your email address.',
  phoneRequired: 'Please enter your phone number.',
  kmsRequired: 'Please enter the kilometres.',
  regoStateRequired: 'Please select the rego state.',
  regoRequired: 'Please enter the rego.',
  locationRequired: '*Please select a dealership location.',
  orderDetailRequired: 'Please enter your order details.',
} as const;

/** Categories offered by the general enquiry form (spec §5: 'Careers Enquiry' is sent as General Enquiry / Career Enquiry). */
export const ENQUIRY_CATEGORIES = [
  'General Enquiry',
  'Sales Enquiry',
  'Finance Enquiry',
  'Service Enquiry',
  'Parts Enquiry',
  'Careers Enquiry',
] as const;

/** Which department's locations a form offers: sales forms pick a sales yard, service forms a workshop. */
export type LeadDepartment = 'sales' | 'service' | 'parts';

/** The forms that ask for a dealership when no car names one, and the department they pick from. */
export const FORM_DEPARTMENT: Partial<Record<string, LeadDepartment>> = {
  enquiry: 'sales',
  finance: 'sales',
  test_drive: 'sales',
  short_enquiry: 'sales',
  service: 'service',
  parts: 'parts',
};

/** Forms whose Comments field follows features.enquiryCommentsRequired (request-photos has its hidden default text). */
const COMMENT_FORMS = new Set(['enquiry', 'finance', 'service']);
/** Forms whose postcode input is required (spec §5: required, exactly 4 digits). */
const POSTCODE_FORMS = new Set(['enquiry', 'finance', 'short_enquiry']);
/** Forms filled in over several steps; a later step (lead_id) need not repeat the contact details. */
export const MULTI_STEP_FORMS: ReadonlySet<string> = new Set(['parts', 'trade_in', 'valuation']);
/** Forms that carry the terms box when features.enquiryTermsRequired is on (the test drive has its own rule: see termsRequired). */
const TERMS_FORMS = new Set(['enquiry', 'finance', 'service', 'parts', 'valuation']);

/**
 * Whether a form shows the terms box, which must be ticked. Spec §5: the test-drive form has a
 * terms field only if the dealer has a custom disclaimer (labels.testDriveDisclaimer), whatever
 * features.enquiryTermsRequired says; the other forms with a terms box follow that switch.
 * @param site the tenant config
 * @param form the lead form
 */
function termsRequired(site: LeadRuleSite, form: string): boolean {
  if (form === 'test_drive') return Boolean(site.labels.testDriveDisclaimer?.trim());
  return TERMS_FORMS.has(form) && site.features.enquiryTermsRequired;
}

/** The parts of a tenant config the rules read (a ResolvedTenant fits). */
export interface LeadRuleSite {
  features: Pick<ResolvedTenant['features'], 'enquiryCommentsRequired' | 'enquiryTermsRequired'>;
  labels: Pick<ResolvedTenant['labels'], 'termsRequired' | 'dealershipRequired' | 'testDriveDisclaimer'>;
  dealer: {
    dealerships: Pick<ResolvedTenant['dealer']['dealerships'][number], 'slug' | 'name'>[];
    locations: Pick<ResolvedTenant['dealer']['locations'][number], 'slug' | 'name' | 'dealershipSlug' | 'type' | 'visible'>[];
  };
}

/** A rule broken by a submission: the payload field and the message the form shows beside it. */
export interface LeadRuleIssue {
  path: string;
  message: string;
}

/** A picker option: value sent in the payload and the text shown. */
export interface LeadPickerOption {
  value: string;
  label: string;
}

function servesDepartment(type: string, department: LeadDepartment): boolean {
  if (department === 'sales') return type === 'sales';
  return type === department || type === 'service-and-parts';
}

/**
 * Visible locations of a department, optionally of one dealership, as picker options (value = location slug).
 * On a site without any location of that department, every visible location serves it.
 * @param site the tenant config
 * @param department sales, service or parts
 * @param dealershipSlug only this dealership's locations, when given
 */
export function departmentLocations(site: LeadRuleSite, department: LeadDepartment, dealershipSlug?: string): LeadPickerOption[] {
  const visible = site.dealer.locations.filter((l) => l.visible && (dealershipSlug === undefined || l.dealershipSlug === dealershipSlug));
  const serving = visible.filter((l) => servesDepartment(l.type, department));
  // A site with no location of that department at all (a single yard that does everything)
  // still takes the enquiry at its locations; otherwise only the department's locations count.
  const siteHasDepartment = site.dealer.locations.some((l) => l.visible && servesDepartment(l.type, department));
  return (siteHasDepartment ? serving : visible).map((l) => ({ value: l.slug, label: l.name }));
}

/**
 * Dealerships a form without a car offers (value = dealership slug): those with a visible
 * location of the form's department.
 * @param site the tenant config
 * @param department sales, service or parts
 */
export function departmentDealerships(site: LeadRuleSite, department: LeadDepartment): LeadPickerOption[] {
  return site.dealer.dealerships
    .filter((d) => departmentLocations(site, department, d.slug).length > 0)
    .map((d) => ({ value: d.slug, label: d.name }));
}

/**
 * The value a picker starts with (spec §4: a single-option select preselects itself).
 * @param options the picker's options
 * @param current the value already chosen, kept when still offered
 */
export function preselectedOption(options: readonly LeadPickerOption[], current?: string): string {
  if (current && options.some((o) => o.value === current)) return current;
  return options.length === 1 ? (options[0]?.value ?? '') : '';
}

/** Which site-dependent fields a form shows, from the tenant config and whether a car names the dealership. */
export interface LeadFormShape {
  /** Comments (message) is required. */
  commentsRequired: boolean;
  /** The terms checkbox is shown and must be ticked. */
  termsRequired: boolean;
  /** The dealership picker is shown (no car): its options. */
  dealerships: LeadPickerOption[] | null;
  /** The category select is shown (general enquiry without a car). */
  categoryShown: boolean;
}

/**
 * What a lead form asks for on this site (spec §5): Comments required unless configured off,
 * terms where the site requires them (on the test drive: where it has a custom disclaimer), a
 * dealership picker when no car names the dealership, the category select on the general enquiry.
 * @param site the tenant config
 * @param form the lead form (`enquiry`, `finance`, `service`, `parts`…)
 * @param hasCar whether the lead is about a car (its location names the dealership)
 */
export function leadFormShape(site: LeadRuleSite, form: string, hasCar: boolean): LeadFormShape {
  const department = FORM_DEPARTMENT[form];
  return {
    commentsRequired: COMMENT_FORMS.has(form) && site.features.enquiryCommentsRequired,
    termsRequired: termsRequired(site, form),
    dealerships: department && !hasCar ? departmentDealerships(site, department) : null,
    categoryShown: form === 'enquiry' && !hasCar,
  };
}

/** The fields of a lead the rules look at (any lead payload fits). */
export interface LeadRuleInput {
  form: string;
  car_id?: number | undefined;
  message?: string | undefined;
  category?: string | undefined;
  terms_conditions?: boolean | undefined;
  dealership_slug?: string | undefined;
  location?: string | number | undefined;
  lead_id?: number | undefined;
  form_completed?: boolean | undefined;
  'Order Detail'?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  postcode?: string | undefined;
}

/**
 * Every site rule a lead submission breaks, each naming its field, with the tenant's own
 * messages: a way to reach the shopper (email or phone), the postcode where the form asks it,
 * then the rules of spec §5. Empty when the lead may be stored. A later step of a multi-step
 * lead (lead_id set) is not asked again for what its first step gave; the step that completes
 * it (form_completed) is asked for the order details and the terms.
 * @param site the tenant config
 * @param input the submission
 */
export function leadRuleIssues(site: LeadRuleSite, input: LeadRuleInput): LeadRuleIssue[] {
  const first = input.lead_id === undefined;
  // Single-step forms finish at once; a multi-step form finishes on the step that says so.
  const final = !MULTI_STEP_FORMS.has(input.form) || input.form_completed === true;
  const shape = leadFormShape(site, input.form, input.car_id !== undefined);
  const issues: LeadRuleIssue[] = [];
  if (first) {
    if (input.form === 'trade_in' && !input.name?.trim()) issues.push({ path: 'name', message: LEAD_MESSAGES.nameRequired });
    if (!input.email && !input.phone) issues.push({ path: 'email', message: LEAD_MESSAGES.contactRequired });
    if (POSTCODE_FORMS.has(input.form) && !input.postcode) issues.push({ path: 'postcode', message: INVALID_POSTCODE_MESSAGE });
    if (shape.categoryShown && !input.category?.trim()) issues.push({ path: 'category', message: LEAD_MESSAGES.categoryRequired });
    if (shape.dealerships) issues.push(...pickerIssues(site, input, shape.dealerships));
    if (shape.commentsRequired && !input.message?.trim()) issues.push({ path: 'message', message: LEAD_MESSAGES.commentsRequired });
  }
  if (final) {
    if (input.form === 'parts' && !input['Order Detail']?.trim()) issues.push({ path: 'Order Detail', message: LEAD_MESSAGES.orderDetailRequired });
    if (shape.termsRequired && input.terms_conditions !== true) issues.push({ path: 'terms_conditions', message: site.labels.termsRequired });
  }
  return issues;
}

function pickerIssues(site: LeadRuleSite, input: LeadRuleInput, dealerships: LeadPickerOption[]): LeadRuleIssue[] {
  const department = FORM_DEPARTMENT[input.form] ?? 'sales';
  // A single offered dealership is preselected (spec §4), so leaving it out means that one.
  const chosen = input.dealership_slug || (dealerships.length === 1 ? dealerships[0]?.value : undefined);
  const dealership = dealerships.find((d) => d.value === chosen);
  if (!dealership) return [{ path: 'dealership_slug', message: site.labels.dealershipRequired }];
  const locations = departmentLocations(site, department, dealership.value);
  const location = typeof input.location === 'string' && input.location !== '' ? input.location : undefined;
  const offered = locations.some((l) => l.value === location);
  if ((locations.length > 1 && !offered) || (location !== undefined && !offered)) return [{ path: 'location', message: site.labels.dealershipRequired }];
  return [];
}
