import type { LeadForm } from '../../schema/api/lead.ts';
import type { DealerLeadStatus } from '../../schema/api/dealer-inbox.ts';
import type { DealerDepartment } from '../../schema/api/lead-words.ts';

/* The words the inbox shows dealers for the values it stores. */

/** Each form's name as a dealer reads it. */
export const FORM_LABELS: Record<LeadForm, string> = {
  enquiry: 'Enquiry',
  test_drive: 'Test drive',
  trade_in: 'Trade-in',
  valuation: 'Valuation',
  parts: 'Parts',
  short_enquiry: 'Quick enquiry',
  finance: 'Finance',
  service: 'Service booking',
  request_photos: 'Photo request',
  reserve: 'Reservation',
  online_purchase: 'Online purchase',
  online_payment: 'Online payment',
  spin_to_win: 'Spin to win',
};

/** Each department's name. */
export const DEPARTMENT_LABELS: Record<DealerDepartment, string> = { sales: 'Sales', service: 'Service', parts: 'Parts', finance: 'Finance' };

/** Each status's name. */
export const STATUS_LABELS: Record<DealerLeadStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

/** A stored value's label, or the value itself when it has none (a form added later). */
export function labelOf<K extends string>(labels: Record<K, string>, value: string | null | undefined): string {
  if (!value) return '';
  return (labels as Record<string, string>)[value] ?? value;
}

/**
 * Labels of the fields a shopper fills in, in the order the lead page lists them. Fields not
 * named here and not in HIDDEN_FIELDS are listed after them under their own name.
 */
export const FIELD_LABELS: [key: string, label: string][] = [
  ['message', 'Comments'],
  ['postcode', 'Postcode'],
  ['PreferredContactMethod', 'Preferred contact'],
  ['date', 'Preferred date'],
  ['time', 'Preferred time'],
  ['test_drive_place', 'Test drive at'],
  ['location', 'Location'],
  ['dealership_name', 'Dealership chosen'],
  ['finance_amount', 'Amount to borrow'],
  ['vehicle', 'Their vehicle'],
  ['VehicleYear', 'Vehicle year'],
  ['Vehicle Make', 'Vehicle make'],
  ['Vehicle Model', 'Vehicle model'],
  ['Rego', 'Rego'],
  ['rego', 'Rego'],
  ['regoState', 'Rego state'],
  ['VIN', 'VIN'],
  ['kms', 'Kilometres'],
  ['offer_price', 'Online offer'],
  ['offer_accepted', 'Accepted the online offer'],
  ['Part#', 'Part number'],
  ['OrderDetail', 'Order details'],
  ['additional_services', 'Extra services'],
  ['deposit', 'Deposit'],
  ['payment_state', 'Payment'],
  ['held_until', 'Held until'],
  ['promotion', 'Promotion'],
  ['prize', 'Prize'],
  ['payment_for', 'Paying for'],
  ['reference', 'Invoice or stock number'],
  ['amount', 'Amount paid online'],
  ['payment_reference', 'Payment reference'],
  ['category', 'Category'],
  ['subcategory', 'Subcategory'],
  ['opt_in', 'Agreed to hear about offers'],
];

/** Fields that are the platform's own bookkeeping, or shown elsewhere on the lead page. */
export const HIDDEN_FIELDS = new Set([
  'form', 'name', 'last_name', 'email', 'phone', 'lead_attributes', 'source', 'user_agent', 'url', 'page_id', 'car_id',
  'car_dealership_id', 'dealership_id', 'dealership_slug', 'location_id', 'manufacturer_slug', 'stock_number', 'car_type',
  'vehicle_status', 'terms_conditions', 'form_completed', 'lead_status', 'lead_id', 'lead_token', 'idempotency_key',
  'adjustmentAnswers', 'payment_intent', 'deposit_paid_at', 'website_id', 'distribution_location', 'id',
]);

/** Money fields, shown as dollars. */
export const MONEY_FIELDS = new Set(['finance_amount', 'offer_price', 'deposit', 'amount']);
