import crypto from 'node:crypto';
import { DealerStatusChangeSchema, MAX_CSV_ROWS, DealerLeadStatusSchema } from '../../schema/api/dealer-inbox.ts';
import { SignInSchema } from '../../schema/api/user.ts';
import { NO_PRICE_THRESHOLD } from '../../site/src/domain/price-display.ts';
import { vehicleTitle } from '../../site/src/domain/vehicle-title.ts';
import { zonedParts } from '../../schema/zoned-time.ts';
import { sessionToken, signIn, signOut } from '../api/account.ts';
import { markLeadCarSold } from '../api/hold-sweep.ts';
import { hashToken } from '../auth.ts';
import { HttpError, positiveId, readBody, validationError, type Context } from '../http/core.ts';
import { assertSameOrigin, badText } from '../http/input-guard.ts';
import { leadsCsv } from './csv.ts';
import { parseFilters } from './filters.ts';
import { FEED_PAGES, FEEDS_SHOWN, INBOX_UNAVAILABLE, leadPage, listPage, messagePage, revokeKeyPage, signInPage, stockFeedPage, type LeadCar, type PageFrame, type StockKeyOutcome } from './pages.ts';
import { countFeedReports, feedArrivals, feedPhotos, recentFeedReports, stockFeedTrouble } from '../stock/feed-reports.ts';
import { createApiKey, KEY_NAME_LENGTH, KeyRefused, listApiKeys, revokeApiKey } from '../stock/api-keys.ts';
import { columnMapping } from '../stock/presets.ts';
import { MARKETPLACE_FEEDS, marketplaceFeeds } from '../stock/outbound.ts';
import { linkOrigin } from '../api/account-links.ts';
import { carSnapshotView, nonEmptyText } from './snapshot.ts';
import { carOfLead, leadsForExport, leadWithDeliveries, listLeads, setDealerStatus } from './store.ts';
import { formatMoney } from '../../schema/number-format.ts';
import { logDatabaseUnavailable, UNAVAILABLE_HEADERS } from '../app/respond.ts';
import { isStorageFailure } from '../db/storage-errors.ts';

/*
 * The dealer inbox at /dealer on each site's own host: sign-in, the list of leads, a lead's
 * page, its status form and the CSV download. Pages are rendered here on the server (plain HTML
 * forms, no script). Signing in goes through the site's one sign-in (server/api/account.ts), with
 * the per-address and per-account limits of the site's sign-in, and only dealer accounts are let
 * in. Every form carries a token bound to the visitor's session (or, before signing in, to a
 * cookie of its own) and must come from this site's origin.
 */

/** What the request handler gives the inbox. */
export interface InboxRequest {
  ctx: Context;
  pathname: string;
  /** Headers the context collected (the session cookie). */
  extraHeaders: Record<string, string | string[]>;
  /** The security headers of an HTML answer. */
  htmlHeaders(): Record<string, string>;
  /** Counts a sign-in against the client address's budget; 429 past it. */
  limitAddress(): Promise<void>;
  /** Other origins that may post (the editor preview's proxy). */
  allowedOrigins?: ((origin: string) => boolean) | undefined;
}

/** Whether a path belongs to the inbox. */
export function isDealerInboxPath(pathname: string): boolean {
  return pathname === '/dealer' || pathname.startsWith('/dealer/');
}

/** The cookie holding the sign-in form's token before there is a session. */
const CSRF_COOKIE = 'fc_dealer_csrf';
/** Largest form body the inbox reads. */
const MAX_FORM_BYTES = 4096;

function cookieValue(ctx: Context, name: string): string | undefined {
  for (const part of (ctx.req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}

/**
 * The visitor's form token: derived from the session (a page of another site cannot read or
 * compute it), or before signing in the value of the inbox's own cookie, made on first visit.
 */
function csrfToken(r: InboxRequest): string {
  const session = sessionToken(r.ctx);
  if (session) return hashToken(`dealer-inbox-form:${session}`);
  const existing = cookieValue(r.ctx, CSRF_COOKIE);
  if (existing && /^[\w-]{20,100}$/.test(existing)) return existing;
  const fresh = crypto.randomBytes(24).toString('base64url');
  const cookies = r.extraHeaders['Set-Cookie'];
  const cookie = `${CSRF_COOKIE}=${fresh}; Path=/dealer; HttpOnly; SameSite=Strict; Max-Age=7200${r.ctx.secure ? '; Secure' : ''}`;
  r.extraHeaders['Set-Cookie'] = [...(Array.isArray(cookies) ? cookies : cookies ? [cookies] : []), cookie];
  return fresh;
}

function assertCsrf(r: InboxRequest, sent: string | undefined): void {
  const session = sessionToken(r.ctx);
  const expected = session ? hashToken(`dealer-inbox-form:${session}`) : cookieValue(r.ctx, CSRF_COOKIE);
  const ok = expected !== undefined && sent !== undefined && sent.length === expected.length && crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  if (!ok) throw new HttpError(403, 'This form has expired or did not come from this page. Please go back, reload the page and try again.');
}

/**
 * A signed-in dealer's form post: its fields (formBody) once its form token is checked, and the dealer.
 * @param r the request
 * @param doing what the form does, for the 403 a visitor gets ("change a lead")
 */
async function dealerForm(r: InboxRequest, doing: string): Promise<{ form: Record<string, string>; dealer: { email: string } }> {
  const form = await formBody(r);
  assertCsrf(r, form.csrf);
  const user = await r.ctx.user();
  if (user?.role !== 'dealer') throw new HttpError(403, `Please sign in with a dealer account to ${doing}.`);
  return { form, dealer: user };
}

/** A form post's fields: same-origin, form-encoded, small, each field once. */
async function formBody(r: InboxRequest): Promise<Record<string, string>> {
  const host = (r.ctx.req.headers.host ?? '').toLowerCase();
  assertSameOrigin(r.ctx.req, [`${r.ctx.secure ? 'https' : 'http'}://${host}`], r.allowedOrigins);
  const type = (r.ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new HttpError(415, `Content-Type must be application/x-www-form-urlencoded (got ${type || 'none'})`);
  const text = await readBody(r.ctx.req, MAX_FORM_BYTES);
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const why = badText(name) ?? badText(value);
    if (why) throw new HttpError(400, `Invalid body: ${name.slice(0, 50)}: ${why}`, [{ path: name.slice(0, 50), message: why }]);
    if (name in fields) throw new HttpError(400, `Invalid body: ${name.slice(0, 50)}: must be given once`, [{ path: name.slice(0, 50), message: 'must be given once' }]);
    fields[name] = value;
  }
  return fields;
}

/** A `next` page after signing in: only a page of the inbox itself. */
function safeNext(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length > 300 || !/^\/dealer(\/leads\/\d{1,10}|\/stock)?(\?[\w=&%.-]*)?$/.test(value)) {
    throw new HttpError(400, 'Invalid query: next: must be a page of the dealer area', [{ path: 'next', message: 'must be a page of the dealer area' }]);
  }
  return value;
}

/** Only the named query parameters, each once and short; a 400 naming any other. */
function onlyParams(query: URLSearchParams, allowed: Record<string, (value: string) => boolean | string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of query) {
    const check = allowed[name];
    const shown = name.replace(/[^\x20-\x7e]/g, '?').slice(0, 50);
    if (!check) throw new HttpError(400, `Invalid query: ${shown}: is not a parameter of this page`, [{ path: shown, message: 'is not a parameter of this page' }]);
    if (name in out) throw new HttpError(400, `Invalid query: ${shown}: must be given once`, [{ path: shown, message: 'must be given once' }]);
    // A check answers true, false, or what the value must be (its limits).
    const verdict = value.length > 300 ? false : check(value);
    if (verdict !== true) {
      const message = typeof verdict === 'string' ? verdict : 'is not a value this page accepts';
      throw new HttpError(400, `Invalid query: ${shown}: ${message}`, [{ path: shown, message }]);
    }
    out[name] = value;
  }
  return out;
}

function send(r: InboxRequest, status: number, body: string, headers: Record<string, string | string[]> = {}): void {
  const { res, req } = r.ctx;
  res.writeHead(status, {
    ...r.htmlHeaders(),
    'Content-Type': 'text/html; charset=utf-8',
    // A dealer's leads are private: never kept by a browser or proxy cache, never indexed.
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex, nofollow',
    Vary: 'Cookie',
    ...r.extraHeaders,
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function redirect(r: InboxRequest, location: string): void {
  send(r, 303, '', { Location: location });
}

/** The signed-in dealer, or undefined (after answering with the way to sign in). */
async function dealerOf(r: InboxRequest, url: URL): Promise<{ email: string } | undefined> {
  const user = await r.ctx.user();
  if (user?.role === 'dealer') return user;
  const here = `${url.pathname}${url.search}`;
  redirect(r, here === '/dealer' ? '/dealer/sign-in' : `/dealer/sign-in?${new URLSearchParams({ next: here.length <= 300 ? here : url.pathname })}`);
  return undefined;
}

async function carFor(r: InboxRequest, lead: { car_id: number | null; car_snapshot: Record<string, unknown> | null }): Promise<LeadCar> {
  const { ctx } = r;
  const snapshot = carSnapshotView(lead.car_snapshot);
  const car = lead.car_id === null ? undefined : await carOfLead(ctx.db, ctx.siteId, lead.car_id);
  const listed = car !== undefined && (await ctx.services.carIsPublic(ctx.tenant, car.id));
  return {
    hasCar: lead.car_id !== null || snapshot !== null,
    snapshot,
    today:
      car && listed
        ? {
            title: vehicleTitle({ year: car.year, make: car.make, model: car.model, badge: nonEmptyText(car.details.badge), series: nonEmptyText(car.details.series), ...(nonEmptyText(car.details.name) ? { name: nonEmptyText(car.details.name) as string } : {}) }, ctx.tenant.config.features.seriesInTitle),
            price: car.price > NO_PRICE_THRESHOLD ? formatMoney(car.price) : null,
            stockNumber: car.stocknum || null,
            href: `/cars/${encodeURIComponent(car.slug)}`,
            photo: Number(car.details.photos_count ?? 0) > 0 ? `/images/cars/${car.id}/1.webp?w=480` : null,
          }
        : null,
    sale: car ? { sold: car.status === 'sold', held: car.reserved } : null,
  };
}

/**
 * Answers one request to the inbox.
 * @param r the request, its context and the server's helpers
 */
export async function handleDealerInbox(r: InboxRequest): Promise<void> {
  const { ctx, pathname } = r;
  const method = ctx.req.method === 'HEAD' ? 'GET' : (ctx.req.method ?? 'GET');
  const url = new URL(ctx.req.url ?? '/', 'http://inbox');
  const frame = (dealer?: string): PageFrame => ({ tenant: ctx.tenant.config, dealer, csrf: csrfToken(r) });
  /** A signed-in dealer's page frame, with what is wrong with the site's stock feeds. */
  const dealerFrame = async (dealer: string): Promise<PageFrame> => ({
    ...frame(dealer),
    stockTrouble: await stockFeedTrouble(ctx.db, ctx.siteId, ctx.tenant.config.stockFeed.maxHoursBetweenFeeds, ctx.services.now()),
  });
  const allow = (methods: string) => {
    if (!methods.split(', ').includes(method)) throw new HttpError(405, `${ctx.req.method} is not allowed here.`, undefined, { Allow: methods === 'GET' ? 'GET, HEAD' : methods });
  };
  try {
    if (pathname === '/dealer/sign-in') {
      allow('GET, POST');
      if (method === 'GET') {
        const q = onlyParams(url.searchParams, { next: () => true, signed_out: (v) => v === '1' });
        const next = safeNext(q.next);
        const user = await ctx.user();
        if (user?.role === 'dealer') return redirect(r, next ?? '/dealer');
        return send(r, 200, signInPage(frame(), { signedInShopper: user !== null, signedOut: q.signed_out === '1', next }));
      }
      const form = await formBody(r);
      assertCsrf(r, form.csrf);
      const next = safeNext(form.next);
      await r.limitAddress();
      const input = SignInSchema.safeParse({ email: form.email ?? '', password: form.password ?? '' });
      if (!input.success) {
        const message = input.error.issues[0]?.message ?? 'Please enter your email and password.';
        return send(r, 400, signInPage(frame(), { email: (form.email ?? '').slice(0, 254), error: message, next }));
      }
      try {
        await signIn(ctx, input.data, (role) => role === 'dealer');
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return send(r, 401, signInPage(frame(), { email: input.data.email, error: error.message, next }));
        throw error;
      }
      return redirect(r, next ?? '/dealer');
    }
    if (pathname === '/dealer/sign-out') {
      allow('POST');
      const form = await formBody(r);
      assertCsrf(r, form.csrf);
      await signOut(ctx);
      return redirect(r, '/dealer/sign-in?signed_out=1');
    }
    if (pathname === '/dealer') {
      allow('GET');
      const filter = parseFilters(url.searchParams);
      const dealer = await dealerOf(r, url);
      if (!dealer) return;
      const { leads, total } = await listLeads(ctx.db, ctx.siteId, filter, ctx.tenant.config.timeZone);
      return send(r, 200, listPage(await dealerFrame(dealer.email), filter, leads, total));
    }
    /** The stock feed page (a page of its feeds), answering what was just done to the site's keys. */
    const stockPage = async (dealer: string, page: number, outcome: StockKeyOutcome, status = 200) => {
      const reports = await recentFeedReports(ctx.db, ctx.siteId, FEEDS_SHOWN, (page - 1) * FEEDS_SHOWN);
      const origin = linkOrigin(ctx);
      const connection = { keys: await listApiKeys(ctx.db, ctx.siteId), endpoint: `${origin}/api/dealer/stock`, columns: columnMapping(ctx.tenant.config.stockFeed) };
      // The first page alone shows the marketplace feeds and whether feeds are arriving (its newest report is the site's last feed).
      const feeds = page === 1 ? await marketplaceFeeds(ctx) : null;
      const marketplaces = feeds ? MARKETPLACE_FEEDS.map((f) => ({ name: f.name, url: `${origin}${f.path}`, count: feeds.count, updated: feeds[f.kind].lastModified })) : [];
      const arrivals = page === 1 ? await feedArrivals(ctx.db, ctx.siteId, reports[0]?.receivedAt ?? null) : null;
      const feedPage = { page, total: await countFeedReports(ctx.db, ctx.siteId), reports, arrivals, now: ctx.services.now() };
      send(r, status, stockFeedPage(frame(dealer), feedPage, await feedPhotos(ctx.db, ctx.siteId), connection, marketplaces, outcome));
    };
    if (pathname === '/dealer/stock') {
      allow('GET');
      const q = onlyParams(url.searchParams, {
        page: (v) => (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= FEED_PAGES) || `must be a whole number from 1 to ${FEED_PAGES}`,
        revoked: (v) => v === '1',
      });
      const dealer = await dealerOf(r, url);
      if (!dealer) return;
      return stockPage(dealer.email, Number(q.page ?? 1), { revoked: q.revoked === '1' });
    }
    if (pathname === '/dealer/stock/keys') {
      allow('GET, POST');
      // The page a new key is shown on answers the form's POST; opened again (a bookmark, a link), it is the stock feed page.
      if (method === 'GET') return redirect(r, '/dealer/stock');
      const { form, dealer } = await dealerForm(r, 'manage the stock system’s keys');
      const name = (form.name ?? '').trim();
      if (name.length === 0 || name.length > KEY_NAME_LENGTH) {
        return stockPage(dealer.email, 1, { error: { name: name.slice(0, KEY_NAME_LENGTH), message: `Name of the stock system: please enter 1 to ${KEY_NAME_LENGTH} characters.` } }, 400);
      }
      try {
        const created = await createApiKey(ctx.db, ctx.siteId, name);
        return stockPage(dealer.email, 1, { created: { name, key: created.key } });
      } catch (error) {
        if (!(error instanceof KeyRefused)) throw error;
        return stockPage(dealer.email, 1, { error: { name, message: error.message } }, 409);
      }
    }
    const revokePath = /^\/dealer\/stock\/keys\/([^/]+)\/revoke$/.exec(pathname);
    if (revokePath) {
      allow('GET, POST');
      // The confirming page answers the button's POST; opened again, it is the stock feed page.
      if (method === 'GET') return redirect(r, '/dealer/stock');
      const id = positiveId(revokePath[1], 'key');
      const { form, dealer } = await dealerForm(r, 'manage the stock system’s keys');
      const key = (await listApiKeys(ctx.db, ctx.siteId)).find((k) => k.id === id && k.revoked_at === null);
      if (!key) throw new HttpError(404, 'There is no such key in use on this website.');
      // A revoked key stops the dealer's feeds at once: the page's button asks first, the confirming form revokes.
      if (form.confirm !== 'yes') return send(r, 200, revokeKeyPage(await dealerFrame(dealer.email), key));
      if (!(await revokeApiKey(ctx.db, ctx.siteId, id, ctx.services.now()))) throw new HttpError(404, 'There is no such key in use on this website.');
      return redirect(r, '/dealer/stock?revoked=1');
    }
    if (pathname === '/dealer/leads.csv') {
      allow('GET');
      const filter = parseFilters(url.searchParams);
      const dealer = await dealerOf(r, url);
      if (!dealer) return;
      const leads = await leadsForExport(ctx.db, ctx.siteId, filter, ctx.tenant.config.timeZone, MAX_CSV_ROWS);
      const today = zonedParts(ctx.services.now(), ctx.tenant.config.timeZone);
      const day = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
      const body = leadsCsv(leads, ctx.tenant.config);
      ctx.res.writeHead(200, {
        ...r.htmlHeaders(),
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="leads-${ctx.tenant.slug}-${day}.csv"`,
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex, nofollow',
        ...r.extraHeaders,
      });
      ctx.res.end(ctx.req.method === 'HEAD' ? undefined : body);
      return;
    }
    const leadPath = /^\/dealer\/leads\/([^/]+)(\/status|\/sold)?$/.exec(pathname);
    if (leadPath) {
      const id = positiveId(leadPath[1], 'lead');
      if (leadPath[2] === '/sold') {
        allow('POST');
        await dealerForm(r, 'change a lead');
        const carId = await markLeadCarSold(ctx.db, ctx.siteId, id, ctx.services.now());
        if (carId === null) throw new HttpError(404, 'There is no such lead with a car on this website.');
        await ctx.services.reindexCars(ctx.siteId, [carId]);
        return redirect(r, `/dealer/leads/${id}?sold=1`);
      }
      if (leadPath[2]) {
        allow('POST');
        const { form } = await dealerForm(r, 'change a lead');
        const parsed = DealerStatusChangeSchema.safeParse(form);
        if (!parsed.success) throw validationError(parsed.error, 'body');
        if (!(await setDealerStatus(ctx.db, ctx.siteId, id, parsed.data.status))) throw new HttpError(404, 'There is no such lead on this website.');
        return redirect(r, `/dealer/leads/${id}?marked=${parsed.data.status}`);
      }
      allow('GET');
      const q = onlyParams(url.searchParams, { marked: (v) => DealerLeadStatusSchema.safeParse(v).success, sold: (v) => v === '1' });
      const dealer = await dealerOf(r, url);
      if (!dealer) return;
      const found = await leadWithDeliveries(ctx.db, ctx.siteId, id);
      if (!found) throw new HttpError(404, 'There is no such lead on this website.');
      return send(r, 200, leadPage(await dealerFrame(dealer.email), found.lead, await carFor(r, found.lead), found.deliveries, q.marked, q.sold === '1'));
    }
    throw new HttpError(404, 'There is no such page in the leads inbox.');
  } catch (error) {
    if (isStorageFailure(error)) {
      // The inbox's own page, not the API's answer: a dealer reads it in the browser.
      logDatabaseUnavailable(ctx.req, error);
      return send(r, 503, messagePage(frame(undefined), INBOX_UNAVAILABLE.title, INBOX_UNAVAILABLE.message), UNAVAILABLE_HEADERS);
    }
    if (!(error instanceof HttpError)) throw error;
    const user = await ctx.user().catch(() => null);
    const titles: Record<number, string> = { 400: 'Please check the address', 403: 'Not allowed', 404: 'Not found', 405: 'Not allowed', 413: 'Too much data', 415: 'Not a form', 429: 'Too many attempts' };
    send(r, error.status, messagePage(frame(user?.role === 'dealer' ? user.email : undefined), titles[error.status] ?? 'Something went wrong', error.message), error.headers ?? {});
  }
}
