/*
 * Which dealership department a lead is for: the team that should call the shopper back, and
 * the routing key of the dealer's lead emails and CRM deliveries. Service bookings, parts
 * requests and finance applications have forms of their own; a general enquiry names its
 * department through its category ('Service Enquiry', 'Parts Enquiry', 'Finance Enquiry' — the
 * enquiry form's department picker). Everything else is a buyer, so sales.
 */

import type { DealerDepartment } from '../../../schema/api/lead-words.ts';

const BY_FORM: Readonly<Record<string, DealerDepartment>> = { service: 'service', parts: 'parts', finance: 'finance' };

/**
 * The department that handles a lead.
 * @param form the lead's form (enquiry, test_drive, service, parts, finance, reserve, …)
 * @param category the category the shopper chose, if any (e.g. 'Service Enquiry')
 */
export function leadDepartment(form: string, category?: string | null): DealerDepartment {
  const byForm = BY_FORM[form];
  if (byForm) return byForm;
  const words = (category ?? '').toLowerCase();
  if (/\bservic(e|ing)\b/.test(words)) return 'service';
  if (/\bparts?\b/.test(words)) return 'parts';
  if (/\bfinanc(e|ing)\b/.test(words)) return 'finance';
  return 'sales';
}
