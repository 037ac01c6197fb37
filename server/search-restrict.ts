import { soldStockFilter, stockFilterExpression, stockFilterInput } from '../site/src/domain/stock-filter.ts';
import type { HostedTenant } from './tenants.ts';

/*
 * The public search key is restricted the way Algolia's secured API keys are: the tenant's stock filter (shown on the dealer website; in stock, coming soon or
 * sold within the window; the site's exclusions) is ANDed by the server into every query, so a
 * browser can narrow its results but never widen them to hidden or long-sold stock.
 */

/**
 * The stock filter the server enforces for a tenant, from the same builder the site uses.
 * @param tenant the hosted tenant
 * @param now current time
 */
export function enforcedStockFilter(tenant: HostedTenant, now: Date): string {
  return stockFilterExpression(stockFilterInput(tenant.config), Math.floor(now.getTime() / 1000));
}

function combine(enforced: string, sent: unknown): string {
  return typeof sent === 'string' && sent.trim() !== '' ? `(${enforced}) AND (${sent})` : enforced;
}

/**
 * One search request with the enforced filter ANDed into its `filters`, wherever the client put
 * them (a urlencoded `params` string, a `params` object, or a top-level field).
 * @param request the request object
 * @param enforced the enforced filter
 */
export function restrictRequest(request: unknown, enforced: string): unknown {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) return request;
  const out: Record<string, unknown> = { ...(request as Record<string, unknown>) };
  let sent: unknown = out.filters;
  if (typeof out.params === 'string') {
    const params = new URLSearchParams(out.params);
    if (params.has('filters')) {
      sent = sent === undefined ? params.get('filters') : `(${String(sent)}) AND (${params.get('filters')})`;
      params.delete('filters');
      out.params = params.toString();
    }
  } else if (out.params !== null && typeof out.params === 'object' && !Array.isArray(out.params)) {
    const params = { ...(out.params as Record<string, unknown>) };
    if ('filters' in params) {
      sent = sent === undefined ? params.filters : `(${String(sent)}) AND (${String(params.filters)})`;
      delete params.filters;
      out.params = params;
    }
  }
  out.filters = combine(enforced, sent);
  return out;
}

/**
 * A /1/ request with the enforced filter applied to every query in it.
 * @param pathname request path
 * @param body parsed JSON body (POST)
 * @param query query parameters (GET)
 * @param enforced the enforced filter
 */
export function restrictSearch(pathname: string, body: unknown, query: Record<string, string>, enforced: string): { body: unknown; query: Record<string, string> } {
  if (/^\/1\/indexes\/\*\/queries$/.test(pathname) && body && typeof body === 'object' && Array.isArray((body as { requests?: unknown }).requests)) {
    const b = body as { requests: unknown[] };
    return { body: { ...b, requests: b.requests.map((r) => restrictRequest(r, enforced)) }, query };
  }
  if (/^\/1\/indexes\/[^/]+\/(query|facets\/[^/]+\/query)$/.test(pathname)) return { body: restrictRequest(body ?? {}, enforced), query };
  if (/^\/1\/indexes\/[^/*]+\/?$/.test(pathname)) return { body, query: { ...query, filters: combine(enforced, query.filters) } };
  return { body, query };
}

/** The part of the search service carIsPublic needs. */
interface SearchHandle {
  handle(tenantSlug: string, method: string, path: string, body: unknown, query: Record<string, string>): { status: number; json: unknown } | Promise<{ status: number; json: unknown }>;
}

/**
 * Whether a car is public on a tenant's site: it passes the enforced stock filter. Car detail,
 * PDF, images and object reads answer 404 otherwise, so a hidden car's URL leads nowhere.
 * @param search the search service (null: not installed, then every car of the site is public)
 * @param tenant the hosted tenant
 * @param carId the car id
 * @param now current time
 */
export async function carIsPublic(search: SearchHandle | null, tenant: HostedTenant, carId: number, now: Date): Promise<boolean> {
  if (!search) return true;
  const filters = `(${enforcedStockFilter(tenant, now)}) AND objectID:"${String(carId)}"`;
  const result = await search.handle(tenant.slug, 'POST', '/1/indexes/cars/query', { filters, hitsPerPage: 0, attributesToRetrieve: ['objectID'] }, {});
  return result.status === 200 && Number((result.json as { nbHits?: number }).nbHits ?? 0) > 0;
}

/**
 * Whether a car has left a tenant's site for good: the site listed it (it is sold stock inside the
 * site's limits, shown on the dealer website) but it is no longer public (sold beyond the sold
 * window). Its URLs answer 410 Gone; a car the site never listed (hidden, excluded, another
 * site's) stays an unknown 404.
 * @param search the search service (null: not installed, then no car has left)
 * @param tenant the hosted tenant
 * @param carId the car id
 * @param now current time
 */
export async function carLeftSite(search: SearchHandle | null, tenant: HostedTenant, carId: number, now: Date): Promise<boolean> {
  if (!search || (await carIsPublic(search, tenant, carId, now))) return false;
  const filters = `(${soldStockFilter(stockFilterInput(tenant.config))}) AND objectID:"${String(carId)}"`;
  const result = await search.handle(tenant.slug, 'POST', '/1/indexes/cars/query', { filters, hitsPerPage: 0, attributesToRetrieve: ['objectID'] }, {});
  return result.status === 200 && Number((result.json as { nbHits?: number }).nbHits ?? 0) > 0;
}
