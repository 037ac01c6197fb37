import { stringify } from 'csv-stringify/sync';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { zonedDateTimeText } from '../../schema/zoned-time.ts';
import { attributionOf } from './pages.ts';
import { carSnapshotView } from './snapshot.ts';
import type { InboxLead } from './store.ts';
import { DEPARTMENT_LABELS, FORM_LABELS, labelOf, STATUS_LABELS } from './words.ts';

/*
 * The filtered list as a CSV file for a spreadsheet or a CRM import (csv-stringify writes it:
 * quoting, commas and line breaks inside cells). Spreadsheets run a cell that starts with =, +,
 * -, @, a tab or a carriage return as a formula, so such text (a shopper can type anything) is
 * written with a leading apostrophe, which spreadsheets show as plain text (OWASP's advice).
 */

/** The CSV's columns, in order. */
export const CSV_COLUMNS = [
  'Lead', 'Received', 'Form', 'Department', 'Dealership', 'Status', 'Name', 'Email', 'Phone', 'Postcode', 'Comments',
  'Car', 'Price shown', 'Stock number', 'First page', 'Came from', 'utm_source', 'utm_medium', 'utm_campaign',
] as const;

/**
 * A cell as text a spreadsheet shows and never runs.
 * @param text the cell's text
 */
export function inertCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The leads as CSV text (a header row, then one row per lead).
 * @param leads the leads, in the order to write them
 * @param tenant the site (its time zone)
 */
export function leadsCsv(leads: readonly InboxLead[], tenant: ResolvedTenant): string {
  const rows = leads.map((lead) => {
    const attribution = attributionOf(lead.fields);
    const params = Object.fromEntries(attribution.params);
    const snapshot = carSnapshotView(lead.car_snapshot);
    const message = lead.fields.message;
    const postcode = lead.fields.postcode;
    const last = typeof lead.fields.last_name === 'string' ? lead.fields.last_name : '';
    return [
      String(lead.id),
      zonedDateTimeText(new Date(lead.created_at), tenant.timeZone),
      labelOf(FORM_LABELS, lead.form),
      labelOf(DEPARTMENT_LABELS, lead.department),
      lead.dealership_name ?? '',
      labelOf(STATUS_LABELS, lead.dealer_status),
      [lead.name ?? '', last].filter(Boolean).join(' '),
      lead.email ?? '',
      lead.phone ?? '',
      typeof postcode === 'string' ? postcode : '',
      typeof message === 'string' ? message : '',
      snapshot?.title ?? '',
      snapshot?.price ?? '',
      snapshot?.stockNumber ?? '',
      attribution.landing ?? '',
      attribution.referrer ?? '',
      params.utm_source ?? '',
      params.utm_medium ?? '',
      params.utm_campaign ?? '',
    ].map(inertCell);
  });
  return stringify([[...CSV_COLUMNS], ...rows], { record_delimiter: 'windows', bom: true });
}
