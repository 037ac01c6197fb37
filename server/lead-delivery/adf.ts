import { XMLBuilder } from 'fast-xml-parser';
import { leadFormName } from '../../site/src/domain/lead-form-name.ts';
import { zonedParts } from '../../schema/zoned-time.ts';
import type { LeadDocument } from './delivered-lead.ts';

/*
 * The lead as an ADF 1.0 document (Auto-lead Data Format, the automotive industry's XML lead
 * format that dealer CRMs read from email): prospect, requestdate, the vehicle(s) of interest,
 * the customer's contact, the dealership (vendor) and the site that sent it (provider).
 * Elements follow the ADF 1.0 DTD's order; fast-xml-parser writes and escapes the XML.
 */

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: false });

type Node = Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as ISO 8601 with the site's UTC offset, e.g. 2026-11-29T06:56:23+10:00 (ADF's requestdate).
 * @param instant the time
 * @param timeZone the site's IANA time zone
 */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** ADF's vehicle interest for a form. */
function interestOf(form: string): string {
  if (form === 'test_drive') return 'test-drive';
  return 'buy';
}

/** The shopper's own car (trade-in and valuation forms; service bookings name the car to service). */
function ownVehicle(fields: Record<string, unknown>, interest: string): Node | null {
  const v = fields.vehicle;
  if (!v || typeof v !== 'object') return null;
  const car = v as Record<string, unknown>;
  if (!text(car.make) && !text(car.model)) return null;
  const node: Node = { '@_interest': interest, '@_status': 'used', year: text(car.year) ?? '', make: text(car.make) ?? '', model: text(car.model) ?? '' };
  if (text(car.vin)) node.vin = text(car.vin);
  if (text(car.badge)) node.trim = text(car.badge);
  if (typeof fields.kms === 'number') node.odometer = { '@_status': 'original', '@_units': 'km', '#text': String(fields.kms) };
  return node;
}

/** Everything the shopper wrote and chose that has no ADF element of its own, as comment lines. */
function commentsOf(doc: LeadDocument): string {
  const f = doc.lead.fields;
  const lines: string[] = [];
  const message = text(f.message);
  if (message) lines.push(message);
  lines.push(`Form: ${leadFormName(doc.lead.form)}${doc.lead.category ? ` (${doc.lead.category}${doc.lead.subcategory ? `, ${doc.lead.subcategory}` : ''})` : ''}`);
  lines.push(`Department: ${doc.lead.department}`);
  for (const [label, key] of [['Preferred date', 'date'], ['Preferred time', 'time'], ['Rego', 'Rego'], ['Rego', 'rego'], ['Offer', 'offer_price'], ['Deposit', 'deposit'], ['Order', 'order_reference']] as const) {
    const value = text(f[key]);
    if (value) lines.push(`${label}: ${value}`);
  }
  if (Array.isArray(f.additional_services) && f.additional_services.length > 0) lines.push(`Also interested in: ${f.additional_services.map(String).join(', ')}`);
  if (doc.lead.car) lines.push(`Car page: ${doc.lead.car.url} (price shown: ${doc.lead.car.price_text})`);
  const utm = doc.lead.attribution?.linked_query_params ?? {};
  const campaign = Object.entries(utm).map(([k, v]) => `${k}=${v}`).join(', ');
  if (campaign) lines.push(`Campaign: ${campaign}`);
  if (doc.lead.attribution?.referrer) lines.push(`Came from: ${doc.lead.attribution.referrer}`);
  if (doc.lead.url) lines.push(`Sent from: ${doc.lead.url}`);
  return lines.join('\n');
}

/**
 * The lead's ADF 1.0 XML document.
 * @param doc the lead as delivered
 * @param deliveryKey the delivery's stable id (the prospect's id, so a CRM can drop a repeat)
 */
export function adfDocument(doc: LeadDocument, deliveryKey: string): string {
  const { lead, vendor, tenant } = doc;
  const f = lead.fields;
  const vehicles: Node[] = [];
  if (lead.car) {
    const car: Node = {
      '@_interest': interestOf(lead.form),
      '@_status': lead.car.car_type === 'new' ? 'new' : 'used',
      id: { '@_source': tenant.config.name, '#text': String(lead.car.id) },
      year: String(lead.car.year),
      make: lead.car.make,
      model: lead.car.model,
    };
    if (lead.car.vin) car.vin = lead.car.vin;
    car.stock = lead.car.stock_number;
    if (lead.car.price !== null) car.price = { '@_type': 'asking', '@_currency': 'AUD', '#text': String(lead.car.price) };
    vehicles.push(car);
  }
  const own = ownVehicle(f, lead.form === 'service' ? 'buy' : 'trade-in');
  if (own) vehicles.push(own);
  if (vehicles.length === 0) {
    // The DTD needs a vehicle; a lead about no particular car names the make and model it gave, if any.
    vehicles.push({ '@_interest': interestOf(lead.form), year: '', make: text(f['Vehicle Make']) ?? '', model: text(f['Vehicle Model']) ?? '' });
  }

  const first = text(lead.name) ?? '';
  const last = text(f.last_name);
  const contact: Node = { name: last ? [{ '@_part': 'first', '#text': first }, { '@_part': 'last', '#text': last }] : { '@_part': 'full', '#text': first } };
  if (lead.email) contact.email = lead.email;
  if (lead.phone) contact.phone = { '@_type': 'voice', '@_time': 'nopreference', '#text': lead.phone };
  const postcode = text(f.postcode);
  if (postcode) contact.address = { postalcode: postcode, country: 'AU' };

  const vendorNode: Node = vendor
    ? {
        id: { '@_source': tenant.config.name, '#text': vendor.slug },
        vendorname: vendor.name,
        contact: {
          '@_primarycontact': '1',
          name: { '@_part': 'full', '#text': vendor.name },
          ...(vendor.phone ? { phone: { '@_type': 'voice', '#text': vendor.phone } } : {}),
          ...(vendor.address ? { address: { street: { '@_line': '1', '#text': vendor.address.street }, city: vendor.address.city, regioncode: vendor.address.state, postalcode: vendor.address.postcode, country: 'AU' } } : {}),
        },
      }
    : { vendorname: tenant.config.name, contact: { name: { '@_part': 'full', '#text': tenant.config.name } } };

  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    '?adf': { '@_version': '1.0' },
    adf: {
      prospect: {
        '@_status': 'new',
        id: [
          { '@_sequence': '1', '@_source': tenant.config.name, '#text': deliveryKey },
          { '@_sequence': '2', '@_source': `${tenant.config.name} lead`, '#text': String(lead.id) },
        ],
        requestdate: isoWithOffset(new Date(lead.created_at), tenant.config.timeZone),
        vehicle: vehicles,
        customer: { contact, comments: commentsOf(doc) },
        vendor: vendorNode,
        provider: {
          name: { '@_part': 'full', '#text': `${tenant.config.name} website` },
          service: leadFormName(lead.form),
          url: tenant.config.siteUrl,
        },
      },
    },
  }) as string;
}
