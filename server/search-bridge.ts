import type { Kysely } from 'kysely';
import type { CarSearchRecord } from '../schema/api/index.ts';
import type { Database } from './db/types.ts';
import { loadSiteCars, toSearchRecord } from './repo/cars.ts';

/*
 * Connects the platform to the Algolia-compatible engine in server/search/ (see
 * docs/contracts.md): feeds each tenant's cars from the database and forwards /1/* requests.
 */

/** One answer of the engine: `json` to send with `status`; `text` writes it faster than JSON.stringify. */
export interface SearchAnswer {
  status: number;
  json: unknown;
  text?: () => string;
}

/** The engine's interface as the contract pins it. */
export interface SearchService {
  setRecords(tenantSlug: string, records: CarSearchRecord[]): void | Promise<void>;
  upsertRecords(tenantSlug: string, records: CarSearchRecord[]): void | Promise<void>;
  deleteRecords(tenantSlug: string, objectIDs: string[]): void | Promise<void>;
  /** Per-tenant search settings (synonym groups from the tenant's `search.synonyms`). */
  setSettings?(tenantSlug: string, settings: { synonyms?: readonly (readonly string[])[] }): void | Promise<void>;
  handle(
    tenantSlug: string,
    method: string,
    path: string,
    body: unknown,
    query: Record<string, string>,
  ): SearchAnswer | Promise<SearchAnswer>;
}

/**
 * Loads the engine from server/search/index.ts; null while that module does not exist yet.
 */
export async function loadSearchService(): Promise<SearchService | null> {
  const specifier = './search/index.ts';
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as { createSearchService?: () => SearchService | Promise<SearchService> };
    if (typeof mod.createSearchService !== 'function') return null;
    return await mod.createSearchService();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * Every search record of a site, in id order.
 * @param db database
 * @param siteId site
 */
export async function siteSearchRecords(db: Kysely<Database>, siteId: number): Promise<CarSearchRecord[]> {
  return (await loadSiteCars(db, siteId, true)).map(({ car, dealershipName }) => toSearchRecord(car, dealershipName));
}
