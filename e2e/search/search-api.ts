import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { stockFilterExpression } from '../../site/src/domain/stock-filter.ts';

/** The site's stock filter, built the way the page builds it. */
export function siteFilter(tenant: ResolvedTenant): string {
  return stockFilterExpression(
    {
      stockFilter: tenant.stockFilter,
      ...(tenant.dealer.includeSoldCarsDays === undefined ? {} : { includeSoldCarsDays: tenant.dealer.includeSoldCarsDays }),
      certifiedOnly: tenant.search.certifiedOnly,
    },
    Math.floor(Date.now() / 1000),
  );
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

/** The number shown in "N cars found". */
export async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').textContent()) ?? '';
  const match = /([\d,]+)\s/.exec(text);
  if (!match) throw new Error(`No count in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}
