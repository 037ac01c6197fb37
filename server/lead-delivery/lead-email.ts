import { leadFormName } from '../../site/src/domain/lead-form-name.ts';
import { offerDate } from '../../site/src/domain/offer-date.ts';
import { slotTimeLabel } from '../../site/src/domain/test-drive-slots.ts';
import { zonedParts } from '../../schema/zoned-time.ts';
import { adfDocument } from './adf.ts';
import { formatMoney } from '../../schema/number-format.ts';
import type { LeadDocument } from './delivered-lead.ts';
import type { EmailTarget } from './routing.ts';

/*
 * The lead email: a readable summary for the person who opens it (HTML, plain English, the car
 * with its photo and the price the shopper saw), and — in the ADF format — the ADF document as
 * the plain-text body, which is where dealer CRMs that take leads by email read it.
 */

/** A lead email, ready for nodemailer. */
export interface LeadEmail {
  subject: string;
  html: string;
  text: string;
  replyTo: string | undefined;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** "28 November 2026, 9:30 am" in the site's time zone. */
function receivedAt(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return `${offerDate(iso, timeZone)}, ${slotTimeLabel(`${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`)}`;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** The shopper's answers worth reading, labelled. */
function detailRows(doc: LeadDocument): [string, string][] {
  const f = doc.lead.fields;
  const rows: [string, string][] = [];
  const name = [doc.lead.name, str(f.last_name)].filter(Boolean).join(' ');
  if (name) rows.push(['Name', name]);
  if (doc.lead.email) rows.push(['Email', doc.lead.email]);
  if (doc.lead.phone) rows.push(['Phone', doc.lead.phone]);
  const postcode = str(f.postcode);
  if (postcode) rows.push(['Postcode', postcode]);
  if (doc.lead.category) rows.push(['Category', doc.lead.subcategory ? `${doc.lead.category} (${doc.lead.subcategory})` : doc.lead.category]);
  const date = str(f.date);
  if (date) rows.push(['Preferred date', date]);
  const time = str(f.time);
  if (time) rows.push(['Preferred time', time]);
  const rego = str(f.Rego) ?? str(f.rego);
  if (rego) rows.push(['Rego', rego]);
  const vehicle = f.vehicle as { year?: unknown; make?: unknown; model?: unknown } | undefined;
  if (vehicle && typeof vehicle === 'object' && (str(vehicle.make) || str(vehicle.model))) rows.push(['Their car', [str(vehicle.year), str(vehicle.make), str(vehicle.model)].filter(Boolean).join(' ')]);
  if (typeof f.kms === 'number') rows.push(['Kilometres', `${f.kms.toLocaleString('en-AU')} km`]);
  if (typeof f.offer_price === 'number') rows.push(['Online offer', formatMoney(f.offer_price)]);
  if (typeof f.deposit === 'number') rows.push(['Deposit', formatMoney(f.deposit)]);
  if (typeof f.total === 'number') rows.push(['Order total', formatMoney(f.total)]);
  const order = str(f.order_reference);
  if (order) rows.push(['Order', order]);
  if (Array.isArray(f.additional_services) && f.additional_services.length > 0) rows.push(['Also interested in', f.additional_services.map(String).join(', ')]);
  if (f.opt_in === true) rows.push(['Marketing', 'Happy to receive news and offers']);
  return rows;
}

/** Where the shopper came from: landing page, campaign parameters, pages visited. */
function attributionRows(doc: LeadDocument): [string, string][] {
  const rows: [string, string][] = [];
  if (doc.lead.url) rows.push(['Sent from page', doc.lead.url]);
  const a = doc.lead.attribution;
  if (a) {
    if (a.landing_page) rows.push(['First page of the visit', a.landing_page]);
    if (a.referrer) rows.push(['Came from', a.referrer]);
    const campaign = Object.entries(a.linked_query_params).map(([k, v]) => `${k}=${v}`).join(', ');
    if (campaign) rows.push(['Campaign', campaign]);
    if (a.visited_pages.length > 0) rows.push(['Pages visited', a.visited_pages.join('\n')]);
  }
  return rows;
}

/**
 * The email of one lead for one route.
 * @param doc the lead as delivered
 * @param target the route's recipients and format
 * @param deliveryKey the delivery's stable id
 */
export function leadEmail(doc: LeadDocument, target: EmailTarget, deliveryKey: string): LeadEmail {
  const { lead, tenant, vendor } = doc;
  const what = lead.category && lead.form === 'enquiry' ? lead.category : leadFormName(lead.form);
  const who = [lead.name, str(lead.fields.last_name)].filter(Boolean).join(' ') || 'a shopper';
  const subject = `${what} from ${who}${lead.car ? `: ${lead.car.title}` : ''}`;
  const when = receivedAt(lead.created_at, tenant.config.timeZone);
  const details = detailRows(doc);
  const source = attributionRows(doc);
  const message = str(lead.fields.message);
  const table = (rows: [string, string][]) =>
    `<table role="presentation" cellpadding="6" style="border-collapse:collapse">${rows
      .map(([k, v]) => `<tr><th align="left" valign="top" style="padding-right:16px">${escape(k)}</th><td>${escape(v).replace(/\n/g, '<br>')}</td></tr>`)
      .join('')}</table>`;
  const car = lead.car
    ? `<h2 style="font-size:18px">The car</h2>
<p>${lead.car.photo_url ? `<img src="${escape(lead.car.photo_url)}" alt="${escape(lead.car.title)}" width="320" style="display:block;max-width:100%;height:auto"><br>` : ''}<a href="${escape(lead.car.url)}">${escape(lead.car.title)}</a></p>
${table([
  ['Price shown', lead.car.price_text],
  ['Stock number', lead.car.stock_number],
  ...(lead.car.vin ? ([['VIN', lead.car.vin]] as [string, string][]) : []),
])}`
    : '';
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a;line-height:1.45">
<h1 style="font-size:22px">${escape(what)} from ${escape(who)}</h1>
<p>Received ${escape(when)} on the ${escape(tenant.config.name)} website${vendor ? ` for ${escape(vendor.name)}` : ''} (${escape(lead.department)} department). Reply to this email to answer ${escape(who)} directly.</p>
${message ? `<h2 style="font-size:18px">Their message</h2><p>${escape(message).replace(/\n/g, '<br>')}</p>` : ''}
<h2 style="font-size:18px">Their details</h2>
${table(details)}
${car}
${source.length > 0 ? `<h2 style="font-size:18px">Where they came from</h2>${table(source)}` : ''}
<p style="color:#555;font-size:13px">Sent by the ${escape(tenant.config.name)} website. Lead ${lead.id}, delivery ${escape(deliveryKey)}.</p>
</body></html>
`;
  const plain = [
    `${what} from ${who}`,
    `Received ${when} on the ${tenant.config.name} website${vendor ? ` for ${vendor.name}` : ''} (${lead.department} department).`,
    '',
    ...(message ? ['Their message:', message, ''] : []),
    ...details.map(([k, v]) => `${k}: ${v}`),
    ...(lead.car ? ['', `The car: ${lead.car.title}`, `Price shown: ${lead.car.price_text}`, `Stock number: ${lead.car.stock_number}`, ...(lead.car.vin ? [`VIN: ${lead.car.vin}`] : []), lead.car.url] : []),
    ...(source.length > 0 ? ['', ...source.map(([k, v]) => `${k}: ${v}`)] : []),
  ].join('\n');
  return {
    subject,
    html,
    text: target.format === 'adf-and-summary' ? adfDocument(doc, deliveryKey) : plain,
    replyTo: lead.email ?? undefined,
  };
}
