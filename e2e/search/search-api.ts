import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { clockHeaders, setServerClock } from '../lib/test-clock.ts';
/**
 * The spec's dealer filter condition every query carries (spec §7: "AND show_on_dealer_website
 * true"). The rest of the site's stock filter (statuses, the sold window, the site's exclusions)
 * is not rebuilt here: the server ANDs the tenant's own filter into every query, so a query from
 * the test sees what the site may list and no more.
 */
export function siteFilter(_tenant: ResolvedTenant): string {
  return 'show_on_dealer_website:true';
}

export interface ApiAnswer {
  nbHits: number;
  stats: Record<string, { min: number; max: number }>;
  hits: Record<string, unknown>[];
  facets: Record<string, Record<string, number>>;
}

/**
 * Asks the tenant's search endpoint directly (from the page, so the tenant host resolves), to
 * check what the page shows against the data.
 */
export async function searchApi(page: Page, params: { filters?: string; index?: string; query?: string; facets?: string[]; hitsPerPage?: number; facetFilters?: unknown }): Promise<ApiAnswer> {
  return page.evaluate(async (p) => {
    const response = await fetch('/1/indexes/*/queries', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-algolia-application-id': 'e2e', 'x-algolia-api-key': 'e2e' },
      body: JSON.stringify({
        requests: [
          {
            indexName: p.index ?? 'cars',
            query: p.query ?? '',
            filters: p.filters,
            hitsPerPage: p.hitsPerPage ?? 30,
            facets: p.facets ?? [],
            ...(p.facetFilters ? { facetFilters: p.facetFilters } : {}),
          },
        ],
      }),
    });
    const json = (await response.json()) as {
      results: { nbHits: number; hits: Record<string, unknown>[]; facets?: Record<string, Record<string, number>>; facets_stats?: Record<string, { min: number; max: number }> }[];
    };
    const first = json.results[0]!;
    return { nbHits: first.nbHits, hits: first.hits, facets: first.facets ?? {}, stats: first.facets_stats ?? {} };
  }, params);
}

/**
 * Holds the test server's clock at this moment for the rest of the test (the server takes a
 * browser test's clock from a request header on its pages, API and search). The
 * site's stock filter moves on the hour, when cars sold beyond the sold window leave the site:
 * a count the page shows and one the test asks for a moment later are compared for the same
 * instant, even when that hour ends between them.
 * @returns the held time (ISO), for the test's own requests made without the page
 */
export async function holdServerClock(page: Page): Promise<string> {
  const now = new Date().toISOString();
  await setServerClock(page, now);
  return now;
}

/** The number shown in "N cars found". */
export async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').textContent()) ?? '';
  const match = /([\d,]+)\s/.exec(text);
  if (!match) throw new Error(`No count in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

/**
 * The number of cars a query finds, asked by the test itself (no page needed: before a page is
 * loaded), at the server clock `now` (the test server's clock header) when given.
 */
export async function searchCount(slug: string, params: { filters: string; index: string }, now?: Date): Promise<number> {
  const answer = await tenantHttp(slug, '/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-algolia-application-id': 'e2e', 'x-algolia-api-key': 'e2e', ...clockHeaders(now) },
    body: JSON.stringify({ requests: [{ indexName: params.index, query: '', filters: params.filters, hitsPerPage: 0 }] }),
  });
  return (answer.json as { results: { nbHits: number }[] }).results[0]!.nbHits;
}

/** The first page of hits a query finds, asked by the test itself (no page needed), at the server clock `now`. */
export async function searchHits(slug: string, params: { filters: string; index: string; hitsPerPage: number }, now?: Date): Promise<{ nbHits: number; hits: Record<string, unknown>[] }> {
  const answer = await tenantHttp(slug, '/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-algolia-application-id': 'e2e', 'x-algolia-api-key': 'e2e', ...clockHeaders(now) },
    body: JSON.stringify({ requests: [{ indexName: params.index, query: '', filters: params.filters, hitsPerPage: params.hitsPerPage }] }),
  });
  const first = (answer.json as { results: { nbHits: number; hits: Record<string, unknown>[] }[] }).results[0]!;
  return { nbHits: first.nbHits, hits: first.hits };
}
