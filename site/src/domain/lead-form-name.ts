/*
 * What a lead is called in words a dealer reads (the lead email's subject, the inbox): the
 * form the shopper sent, in plain English.
 */

const FORM_NAMES: Readonly<Record<string, string>> = {
  enquiry: 'Enquiry',
  test_drive: 'Test drive booking',
  trade_in: 'Trade-in valuation',
  valuation: 'Car valuation',
  parts: 'Parts request',
  short_enquiry: 'Quick enquiry',
  finance: 'Finance enquiry',
  service: 'Service booking',
  request_photos: 'Request for more photos',
  reserve: 'Online reservation',
  online_purchase: 'Online purchase',
  online_payment: 'Online payment',
  spin_to_win: 'Spin to win entry',
};

/**
 * The plain-English name of a lead's form, e.g. 'Test drive booking' for test_drive.
 * @param form the lead's form
 */
export function leadFormName(form: string): string {
  return FORM_NAMES[form] ?? 'Enquiry';
}
