import type { SearchRecord } from './columns.ts';
import { project, TenantIndex } from './engine.ts';
import { SearchError } from './errors.ts';
import { searchResponseText } from './hit-shape.ts';
import { parseSearchParams } from './params.ts';
import { type SynonymGroups, compileSynonyms } from './synonyms.ts';
import { algoliaIndexSettings, CAR_INDEXES } from './settings.ts';

/*
 * The Algolia-compatible search of every tenant: records per tenant in memory, indexed on first
 * search after a change, and the REST routes the algoliasearch clients call under `/1/`.
 */

/** What `handle` answers; the caller writes `json` with `status` (no body when json is undefined). */
export interface SearchHttpResult {
  status: number;
  json: unknown;
  /** `json` as JSON text, written faster than JSON.stringify (pages of hits reuse each car's text). */
  text?: () => string;
}

/** The search service shared by every tenant host (contract in docs/contracts.md). */
export interface SearchService {
  /** Replaces the tenant's whole index. */
  setRecords(tenantSlug: string, records: readonly SearchRecord[]): void;
  /** Adds or replaces records by objectID. */
  upsertRecords(tenantSlug: string, records: readonly SearchRecord[]): void;
  /** Removes records by objectID (unknown ids are ignored). */
  deleteRecords(tenantSlug: string, objectIDs: readonly string[]): void;
  /**
   * Sets the tenant's search settings: `synonyms` are groups of equivalent terms (the tenant's
   * `search.synonyms`, e.g. [["ute", "pick-up"], ["merc", "Mercedes-Benz"]]). Replaces earlier settings.
   */
  setSettings(tenantSlug: string, settings: { synonyms?: readonly (readonly string[])[] }): void;
  /** Answers one request under `/1/` for the tenant of the request's host. Never throws. */
  handle(
    tenantSlug: string,
    method: string,
    path: string,
    body: unknown,
    query?: Record<string, string | string[] | undefined>,
  ): SearchHttpResult;
  /** The tenant's current index (built if stale); for the bench and tests. */
  index(tenantSlug: string): TenantIndex;
}

interface TenantStore {
  records: Map<string, SearchRecord>;
  synonyms: SynonymGroups;
  index: TenantIndex | null;
}

function checkRecords(records: readonly SearchRecord[]): void {
  records.forEach((record, i) => {
    if (record === null || typeof record !== 'object' || typeof record.objectID !== 'string' || record.objectID === '') {
      throw new TypeError(`search records[${i}]: objectID must be a non-empty string`);
    }
  });
}

function parseBody(body: unknown): Record<string, unknown> {
  let value = body;
  if (value === undefined || value === null || value === '') return {};
  if (value instanceof Uint8Array) value = new TextDecoder().decode(value);
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new SearchError('Invalid JSON in request body');
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SearchError('Request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function queryObject(query: Record<string, string | string[] | undefined> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || key.toLowerCase().startsWith('x-algolia-')) continue;
    out[key] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return out;
}

function requireIndexName(value: unknown, label: string): string {
  if (typeof value !== 'string' || value === '') throw new SearchError(`${label}: indexName is required`);
  return value;
}

/** Creates an empty search service; the server feeds it each tenant's records. */
export function createSearchService(): SearchService {
  const tenants = new Map<string, TenantStore>();

  function store(tenantSlug: string): TenantStore {
    let entry = tenants.get(tenantSlug);
    if (entry === undefined) {
      entry = { records: new Map(), synonyms: [], index: null };
      tenants.set(tenantSlug, entry);
    }
    return entry;
  }

  // Hosts without stock (yet) search an empty index; no entry is kept for them.
  const emptyIndex = new TenantIndex([]);

  function index(tenantSlug: string): TenantIndex {
    const entry = tenants.get(tenantSlug);
    if (entry === undefined) return emptyIndex;
    if (entry.index === null) entry.index = new TenantIndex([...entry.records.values()], { synonyms: entry.synonyms });
    return entry.index;
  }

  function searchOne(tenantSlug: string, request: Record<string, unknown>, label: string): unknown {
    const indexName = requireIndexName(request.indexName, label);
    const params = parseSearchParams(request);
    if (request.type === 'facet') {
      if (params.facet === undefined) throw new SearchError(`${label}: facet is required when type is 'facet'`);
      return index(tenantSlug).searchFacetValues(indexName, params.facet, params);
    }
    if (request.type !== undefined && request.type !== 'default') {
      throw new SearchError(`${label}: type must be 'default' or 'facet'`);
    }
    return index(tenantSlug).search(indexName, params);
  }

  function route(tenantSlug: string, method: string, path: string, rawBody: unknown, query: Record<string, unknown>): SearchHttpResult {
    const segments = (path.split('?')[0] ?? '').split('/').filter((part) => part !== '').map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        throw new SearchError(`Malformed path: ${path}`);
      }
    });
    const verb = method.toUpperCase();
    if (verb === 'OPTIONS') return { status: 204, json: undefined };
    if (segments[0] !== '1' || segments[1] !== 'indexes' || segments.length < 3) {
      throw new SearchError(`No route for ${verb} ${path}`, 404);
    }
    const target = segments[2] as string;
    const rest = segments.slice(3);

    if (target === '*' && verb === 'POST' && rest.length === 1 && rest[0] === 'queries') {
      const body = parseBody(rawBody);
      if (!Array.isArray(body.requests)) throw new SearchError('requests: expected an array of search requests');
      if (body.strategy !== undefined && body.strategy !== 'none' && body.strategy !== 'stopIfEnoughMatches') {
        throw new SearchError("strategy: expected 'none' or 'stopIfEnoughMatches'");
      }
      const results = body.requests.map((request: unknown, i: number) => {
        if (request === null || typeof request !== 'object' || Array.isArray(request)) {
          throw new SearchError(`requests[${i}]: expected an object`);
        }
        return searchOne(tenantSlug, request as Record<string, unknown>, `requests[${i}]`);
      });
      return { status: 200, json: { results } };
    }

    if (target === '*' && verb === 'POST' && rest.length === 1 && rest[0] === 'objects') {
      const body = parseBody(rawBody);
      if (!Array.isArray(body.requests)) throw new SearchError('requests: expected an array of object requests');
      const results = body.requests.map((request: unknown, i: number) => {
        const entry = (request ?? {}) as Record<string, unknown>;
        const indexName = requireIndexName(entry.indexName, `requests[${i}]`);
        if (CAR_INDEXES[indexName] === undefined) throw new SearchError('Index does not exist', 404);
        if (typeof entry.objectID !== 'string') throw new SearchError(`requests[${i}]: objectID is required`);
        const record = index(tenantSlug).getObject(entry.objectID);
        const attributes = parseSearchParams({ attributesToRetrieve: entry.attributesToRetrieve }).attributesToRetrieve;
        return record === undefined ? null : project(record, attributes);
      });
      return { status: 200, json: { results } };
    }

    if (target === '*') throw new SearchError(`No route for ${verb} ${path}`, 404);
    if (CAR_INDEXES[target] === undefined) throw new SearchError('Index does not exist', 404);

    if (verb === 'POST' && rest.length === 1 && rest[0] === 'query') {
      return { status: 200, json: index(tenantSlug).search(target, parseSearchParams(parseBody(rawBody))) };
    }
    if (verb === 'GET' && rest.length === 0) {
      return { status: 200, json: index(tenantSlug).search(target, parseSearchParams(query)) };
    }
    if (verb === 'POST' && rest.length === 3 && rest[0] === 'facets' && rest[2] === 'query') {
      const params = parseSearchParams(parseBody(rawBody));
      return { status: 200, json: index(tenantSlug).searchFacetValues(target, rest[1] as string, params) };
    }
    if (verb === 'GET' && rest.length === 1 && rest[0] === 'settings') {
      return { status: 200, json: algoliaIndexSettings()[target] };
    }
    if (verb === 'GET' && rest.length === 1) {
      const record = index(tenantSlug).getObject(rest[0] as string);
      if (record === undefined) throw new SearchError('ObjectID does not exist', 404);
      return { status: 200, json: project(record, parseSearchParams(query).attributesToRetrieve) };
    }
    throw new SearchError(`No route for ${verb} ${path}`, 404);
  }

  return {
    setRecords(tenantSlug, records) {
      checkRecords(records);
      const entry = store(tenantSlug);
      entry.records = new Map(records.map((record) => [record.objectID, record]));
      entry.index = null;
    },
    upsertRecords(tenantSlug, records) {
      checkRecords(records);
      const entry = store(tenantSlug);
      for (const record of records) entry.records.set(record.objectID, record);
      entry.index = null;
    },
    deleteRecords(tenantSlug, objectIDs) {
      const entry = store(tenantSlug);
      for (const id of objectIDs) entry.records.delete(String(id));
      entry.index = null;
    },
    setSettings(tenantSlug, settings) {
      const entry = store(tenantSlug);
      entry.synonyms = compileSynonyms(settings.synonyms ?? []);
      // Synonyms only change how queries expand: the built index stays.
      entry.index?.setSynonyms(entry.synonyms);
    },
    handle(tenantSlug, method, path, body, query) {
      try {
        const result = route(tenantSlug, method, path, body, queryObject(query));
        if (result.json === undefined) return result;
        // Written from the answer as it is when sent: a caller may still replace `json` (a hidden car's read becomes a 404).
        const answer: SearchHttpResult = { ...result };
        answer.text = () => searchResponseText(answer.json);
        return answer;
      } catch (error) {
        if (error instanceof SearchError) return { status: error.status, json: { message: error.message, status: error.status } };
        // A bug must not take the server down with it; the message stays generic on purpose.
        console.error('search: internal error', error);
        return { status: 500, json: { message: 'Internal search error', status: 500 } };
      }
    },
    index,
  };
}
