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
  /**
   * Points arriving records' values at equal ones the engine already holds, as they arrive from
   * another thread and before they are upserted, so the arriving copies die young.
   */
  shareHeldValues?(tenantSlug: string, records: CarSearchRecord[]): void;
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
 * Loads the search engine (server/search). A literal import, so `npm start`'s compiled server
 * (build/compiled-code.mjs) holds it like every other module.
 */
export async function loadSearchService(): Promise<SearchService | null> {
  const mod = await import('./search/index.ts');
  return mod.createSearchService();
}

/**
 * Every search record of a site, in id order.
 * @param db database
 * @param siteId site
 */
export async function siteSearchRecords(db: Kysely<Database>, siteId: number): Promise<CarSearchRecord[]> {
  return (await loadSiteCars(db, siteId, true)).map(({ car, dealershipName }) => toSearchRecord(car, dealershipName));
}
