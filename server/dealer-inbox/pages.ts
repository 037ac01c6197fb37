import { DEALER_LEAD_STATUSES, INBOX_PAGE_SIZE, MAX_CSV_ROWS, type DealerLeadFilter } from '../../schema/api/dealer-inbox.ts';
import { DEALER_DEPARTMENTS, LeadFormSchema } from '../../schema/api/lead.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { parseHexColour, relativeLuminance } from '../../site/src/domain/colour.ts';
import { tenantThemeCss } from '../../site/src/domain/theme.ts';
import { vehicleTitle } from '../../site/src/domain/vehicle-title.ts';
import { zonedDateTimeText } from '../../schema/zoned-time.ts';
import { html, styleSheet, type Html } from './html.ts';
import { carSnapshotView, nonEmptyText, type CarSnapshotView } from './snapshot.ts';
import { filterHref } from './filters.ts';
import type { InboxDelivery, InboxLead } from './store.ts';
import { DEPARTMENT_LABELS, FIELD_LABELS, FORM_LABELS, HIDDEN_FIELDS, labelOf, MONEY_FIELDS, STATUS_LABELS } from './words.ts';
import { formatMoney, formatNumber } from '../../schema/number-format.ts';
import { formatCount } from '../../site/src/domain/result-count.ts';
import { feedAlertEmailPace, feedsOverdue, quietForText } from '../../site/src/domain/feed-alert-emails.ts';
import { FEED_REPORTS_KEPT, type AlertEmailDelivery, type FeedArrivals, type FeedPhotos, type FeedReport, type StockFeedTrouble } from '../stock/feed-reports.ts';
import { KEY_NAME_LENGTH, type ApiKeyInfo } from '../stock/api-keys.ts';
import { FEED_LIMITS } from '../stock/feed.ts';
import { FEED_CHECK_EVERY_MINUTES } from '../stock/feed-alerts.ts';
import { MAX_BAD_ROW_SHARE, MAX_SOLD_SHARE } from '../stock/plan.ts';
import { FEED_FIELDS, REQUIRED_FIELDS, type FeedField } from '../stock/presets.ts';
import { STOCK_RATE_LIMIT } from '../stock/routes.ts';

/*
 * The inbox's pages, written on the server as plain HTML: no script, so they work without
 * JavaScript and add nothing to the shopper's bundle. One small stylesheet in the tenant's theme
 * colours (the theme module's variables, contrast-checked), a phone layout first.
 */

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;overflow-wrap:anywhere;font-family:var(--font-body);color:var(--color-text);background:var(--color-surface-alt);line-height:1.5;font-size:1rem}
a{color:var(--color-link)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:var(--color-bg);padding:.5rem 1rem}
.skip:focus{left:.5rem}
header.top{background:var(--color-primary);color:var(--color-on-primary)}
header.top .bar{max-width:72rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
header.top a,header.top .who{color:var(--color-on-primary)}
header.top .site{font-weight:700;font-size:1.1rem;text-decoration:none}
header.top nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
header.top nav a{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
header.top nav a[aria-current=page]{text-decoration-thickness:3px;text-underline-offset:.3em}
h3{font-size:1rem;margin:1rem 0 .25rem}
ul.lines li{margin:0 0 .35rem}
ul.feeds{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.75rem}
li.feed{background:var(--color-bg);border:1px solid var(--color-border);border-radius:var(--radius);padding:.75rem 1rem}
li.feed h2{font-size:1.05rem;margin:0 0 .5rem;display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center}
ul.lines{margin:.5rem 0 0;padding-left:1.25rem}
ul.keys{list-style:none;margin:.5rem 0 1rem;padding:0;display:grid;gap:.5rem}
ul.keys li{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;border-bottom:1px solid var(--color-border);padding:.25rem 0 .5rem}
code.key{overflow-wrap:anywhere;font-size:1rem}
p.actions{display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center}
form.new-key{display:grid;gap:.35rem;max-width:32rem;margin:0 0 1rem}
form.new-key button{justify-self:start}
ul.columns{display:flex;flex-wrap:wrap;gap:.35rem;list-style:none;margin:.5rem 0 0;padding:0}
ul.columns li{border:1px solid var(--color-border);border-radius:var(--radius);padding:.1rem .5rem}
details dl.facts{margin-top:.75rem}
details{margin:.5rem 0 0}
summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
summary::before{content:"";flex:none;width:0;height:0;margin-right:.6rem;border-style:solid;border-width:.35em 0 .35em .55em;border-color:transparent transparent transparent currentColor}
details[open]>summary::before{transform:rotate(90deg)}
.badge.refused{background:#b00020;color:#fff;border-color:#b00020}
header.top form{margin:0}
header.top button{background:transparent;color:var(--color-on-primary);border:2px solid currentColor;border-radius:var(--radius);padding:.35rem .8rem;font:inherit;cursor:pointer;min-height:44px}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-family:var(--font-heading);font-size:1.6rem;margin:.25rem 0 1rem}
h2{font-family:var(--font-heading);font-size:1.2rem;margin:0 0 .75rem}
.panel{background:var(--color-bg);border:1px solid var(--color-border);border-radius:var(--radius);padding:1rem;margin:0 0 1rem}
.filters{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.filters .field{display:flex;flex-direction:column;gap:.25rem}
.filters .actions{grid-column:1/-1;display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}
label{font-weight:600}
input,select{font:inherit;color:var(--color-text);background:var(--color-bg);border:1px solid var(--color-muted);border-radius:var(--radius);padding:.5rem;min-height:44px;width:100%}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.5rem 1rem;border-radius:var(--radius);border:2px solid var(--color-primary);background:var(--color-primary);color:var(--color-on-primary);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button.secondary{background:var(--color-bg);color:var(--color-link);border-color:var(--color-link)}
.summary{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;margin:0 0 .75rem}
.summary p{margin:0}
ul.leads{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
ul.leads li{background:var(--color-bg);border:1px solid var(--color-border);border-radius:var(--radius);padding:.75rem 1rem;display:grid;gap:.25rem}
ul.leads .name{font-size:1.1rem;font-weight:700}
ul.leads .meta{color:var(--color-muted);margin:0}
.badge{display:inline-block;padding:.05rem .6rem;border-radius:999px;font-size:.9rem;font-weight:600;border:1px solid var(--color-border);background:var(--color-surface-alt);color:var(--color-text)}
.badge.new{background:var(--color-primary);color:var(--color-on-primary);border-color:var(--color-primary)}
.pager{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:space-between;align-items:center;margin:1rem 0}
dl.facts{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:.35rem 1rem;margin:0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;overflow-wrap:anywhere;white-space:pre-line}
.grid{display:grid;gap:1rem}
.car{display:grid;gap:.75rem}
.car img{width:100%;max-width:24rem;height:auto;border-radius:var(--radius);background:var(--color-surface-alt)}
.note{color:var(--color-muted)}
.error{border-left:4px solid #b00020;padding:.5rem .75rem;background:var(--color-bg)}
.done{border-left:4px solid var(--color-primary);padding:.5rem .75rem;background:var(--color-bg)}
p.attention{margin:0 0 1rem}
.status-form{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 0 0}
ol.tries{margin:.5rem 0 0;padding-left:1.25rem}
.delivery{border-top:1px solid var(--color-border);padding:.75rem 0}
.delivery:first-of-type{border-top:0;padding-top:0}
code{overflow-wrap:anywhere}
.signin{max-width:26rem;margin:2rem auto}
.signin form{display:grid;gap:.75rem}
@media (min-width:48rem){
  .filters{grid-template-columns:repeat(3,1fr) }
  .grid{grid-template-columns:1fr 1fr}
  .grid .wide{grid-column:1/-1}
  dl.facts{grid-template-columns:minmax(7rem,max-content) 1fr}
  ul.leads li{grid-template-columns:2fr 2fr 1fr;align-items:center}
}
@media (min-width:64rem){.filters{grid-template-columns:repeat(5,1fr)}}
`;

/** What every inbox page knows about its site and visitor. */
export interface PageFrame {
  tenant: ResolvedTenant;
  /** The signed-in dealer's email (none on the sign-in page). */
  dealer?: string | undefined;
  /** The form token of this visitor. */
  csrf: string;
  /** Which of the dealer's pages this is (the top bar marks it): the leads unless said. */
  section?: 'leads' | 'stock';
  /** What is wrong with the site's stock feeds, said at the top of the dealer's other pages. */
  stockTrouble?: StockFeedTrouble | null;
}

/** A line at the top of the dealer's pages (but the stock feed page, which says it in full) when the stock feeds need attention. */
function stockTroubleLine(trouble: StockFeedTrouble): Html {
  const what = trouble.kind === 'stopped'
    ? `No stock feed has arrived for ${quietForText(trouble.quietForMs)}: the website may be showing cars that have sold.`
    : 'The last stock feed was refused: the website still shows the stock from before it.';
  return html`<p class="error attention">${what} <a href="/dealer/stock">See the stock feed</a></p>`;
}

/**
 * A whole inbox page: the head (noindex, theme), the top bar with sign-out, and the content.
 * @param frame site and visitor
 * @param title the page's title (before the site's name)
 * @param content the main content
 */
export function inboxPage(frame: PageFrame, title: string, content: Html): string {
  // A dark theme gets the browser's dark form controls (the date picker's icon is otherwise dark on dark);
  // 0.179 is the luminance where white and black text contrast equally.
  const scheme = relativeLuminance(parseHexColour(frame.tenant.theme.colours.background)) < 0.179 ? 'dark' : 'light';
  const top = frame.dealer
    ? html`<header class="top"><div class="bar"><a class="site" href="/dealer">${frame.tenant.name} dealer area</a>${dealerNav(frame.section ?? 'leads')}<span class="who">Signed in as ${frame.dealer}</span><form method="post" action="/dealer/sign-out"><input type="hidden" name="csrf" value="${frame.csrf}"><button type="submit">Sign out</button></form></div></header>`
    : html`<header class="top"><div class="bar"><span class="site">${frame.tenant.name} dealer area</span></div></header>`;
  return `<!doctype html>${html`<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="color-scheme" content="${scheme}"><title>${title} · ${frame.tenant.name}</title><style>${styleSheet(`:root{${tenantThemeCss(frame.tenant.theme)}}${STYLE}`)}</style></head><body><a class="skip" href="#main">Skip to content</a>${top}<main id="main">${frame.dealer && frame.stockTrouble && frame.section !== 'stock' ? stockTroubleLine(frame.stockTrouble) : ''}${content}</main></body></html>`}`;
}

/**
 * The sign-in page.
 * @param frame site and visitor
 * @param state the email typed, and why the last attempt failed
 */
export function signInPage(frame: PageFrame, state: { email?: string; error?: string; signedInShopper?: boolean; signedOut?: boolean; next?: string | undefined } = {}): string {
  const error = state.error ? html`<p class="error" role="alert" id="sign-in-error">${state.error}</p>` : '';
  const described = state.error ? html` aria-describedby="sign-in-error"` : '';
  return inboxPage(
    frame,
    'Sign in',
    html`<div class="signin panel"><h1>Sign in to your dealer area</h1>
${state.signedOut ? html`<p class="done" role="status">You have signed out.</p>` : ''}
${state.signedInShopper ? html`<p class="note">You are signed in to this website as a shopper. The dealer area (leads and stock feeds) is for the dealership's staff: sign in with a dealer account.</p>` : ''}
${error}
<form method="post" action="/dealer/sign-in" novalidate>
<input type="hidden" name="csrf" value="${frame.csrf}">${state.next ? html`<input type="hidden" name="next" value="${state.next}">` : ''}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${state.email ?? ''}"${described}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${described}>
<button class="button" type="submit">Sign in</button>
</form>
<p class="note">Staff accounts are created by the people who run this website. Ask them if you need one or have forgotten your password.</p></div>`,
  );
}

/** What the inbox says when its database cannot serve it just now (an outage, a storage fault it is recovering from). */
export const INBOX_UNAVAILABLE = {
  title: 'Please try again in a minute',
  message: 'The leads inbox cannot reach its database just now, so this page could not be shown and nothing was changed. Please try again in a minute.',
} as const;

/**
 * A page that answers an error (a bad filter, an unknown lead, too many attempts).
 * @param frame site and visitor
 * @param title the heading
 * @param message what went wrong, in plain words
 */
export function messagePage(frame: PageFrame, title: string, message: string): string {
  return inboxPage(frame, title, html`<div class="panel"><h1>${title}</h1><p>${message}</p><p><a href="/dealer">Back to all leads</a></p></div>`);
}

const time = (at: Date | string, tenant: ResolvedTenant) => zonedDateTimeText(new Date(at), tenant.timeZone);

/**
 * The step before a key is revoked: what revoking it does, to confirm or to keep the key.
 * @param frame site and visitor
 * @param key the key in use
 */
export function revokeKeyPage(frame: PageFrame, key: Pick<ApiKeyInfo, 'id' | 'name' | 'prefix' | 'last_used_at'>): string {
  return inboxPage(
    { ...frame, section: 'stock' },
    'Revoke a key',
    html`<div class="panel"><h1>Revoke the key of ${key.name}?</h1>
<p>The stock system that uses the key starting ${key.prefix}… (${key.last_used_at ? html`last connected on ${time(key.last_used_at, frame.tenant)}` : 'not connected yet'}) can no longer send feeds once it is revoked. The website keeps its cars as they are until a system sends a feed with another key.</p>
<form method="post" action="/dealer/stock/keys/${key.id}/revoke"><input type="hidden" name="csrf" value="${frame.csrf}"><input type="hidden" name="confirm" value="yes">
<p class="actions"><button class="button" type="submit">Revoke the key</button> <a href="/dealer/stock">Keep it</a></p></form></div>`,
  );
}

/** "Deposit paid" beside a lead whose order's deposit the payment provider reported paid. */
function paymentBadge(lead: { fields: unknown }): Html | string {
  const state = (lead.fields as { payment_state?: unknown } | null)?.payment_state;
  return state === 'Deposit paid' ? html` <span class="badge paid">Deposit paid</span>` : '';
}

function fullName(lead: InboxLead): string {
  const last = typeof lead.fields.last_name === 'string' ? lead.fields.last_name : '';
  return [lead.name ?? '', last].filter(Boolean).join(' ').trim();
}

/** The car a lead is about at a glance (its snapshot's title), if recorded. */
function carTitleOf(lead: InboxLead): string | null {
  return carSnapshotView(lead.car_snapshot)?.title ?? null;
}

function select(name: string, label: string, options: readonly string[], labels: Record<string, string>, current: string | undefined): Html {
  return html`<div class="field"><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}"><option value="">Any</option>${options.map(
    (o) => html`<option value="${o}"${current === o ? html` selected` : ''}>${labels[o] ?? o}</option>`,
  )}</select></div>`;
}

/**
 * The list of leads: the filters, one page of leads, paging and the CSV link.
 * @param frame site and visitor
 * @param filter the filters in the URL
 * @param leads this page's leads
 * @param total how many match in all
 */
export function listPage(frame: PageFrame, filter: DealerLeadFilter, leads: InboxLead[], total: number): string {
  const { tenant } = frame;
  const page = filter.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const first = total === 0 ? 0 : Math.min(total, (page - 1) * INBOX_PAGE_SIZE + 1);
  const last = Math.min(total, page * INBOX_PAGE_SIZE);
  const filtering = Boolean(filter.form || filter.department || filter.status || filter.from || filter.to);
  const summary = leads.length === 0
    ? total === 0
      ? filtering ? 'No leads match these filters.' : 'No leads yet. Enquiries from the website will appear here as soon as shoppers send them.'
      : `There are ${total} matching leads, but not as many as page ${page}.`
    : total === 1
      ? 'Showing 1 lead.'
      : `Showing ${first}–${last} of ${total} leads, newest first.`;
  const items = leads.map((lead) => {
    const name = fullName(lead) || `Lead ${lead.id}`;
    const about = carTitleOf(lead);
    return html`<li><div><a class="name" href="/dealer/leads/${lead.id}">${name}</a><p class="meta">${time(lead.created_at, tenant)}${lead.phone ? html` · ${lead.phone}` : lead.email ? html` · ${lead.email}` : ''}</p></div>
<div>${labelOf(FORM_LABELS, lead.form)}${lead.status === 'In Progress' ? ' (not finished)' : ''}${lead.department ? html` · ${labelOf(DEPARTMENT_LABELS, lead.department)}` : ''}${lead.dealership_name ? html` · ${lead.dealership_name}` : ''}${about ? html`<br>${about}` : ''}</div>
<div><span class="badge ${lead.dealer_status}">${labelOf(STATUS_LABELS, lead.dealer_status)}</span>${paymentBadge(lead)}</div></li>`;
  });
  const pager = pages > 1 || page > 1
    ? html`<nav class="pager" aria-label="Pages">${page > 1 ? html`<a href="${filterHref('/dealer', filter, { page: Math.min(page - 1, pages) })}">Previous page</a>` : html`<span></span>`}<span>Page ${page} of ${pages}</span>${page < pages ? html`<a href="${filterHref('/dealer', filter, { page: page + 1 })}">Next page</a>` : html`<span></span>`}</nav>`
    : '';
  return inboxPage(
    frame,
    'Leads',
    html`<h1>Leads</h1>
<form class="panel filters" method="get" action="/dealer" aria-label="Filter leads">
${select('form', 'Form', LeadFormSchema.options, FORM_LABELS, filter.form)}
${select('department', 'Department', DEALER_DEPARTMENTS, DEPARTMENT_LABELS, filter.department)}
${select('status', 'Status', DEALER_LEAD_STATUSES, STATUS_LABELS, filter.status)}
<div class="field"><label for="f-from">Received from</label><input id="f-from" name="from" type="date" value="${filter.from ?? ''}"></div>
<div class="field"><label for="f-to">Received to</label><input id="f-to" name="to" type="date" value="${filter.to ?? ''}"></div>
<div class="actions"><button class="button" type="submit">Show leads</button>${filtering ? html`<a href="/dealer">Clear filters</a>` : ''}</div>
</form>
<div class="summary"><p role="status">${summary}</p>${total > 0 ? html`<a class="button secondary" href="${filterHref('/dealer/leads.csv', filter, { page: undefined })}" download>Download these leads (CSV)</a>` : ''}</div>
${total > MAX_CSV_ROWS ? html`<p class="note">The download holds the newest ${MAX_CSV_ROWS.toLocaleString('en-AU')} of these leads; choose dates to download older ones.</p>` : ''}
${leads.length > 0 ? html`<ul class="leads" aria-label="Leads">${items}</ul>` : total > 0 ? html`<p><a href="${filterHref('/dealer', filter, { page: undefined })}">Go to the first page</a></p>` : ''}
${pager}`,
  );
}

const partText = (part: unknown): string => (typeof part === 'string' || typeof part === 'number' ? String(part) : '');

/** A field's value as text, or null when there is nothing to show. */
function fieldText(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (MONEY_FIELDS.has(key) && typeof value === 'number') return formatMoney(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string' || typeof v === 'number') ? value.join(', ') : null;
  if (typeof value === 'object') {
    // The shopper's own vehicle (trade-in, valuation): named by the one title rule; it has no
    // series of the dealer's listing, so the series display does not apply.
    const v = value as Record<string, unknown>;
    const title = vehicleTitle({ year: partText(v.year), make: partText(v.make), model: partText(v.model), badge: partText(v.badge) }, false);
    return title === '' ? null : title;
  }
  return null;
}

/**
 * The shopper's own answers, labelled, in a stable order (known fields first). A location or
 * dealership the form sent by its slug or id shows by its name.
 */
export function shopperDetails(fields: Record<string, unknown>, tenant: ResolvedTenant): [label: string, text: string][] {
  const out: [string, string][] = [];
  const seen = new Set<string>();
  const place = tenant.dealer.locations.find((l) => l.slug === fields.location || String((l as { id?: unknown }).id ?? '') === String(fields.location));
  const named: Record<string, unknown> = { ...fields, ...(place ? { location: place.name } : {}) };
  for (const [key, label] of FIELD_LABELS) {
    seen.add(key);
    const text = fieldText(key, named[key]);
    if (text !== null) out.push([label, text]);
  }
  for (const [key, value] of Object.entries(fields)) {
    if (seen.has(key) || HIDDEN_FIELDS.has(key)) continue;
    const text = fieldText(key, value);
    if (text !== null) out.push([key.replace(/[_#]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().replace(/^./, (c) => c.toUpperCase()), text]);
  }
  return out;
}

/** Where the shopper came from, as the site recorded it with the lead. */
export function attributionOf(fields: Record<string, unknown>): { landing: string | null; referrer: string | null; params: [string, string][]; pages: string[] } {
  const attrs = (fields.lead_attributes ?? {}) as Record<string, unknown>;
  const params = attrs.linked_query_params && typeof attrs.linked_query_params === 'object' ? Object.entries(attrs.linked_query_params as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  const pages = Array.isArray(attrs.visited_pages) ? attrs.visited_pages.filter((p): p is string => typeof p === 'string') : [];
  return { landing: nonEmptyText(attrs.landing_page) ?? pages[0] ?? null, referrer: nonEmptyText(attrs.referrer), params, pages };
}

/** The car a lead is about, for its page. */
export interface LeadCar {
  /** What the shopper saw when they sent the lead (from the lead's snapshot), if it was recorded. */
  snapshot: CarSnapshotView | null;
  /** The car as the site lists it today, if it still does. */
  today: { title: string; price: string | null; stockNumber: string | null; href: string; photo: string | null } | null;
  /** Whether the lead names a car at all. */
  hasCar: boolean;
  /** The car's sale as the database has it (null without a car on this site): staff may mark it sold. */
  sale: { sold: boolean; held: boolean } | null;
}

function facts(rows: [string, string | null][]): Html {
  const shown = rows.filter((r): r is [string, string] => r[1] !== null && r[1] !== '');
  return html`<dl class="facts">${shown.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>`;
}

function carSection(car: LeadCar, leadId: number, csrf: string): Html {
  if (!car.hasCar) return html`<p>This lead is not about a particular car.</p>`;
  const snapshot = car.snapshot
    ? html`<h3>As the shopper saw it</h3>${facts([['Car', car.snapshot.title], ['Price shown', car.snapshot.price ?? 'No price was shown'], ['Stock number', car.snapshot.stockNumber], ['VIN', car.snapshot.vin]])}`
    : html`<p class="note">The price and details the shopper saw were not recorded with this lead (leads sent before the website kept them have none).${car.today ? ' Today’s listing is shown instead; its price may have changed since.' : ''}</p>`;
  const today = car.today
    ? html`${car.today.photo ? html`<img src="${car.today.photo}" alt="${car.today.title}" width="480" height="320">` : ''}
${car.snapshot ? '' : facts([['Car', car.today.title], ['Price today', car.today.price ?? 'No price shown'], ['Stock number', car.today.stockNumber]])}
<p><a href="${car.today.href}">See this car on the website</a></p>`
    : html`<p class="note">This car is no longer listed on the website.</p>`;
  return html`<div class="car">${snapshot}${today}${saleSection(car, leadId, csrf)}</div>`;
}

/** The car's sale: staff mark it sold once the deal is done (a held car stays held until then). */
function saleSection(car: LeadCar, leadId: number, csrf: string): Html | string {
  if (!car.sale) return '';
  if (car.sale.sold) return html`<p class="note">This car is marked sold.</p>`;
  return html`<form method="post" action="/dealer/leads/${leadId}/sold"><input type="hidden" name="csrf" value="${csrf}">
<p class="note">${car.sale.held ? 'The car is held for this shopper. ' : ''}When the sale is done, mark the car sold: it leaves the website’s stock and its hold ends.</p>
<button class="button" type="submit">Mark this car sold</button></form>`;
}

function deliveryTarget(d: InboxDelivery): string {
  if (d.channel === 'email') {
    const to = Array.isArray(d.target.to) ? d.target.to.filter((t): t is string => typeof t === 'string') : [];
    return `Email to ${to.join(', ') || 'the dealership'}`;
  }
  return `Sent to your system at ${typeof d.target.url === 'string' ? d.target.url : 'its web address'}`;
}

function deliveryState(d: InboxDelivery, tenant: ResolvedTenant): string {
  const tries = `${d.attempts} ${d.attempts === 1 ? 'try' : 'tries'}`;
  if (d.status === 'delivered') return `Delivered ${d.delivered_at ? time(d.delivered_at, tenant) : ''} (${tries})`;
  if (d.status === 'failed') return `Failed after ${tries}: ${d.last_error ?? 'the receiver did not accept it'}. It will not be tried again.`;
  return d.attempts === 0 ? `Waiting to be sent (${time(d.next_attempt_at, tenant)})` : `Not delivered yet after ${tries}; next try ${time(d.next_attempt_at, tenant)}`;
}

function deliveriesSection(deliveries: InboxDelivery[], tenant: ResolvedTenant): Html {
  if (deliveries.length === 0) return html`<p>This lead has not been sent anywhere: no email or system delivery was set up for it when it arrived.</p>`;
  return html`${deliveries.map(
    (d) => html`<div class="delivery"><p><strong>${deliveryTarget(d)}</strong><br>${deliveryState(d, tenant)}</p>
${d.tries.length === 0
  ? html`<p class="note">No tries yet.</p>`
  : html`<ol class="tries" aria-label="Tries">${d.tries.map(
      (t) => html`<li>${time(t.attempted_at, tenant)}: ${t.ok ? 'accepted' : 'not accepted'}${t.status_code !== null ? html` (code ${t.status_code})` : ''}${t.error ? html` – ${t.error}` : ''}, ${t.duration_ms} ms</li>`,
    )}</ol>`}</div>`,
  )}`;
}

/**
 * A lead's page: the shopper, the car, where they came from, the deliveries and the status form.
 * @param frame site and visitor
 * @param lead the lead
 * @param car the car it is about
 * @param deliveries its deliveries with their tries
 * @param marked the status just set (after the form), for the confirmation
 * @param soldNow whether the car was just marked sold (after its form)
 */
export function leadPage(frame: PageFrame, lead: InboxLead, car: LeadCar, deliveries: InboxDelivery[], marked?: string, soldNow = false): string {
  const { tenant } = frame;
  const name = fullName(lead) || `Lead ${lead.id}`;
  const details = shopperDetails(lead.fields, tenant);
  const attribution = attributionOf(lead.fields);
  const otherStatuses = DEALER_LEAD_STATUSES.filter((s) => s !== lead.dealer_status);
  return inboxPage(
    frame,
    name,
    html`<p><a href="/dealer">All leads</a></p>
<h1>${name}</h1>
${marked ? html`<p class="done" role="status">Marked as ${labelOf(STATUS_LABELS, marked).toLowerCase()}.</p>` : ''}
<div class="grid">
<section class="panel wide" aria-labelledby="h-status"><h2 id="h-status">Status</h2>
<p><span class="badge ${lead.dealer_status}">${labelOf(STATUS_LABELS, lead.dealer_status)}</span>${paymentBadge(lead)} · ${labelOf(FORM_LABELS, lead.form)} received ${time(lead.created_at, tenant)}${lead.department ? html` · ${labelOf(DEPARTMENT_LABELS, lead.department)}` : ''}${lead.dealership_name ? html` · ${lead.dealership_name}` : ''}${lead.status === 'In Progress' ? html` · the shopper has not finished the form` : ''}</p>
<form class="status-form" method="post" action="/dealer/leads/${lead.id}/status"><input type="hidden" name="csrf" value="${frame.csrf}">${otherStatuses.map(
      (s) => html`<button class="button${s === 'new' ? ' secondary' : ''}" type="submit" name="status" value="${s}">Mark ${labelOf(STATUS_LABELS, s).toLowerCase()}</button>`,
    )}</form></section>
<section class="panel" aria-labelledby="h-shopper"><h2 id="h-shopper">Shopper</h2>
${facts([['Name', fullName(lead) || null], ['Email', lead.email], ['Phone', lead.phone]])}
${lead.email || lead.phone ? html`<p>${lead.phone ? html`<a href="tel:${lead.phone.replace(/[^+\d]/g, '')}">Call ${lead.phone}</a>` : ''}${lead.phone && lead.email ? ' · ' : ''}${lead.email ? html`<a href="mailto:${lead.email}">Email ${lead.email}</a>` : ''}</p>` : html`<p class="note">The shopper left no email or phone number.</p>`}
${details.length > 0 ? html`<h3>What they told you</h3>${facts(details)}` : html`<p class="note">The shopper added nothing else.</p>`}
</section>
<section class="panel" aria-labelledby="h-car"><h2 id="h-car">Car</h2>${soldNow ? html`<p class="done" role="status">The car is marked sold.</p>` : ''}${carSection(car, lead.id, frame.csrf)}</section>
<section class="panel" aria-labelledby="h-source"><h2 id="h-source">Where the shopper came from</h2>
${attribution.landing || attribution.referrer || attribution.params.length > 0
  ? facts([['First page', attribution.landing], ['Came from', attribution.referrer ?? (attribution.landing ? 'Typed the address, a bookmark or an app (no referring page)' : null)], ...attribution.params.map(([k, v]): [string, string] => [k, v])])
  : html`<p class="note">The website recorded no source for this lead.</p>`}
${attribution.pages.length > 0 ? html`<h3>Pages they visited</h3><ol>${attribution.pages.map((p) => html`<li><code>${p}</code></li>`)}</ol>` : ''}
</section>
<section class="panel" aria-labelledby="h-deliveries"><h2 id="h-deliveries">Deliveries</h2>${deliveriesSection(deliveries, tenant)}</section>
</div>`,
  );
}

const navLink = (href: string, label: string, here: boolean) => html`<a href="${href}"${here ? html` aria-current="page"` : ''}>${label}</a>`;

/** The dealer's pages, the current one marked. */
function dealerNav(current: 'leads' | 'stock'): Html {
  return html`<nav aria-label="Dealer pages">${navLink('/dealer', 'Leads', current === 'leads')}${navLink('/dealer/stock', 'Stock feed', current === 'stock')}</nav>`;
}

/** Feeds a page of the stock feed page lists. */
export const FEEDS_SHOWN = 20;
/** Pages of feeds: as many as the kept reports fill. */
export const FEED_PAGES = Math.ceil(FEED_REPORTS_KEPT / FEEDS_SHOWN);

/** The address of a page of feeds. */
const feedPageHref = (n: number) => (n === 1 ? '/dealer/stock' : `/dealer/stock?page=${n}`);

/** A page of the site's feeds. */
export interface FeedReportPage {
  /** 1-based. */
  page: number;
  /** The feeds the site keeps, all pages. */
  total: number;
  reports: FeedReport[];
  /** Whether feeds are arriving (the first page, which shows it; null on the others). */
  arrivals: FeedArrivals | null;
  /** The time the page is written at. */
  now: Date;
}

/** A report's rows' errors or warnings: the count, then each line kept, in a disclosure. */
function feedLines(kind: 'errors' | 'warnings', lines: string[], count: number): Html | string {
  if (count === 0) return '';
  const title = kind === 'errors' ? `${formatCount(count, 'row')} could not be read and ${count === 1 ? 'was' : 'were'} left out` : `${formatCount(count, 'warning')} (the rows were imported)`;
  const more = count > lines.length ? html`<li>and ${formatNumber(count - lines.length)} more</li>` : '';
  return html`<details><summary>${title}</summary><ul class="lines">${lines.map((line) => html`<li>${line}</li>`)}${more}</ul></details>`;
}

/** How an email about the site's feeds went, in a sentence. */
function alertEmailLine(email: AlertEmailDelivery, tenant: ResolvedTenant): Html {
  const to = email.to.join(', ');
  if (email.delivery === 'delivered') return html`<p class="note">Emailed to ${to}${email.deliveredAt ? html` on ${time(email.deliveredAt, tenant)}` : ''}.</p>`;
  if (email.delivery === 'failed') return html`<p class="error">The email to ${to} could not be sent: ${email.lastError ?? 'no reason was given'}.</p>`;
  return email.attempts === 0
    ? html`<p class="note">An email to ${to} is on its way.</p>`
    : html`<p class="note">The email to ${to} has not gone yet and will be tried again${email.lastError ? html` (${email.lastError})` : ''}.</p>`;
}

/** What became of a refused feed's email, in a sentence (nothing for a feed nobody was to be told of). */
function refusalEmailLine(report: FeedReport, tenant: ResolvedTenant): Html | string {
  const email = report.refusalEmail;
  if (!email) return '';
  if (email.state !== 'emailed') {
    return email.state === 'nobody'
      ? html`<p class="note">Nobody was emailed about it: no address is set for the stock feed’s emails. The team that set up your website can add one.</p>`
      : html`<p class="note">Not emailed: the email about an earlier refused feed still stands (at most one ${feedAlertEmailPace()} while feeds keep being refused).</p>`;
  }
  return alertEmailLine(email, tenant);
}

/** Every how many hours, in words: "hour", "26 hours". */
const everyHours = (hours: number) => (hours === 1 ? 'hour' : `${formatNumber(hours)} hours`);

/** Whether the site's feeds are arriving: the longest gap set for them, the last feed, and when they have stopped, since when and who was told. */
function arrivalsSection(tenant: ResolvedTenant, arrivals: FeedArrivals, now: Date): Html {
  const { lastFeedAt, quietEmail } = arrivals;
  const maxHours = tenant.stockFeed.maxHoursBetweenFeeds;
  const to = tenant.stockFeed.alertEmails;
  const nobody = 'nobody is emailed: no address is set for the stock feed’s emails. The team that set up your website can add one.';
  const quietFor = lastFeedAt ? quietForText(now.getTime() - lastFeedAt.getTime()) : '';
  const last = lastFeedAt ? html`The last feed arrived on ${time(lastFeedAt, tenant)}, ${quietFor} ago.` : 'No feed has arrived yet.';
  let body: Html;
  if (maxHours === undefined) {
    body = html`<p>${last}</p><p class="note">Nobody is told if feeds stop arriving: the team that set up your website can set how long is too long between feeds, and who is emailed then.</p>`;
  } else if (lastFeedAt && feedsOverdue(lastFeedAt, maxHours, now)) {
    const told = quietEmail
      ? alertEmailLine(quietEmail, tenant)
      : to.length === 0
        ? html`<p class="note">Feeds have stopped, but ${nobody}</p>`
        : html`<p class="note">${to.join(', ')} will be emailed at the website’s next check, within ${formatNumber(FEED_CHECK_EVERY_MINUTES)} minutes.</p>`;
    body = html`<p class="error"><strong>No feed has arrived for ${quietFor}</strong> (since ${time(lastFeedAt, tenant)}), and your stock system is expected to send one at least every ${everyHours(maxHours)}. The website still shows the cars as they were then: check that your stock system is running and sending its feed, with a key that has not been revoked.</p>${told}`;
  } else {
    const who = to.length === 0 ? html` If that long passes without one, ${nobody}` : html` If that long passes without one, ${to.join(', ')} ${to.length === 1 ? 'is' : 'are'} emailed${lastFeedAt ? '' : ' (from the first feed on)'}.`;
    body = html`<p>Your stock system is expected to send a feed at least every ${everyHours(maxHours)}. ${last}</p><p class="note">${who}</p>`;
  }
  return html`<section class="panel" aria-labelledby="arrivals-heading"><h2 id="arrivals-heading">Feeds arriving</h2>${body}</section>`;
}

/** How the dealer's stock system reaches the site, for whoever sets it up. */
export interface StockConnection {
  /** The site's stock keys, newest first (revoked ones included). */
  keys: ApiKeyInfo[];
  /** The stock endpoint's absolute address. */
  endpoint: string;
  /** The column heading of each field the site reads from a CSV file. */
  columns: Record<FeedField, string>;
}

/** A marketplace feed of the site, as the dealer reads of it. */
export interface MarketplaceFeedView {
  name: string;
  /** Its absolute address. */
  url: string;
  /** Cars it lists now. */
  count: number;
  /** When what it lists last changed (its Last-Modified). */
  updated: Date;
}

/** The site's cars for the marketplaces: each feed's address (for Google Merchant Center and Meta Commerce Manager), what it lists now and since when. */
function marketplaceSection(tenant: ResolvedTenant, feeds: MarketplaceFeedView[]): Html {
  return html`<section class="panel" aria-labelledby="marketplaces-heading"><h2 id="marketplaces-heading">Your cars on Google and Facebook</h2>
<p>The website keeps a list of its cars for sale for each marketplace below, updated whenever your stock changes. Give its address to the marketplace once (Google Merchant Center for vehicle ads, Meta Commerce Manager for an automotive catalogue); the marketplace then reads it on its own schedule. Cars without a price, sold cars and cars the website does not show are left out.</p>
<ul class="lines">${feeds.map((f) => html`<li><strong>${f.name}</strong>: ${formatCount(f.count, 'car')}, last changed on ${time(f.updated, tenant)}<br><code>${f.url}</code></li>`)}</ul></section>`;
}

/** What the dealer just did to the site's keys, shown on the page that answers it. */
export interface StockKeyOutcome {
  /** A key just created: shown this once. */
  created?: { name: string; key: string };
  /** A key that could not be created: the name as typed and why. */
  error?: { name: string; message: string };
  /** A key was revoked. */
  revoked?: boolean;
}

/** Who sends the site its stock (with a key to create or revoke), and how a stock system is set up to: the endpoint, the key, the modes, the columns and the limits. */
function stockSystemSection(frame: PageFrame, connection: StockConnection, outcome: StockKeyOutcome): Html {
  const { tenant, csrf } = frame;
  const live = connection.keys.filter((k) => k.revoked_at === null);
  const revoked = connection.keys.length - live.length;
  const systems = live.length === 0
    ? html`<p>No stock system is connected yet: create a key for it below and give it to whoever sets the system up.</p>`
    : html`<ul class="keys">${live.map(
        (k) => html`<li><div><strong>${k.name}</strong> (key starting ${k.prefix}…): ${k.last_used_at ? html`last connected on ${time(k.last_used_at, tenant)}` : 'has not connected yet'}.</div><form method="post" action="/dealer/stock/keys/${k.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button class="button secondary" type="submit" aria-label="Revoke the key of ${k.name}">Revoke</button></form></li>`,
      )}</ul>`;
  const created = outcome.created
    ? html`<div class="done" role="status"><p><strong>The key for ${outcome.created.name}:</strong></p><p><code class="key">${outcome.created.key}</code></p><p>Copy it into your stock system now: it is shown this once, and only its first characters are kept.</p></div>`
    : '';
  const error = outcome.error ? html`<p class="error" role="alert" id="key-name-error">${outcome.error.message}</p>` : '';
  const form = html`<form class="new-key" method="post" action="/dealer/stock/keys"><input type="hidden" name="csrf" value="${csrf}">
<label for="key-name">Name of the stock system</label><input id="key-name" name="name" type="text" maxlength="${KEY_NAME_LENGTH}" required value="${outcome.error?.name ?? ''}"${outcome.error ? html` aria-invalid="true" aria-describedby="key-name-error"` : ''}>
<p class="note">For example the dealer management system's name: it tells the keys apart.</p>${error}
<button class="button" type="submit">Create a key</button></form>`;
  const columns = FEED_FIELDS.map((field) => html`<li>${connection.columns[field]}${REQUIRED_FIELDS.includes(field) ? ' (needed in every row)' : ''}</li>`);
  return html`<section class="panel" aria-labelledby="systems-heading"><h2 id="systems-heading">Your stock system</h2>${outcome.revoked ? html`<p class="done" role="status">The key was revoked: the stock system that used it can no longer send feeds.</p>` : ''}${created}${systems}${revoked > 0 ? html`<p class="note">${formatCount(revoked, 'revoked key')} not shown.</p>` : ''}${form}
<details><summary>How a stock system sends its feed</summary>
<dl class="facts"><dt>Address</dt><dd><code>PUT ${connection.endpoint}</code></dd>
<dt>Key</dt><dd>The header <code>Authorization: Bearer</code> and the key (above).</dd>
<dt>The whole stock list</dt><dd>Send it as it is: cars it no longer lists are marked sold.</dd>
<dt>Changes only</dt><dd>Add <code>?mode=delta</code>: only adds and updates cars.</dd>
<dt>A trial</dt><dd>Add <code>?dry_run=true</code> (or <code>?mode=delta&amp;dry_run=true</code>): says what would change and changes nothing.</dd>
<dt>Refused whole</dt><dd>A stock list that would mark more than ${formatNumber(MAX_SOLD_SHARE * 100)} % of the cars for sale sold (a file cut short), or a file with more than ${formatNumber(MAX_BAD_ROW_SHARE * 100)} % of its rows unreadable: none of it is applied, and it is listed below with the reason.</dd>
<dt>File</dt><dd>A spreadsheet saved as CSV (<code>Content-Type: text/csv</code>) with the columns below, or cars as JSON (<code>application/json</code>); up to ${formatNumber(FEED_LIMITS.bytes / 1024 / 1024)} MB and ${formatCount(FEED_LIMITS.rows, 'car')}.</dd>
<dt>How often</dt><dd>Up to ${formatCount(STOCK_RATE_LIMIT.max, 'feed')} a minute; once a day or more often as the stock changes.</dd></dl>
<h3 id="columns-heading">Columns your website reads (the first row of the file)</h3><ul class="columns" aria-labelledby="columns-heading">${columns}</ul>
</details></section>`;
}

/**
 * The stock feed page: each feed the dealer's stock system (or the import command) sent, newest
 * first, applied or refused and why, what it changed and its rows' problems; then the feeds'
 * photos, with those that could not be downloaded.
 * @param frame site and visitor
 * @param feeds a page of the site's feeds (at most FEEDS_SHOWN)
 * @param photos the state of the feeds' photos
 * @param connection the site's stock systems and how one sends its feed (shown on the first page)
 * @param marketplaces the site's marketplace feeds (shown on the first page)
 * @param keys what the dealer just did to the site's keys
 */
export function stockFeedPage(frame: PageFrame, feeds: FeedReportPage, photos: FeedPhotos, connection: StockConnection, marketplaces: MarketplaceFeedView[], keys: StockKeyOutcome = {}): string {
  const { tenant } = frame;
  const { page, total, reports } = feeds;
  const items = reports.map((report) => {
    const s = report.summary;
    const kind = report.mode === 'full' ? 'Full stock list' : 'Changes only';
    const from = report.origin === 'api' ? 'sent by your stock system' : 'imported on the website’s server';
    const outcome = report.refused
      ? html`<p class="error"><strong>Refused:</strong> ${report.refused}. Fix the feed in your stock system and send it again.</p>${refusalEmailLine(report, tenant)}`
      : html`<dl class="facts"><dt>Rows read</dt><dd>${formatNumber(s.rows)}${s.badRows > 0 ? `, ${formatNumber(s.badRows)} left out` : ''}</dd><dt>Cars</dt><dd>${formatNumber(s.created)} added, ${formatNumber(s.updated)} updated, ${formatNumber(s.unchanged)} unchanged, ${formatNumber(s.sold)} marked sold${s.demoWithdrawn > 0 ? `, ${formatNumber(s.demoWithdrawn)} sample cars taken down` : ''}</dd><dt>Photos</dt><dd>${s.photosQueued > 0 ? `${formatCount(s.photosQueued, 'photo')} to download` : 'No new photos'}</dd></dl>`;
    return html`<li class="feed"><h2><span>${time(report.receivedAt, tenant)}</span><span class="badge${report.refused ? ' refused' : ''}">${report.refused ? 'Refused' : 'Applied'}</span></h2><p class="note">${kind}, ${from}</p>${outcome}${feedLines('errors', s.errors, s.errorCount)}${feedLines('warnings', s.warnings, s.warningCount)}</li>`;
  });
  const pages = Math.max(1, Math.ceil(total / FEEDS_SHOWN));
  const first = (page - 1) * FEEDS_SHOWN + 1;
  const pager = pages > 1 || page > 1
    ? html`<nav class="pager" aria-label="Pages of feeds">${page > 1 ? html`<a href="${feedPageHref(Math.min(page - 1, pages))}">Newer feeds</a>` : html`<span></span>`}<span>${page <= pages ? `Page ${page} of ${pages}` : ''}</span>${page < pages ? html`<a href="${feedPageHref(page + 1)}">Older feeds</a>` : html`<span></span>`}</nav>`
    : '';
  const summary = total <= FEEDS_SHOWN
    ? ''
    : reports.length === 0
      ? html`<p role="status">There are ${formatNumber(total)} feeds, but not as many as page ${page}. <a href="/dealer/stock">Go to the newest feeds</a></p>`
      : html`<p role="status">Showing ${formatNumber(first)}–${formatNumber(first + reports.length - 1)} of ${formatNumber(total)} feeds, newest first${total >= FEED_REPORTS_KEPT ? ` (the newest ${formatNumber(FEED_REPORTS_KEPT)} are kept)` : ''}.</p>`;
  const list = total === 0
    ? html`<p class="panel">No stock feed has arrived yet. Each feed your stock system sends will be listed here, with what it changed.</p>`
    : html`${summary}${reports.length > 0 ? html`<ul class="feeds">${items}</ul>` : ''}${pager}`;
  const failures = photos.failures.length === 0
    ? ''
    : html`<h3 id="failed-photos">Photos that could not be downloaded${photos.failed > photos.failures.length ? ` (the first ${formatNumber(photos.failures.length)})` : ''}</h3><p class="note">Fix them where your stock system keeps them and send the feed again.</p><ul class="lines" aria-labelledby="failed-photos">${photos.failures.map(
        (f) => html`<li><strong>${f.stocknum}</strong>, photo ${formatNumber(f.position)}: ${f.error}<br><code>${f.url}</code></li>`,
      )}</ul>`;
  const photoLine = photos.ready + photos.waiting + photos.failed === 0
    ? 'Your feeds have named no photos yet.'
    : `${formatCount(photos.ready, 'photo')} downloaded, ${formatNumber(photos.waiting)} waiting to download, ${formatNumber(photos.failed)} could not be downloaded.`;
  return inboxPage(
    { ...frame, section: 'stock' },
    'Stock feed',
    html`<h1>Stock feed</h1><p>The cars on this website come from the stock list your stock system sends. Each feed is listed here, newest first: what it changed, and any rows that could not be read.</p>${feeds.arrivals ? arrivalsSection(tenant, feeds.arrivals, feeds.now) : ''}${page === 1 ? stockSystemSection(frame, connection, keys) : ''}${list}<section class="panel" aria-labelledby="photos-heading"><h2 id="photos-heading">Photos</h2><p>${photoLine}</p>${failures}</section>${page === 1 ? marketplaceSection(tenant, marketplaces) : ''}`,
  );
}
