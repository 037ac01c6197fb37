/*
 * Analytics event ids of spec §7, and which one a form fires. One table, so every part of the
 * site sends the same id for the same thing.
 */

/** Spec §7 analytics event ids. */
export const ANALYTICS_EVENTS = {
  /** Phone number revealed or clicked. */
  phoneClick: 25,
  /** First use of the finance calculator (once per page). */
  financeCalculatorFirstUse: 26,
  /** Watchlist save or favourite. */
  watchlistSave: 39,
  /** Print of a car page. */
  print: 61,
  /** History report opened. */
  historyReport: 60,
  /** Finance enquiry form (one site). */
  financeEnquiry: 9,
  /** Enquiry or test drive about a new car. */
  enquiryNew: 14,
  /** Enquiry about a used car. */
  enquiryUsed: 15,
  /** Test drive, or a car tagged Test Drive Only. */
  testDrive: 17,
  /** Test drive of a used car. */
  usedTestDrive: 48,
  /** After submitting a general enquiry. */
  generalEnquiry: 22,
  /** After submitting a career enquiry. */
  careerEnquiry: 51,
} as const;

/** The event's name in the site's analytics (GA4 event name, tag manager custom event). */
export const ANALYTICS_EVENT_NAMES: Readonly<Record<number, string>> = {
  [ANALYTICS_EVENTS.phoneClick]: 'phone_click',
  [ANALYTICS_EVENTS.financeCalculatorFirstUse]: 'finance_calculator_first_use',
  [ANALYTICS_EVENTS.watchlistSave]: 'watchlist_save',
  [ANALYTICS_EVENTS.print]: 'print',
  [ANALYTICS_EVENTS.historyReport]: 'history_report',
  [ANALYTICS_EVENTS.financeEnquiry]: 'finance_enquiry',
  [ANALYTICS_EVENTS.enquiryNew]: 'enquiry_new_car',
  [ANALYTICS_EVENTS.enquiryUsed]: 'enquiry_used_car',
  [ANALYTICS_EVENTS.testDrive]: 'test_drive',
  [ANALYTICS_EVENTS.usedTestDrive]: 'used_car_test_drive',
  [ANALYTICS_EVENTS.generalEnquiry]: 'general_enquiry',
  [ANALYTICS_EVENTS.careerEnquiry]: 'career_enquiry',
};

/** Event ids looked up by category after a form submit (spec §7: "others looked up by category"). */
export const CATEGORY_EVENTS: Readonly<Record<string, number>> = {
  'General Enquiry': ANALYTICS_EVENTS.generalEnquiry,
  'Career Enquiry': ANALYTICS_EVENTS.careerEnquiry,
  'Careers Enquiry': ANALYTICS_EVENTS.careerEnquiry,
  'Finance Enquiry': ANALYTICS_EVENTS.financeEnquiry,
  'Test Drive': ANALYTICS_EVENTS.testDrive,
};

/**
 * The event a car enquiry or test drive fires when it is sent (spec §7): 14 new, 15 used,
 * 17 test drive or a car tagged Test Drive Only, 48 used test drive. Demo cars count as new.
 * @param form 'enquiry' or 'test_drive'
 * @param carType the car's car_type
 * @param tag the car's tag
 */
export function carFormEventId(form: 'enquiry' | 'test_drive', carType: string | null | undefined, tag?: string | null): number {
  const used = carType === 'used';
  if (form === 'test_drive') return used ? ANALYTICS_EVENTS.usedTestDrive : ANALYTICS_EVENTS.testDrive;
  if (tag?.trim().toLowerCase() === 'test drive only') return ANALYTICS_EVENTS.testDrive;
  return used ? ANALYTICS_EVENTS.enquiryUsed : ANALYTICS_EVENTS.enquiryNew;
}

/**
 * The event fired after a successful submit (spec §7): 22 general enquiry, 51 career enquiry,
 * others by category; null when the category has none. The subcategory wins (a 'Careers
 * Enquiry' is sent as General Enquiry / Career Enquiry).
 * @param category the sent category
 * @param subcategory the sent subcategory
 */
export function submitEventId(category: string | null | undefined, subcategory?: string | null): number | null {
  if (subcategory && CATEGORY_EVENTS[subcategory] !== undefined) return CATEGORY_EVENTS[subcategory] ?? null;
  if (category && CATEGORY_EVENTS[category] !== undefined) return CATEGORY_EVENTS[category] ?? null;
  return null;
}

/** A lead the dealer has received, as the analytics rules see it. */
export interface SentLead {
  /** The lead form (payload `form`: 'enquiry', 'test_drive', 'finance'…). */
  form: string;
  /** The car it is about, if any. */
  car?: { car_type: string | null | undefined; tag?: string | null | undefined } | null | undefined;
  category?: string | null | undefined;
  subcategory?: string | null | undefined;
}

/**
 * The analytics events of a sent lead (spec §7), each once, in order. An enquiry or test drive
 * about a car fires its car event (14 new, 15 used, 17 test drive or Test Drive Only, 48 used
 * test drive) and nothing else (its 'Test Drive' category would count the same drive twice, and
 * as 17 where a used car's is 48); any other lead fires its category's event (22 general
 * enquiry, 51 career enquiry, …). Event 9 (finance enquiry) only on a site configured for it.
 * Fired when the lead is sent, never when a form is shown: a page view is not an enquiry.
 * @param lead the sent lead
 * @param options financeEnquiryEvent: the site sends event 9
 */
export function sentLeadEvents(lead: SentLead, options: { financeEnquiryEvent: boolean }): number[] {
  if (lead.car && (lead.form === 'enquiry' || lead.form === 'test_drive')) return [carFormEventId(lead.form, lead.car.car_type, lead.car.tag)];
  const id = submitEventId(lead.category, lead.subcategory);
  if (id === null || (id === ANALYTICS_EVENTS.financeEnquiry && !options.financeEnquiryEvent)) return [];
  return [id];
}
