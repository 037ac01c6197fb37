import type { SearchRecord } from './columns.ts';
import { project, type RecentSearch, TenantIndex } from './engine.ts';
import { SearchError } from './errors.ts';
import { searchResponseBytes, searchResponseText, searchResultsParts } from './hit-shape.ts';
import { parseSearchParams } from './params.ts';
import { type SynonymGroups, compileSynonyms } from './synonyms.ts';
import { algoliaIndexSettings, CAR_INDEXES } from './settings.ts';
import { runNow, runSliced } from '../time-slice.ts';
import { shareHeldValues } from './share-values.ts';

/*
 * The Algolia-compatible search of every tenant: records per tenant in memory, and the REST routes
 * the algoliasearch clients call under `/1/`. After a change the tenant's new index is built in
 * the background, a few milliseconds at a time, and swapped in whole when ready: searches keep
 * using the previous index meanwhile and never see one half built.
 */

/** What `handle` answers; the caller writes `json` with `status` (no body when json is undefined). */
export interface SearchHttpResult {
  status: number;
  json: unknown;
  /** `json` as JSON text, written faster than JSON.stringify (pages of hits reuse each car's text). */
  text?: () => string;
  /**
   * For a multi-query answer: its `results` array's JSON text without the brackets, as pieces to
   * join (null for other answers). Lets a caller assembling one answer from several calls copy
   * each page of hits once.
   */
  resultsParts?: () => string[] | null;
  /** `text()` as UTF-8 bytes, written without making the whole text one string first. */
  bytes?: () => Buffer;
}

/** The search service shared by every tenant host (contract in docs/contracts.md). */
export interface SearchService {
  /**
   * Replaces the tenant's whole index. Like the two below, it resolves once searches see the
   * change: the new index is built in slices while searches keep using the one it replaces.
   */
  setRecords(tenantSlug: string, records: readonly SearchRecord[]): Promise<void>;
  /** Adds or replaces records by objectID. */
  upsertRecords(tenantSlug: string, records: readonly SearchRecord[]): Promise<void>;
  /** Removes records by objectID (unknown ids are ignored). */
  deleteRecords(tenantSlug: string, objectIDs: readonly string[]): Promise<void>;
  /** Points the records' values at equal ones already held (share-values.ts), before they are upserted (the stock import calls it as each message of records arrives). */
  shareHeldValues(tenantSlug: string, records: readonly SearchRecord[]): void;
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
  /** The tenant's index with every change so far (built now if a change is not in it yet); for the bench and tests. */
  index(tenantSlug: string): TenantIndex;
}

interface TenantStore {
  records: Map<string, SearchRecord>;
  synonyms: SynonymGroups;
  /** The index searches use; null until the first is built. */
  index: TenantIndex | null;
  /** Counts changes to `records`; `indexed` is the count the index was built from. */
  version: number;
  indexed: number;
  /** The background build under way, if any. */
  building: Promise<void> | null;
  /** Callers waiting until the index holds their change. */
  waiters: { version: number; resolve: () => void }[];
  /**
   * What changed since the index's version: the objectIDs upserted, or `whole` when records were
   * replaced or deleted (then the next index is built whole).
   */
  pending: { ids: Set<string>; whole: boolean };
  /** The latest distinct searches (least recent first), answered by a new index before it is swapped in. */
  recent: Map<string, RecentSearch>;
}

/**
 * Distinct recent searches a new index answers before it is swapped in, so the searches
 * shoppers are making find their words, filters and hits ready rather than building them on
 * the request. A few dozen: each costs the build a millisecond or two.
 */
export const WARM_SEARCHES = 24;

/** Remembers a search that was answered (the most recent last; the oldest forgotten beyond WARM_SEARCHES). */
function remember(entry: TenantStore | undefined, recent: RecentSearch): void {
  if (entry === undefined) return;
  const key = `${recent.indexName}\u0000${recent.facet ?? ''}\u0000${JSON.stringify(recent.params.raw)}`;
  entry.recent.delete(key);
  entry.recent.set(key, recent);
  if (entry.recent.size > WARM_SEARCHES) entry.recent.delete(entry.recent.keys().next().value as string);
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
      entry = { records: new Map(), synonyms: [], index: null, version: 0, indexed: -1, building: null, waiters: [], recent: new Map(), pending: { ids: new Set(), whole: true } };
      tenants.set(tenantSlug, entry);
    }
    return entry;
  }

  // Hosts without stock (yet) search an empty index; no entry is kept for them.
  const emptyIndex = new TenantIndex([]);

  /** Puts a finished index in place (unless a newer one already is) and releases who waited for it. */
  function swapIn(entry: TenantStore, next: TenantIndex, version: number, synonyms: SynonymGroups): void {
    if (version <= entry.indexed) return;
    // Synonyms changed during the build: the new index takes the current ones.
    if (synonyms !== entry.synonyms) next.setSynonyms(entry.synonyms);
    entry.index = next;
    entry.indexed = version;
    const ready = entry.waiters.filter((waiter) => waiter.version <= version);
    entry.waiters = entry.waiters.filter((waiter) => waiter.version > version);
    for (const waiter of ready) waiter.resolve();
  }

  /** Builds the index from the records as they are now, at once. */
  function buildNow(entry: TenantStore): TenantIndex {
    const { version, synonyms } = entry;
    entry.pending = { ids: new Set(), whole: false };
    swapIn(entry, runNow(TenantIndex.buildSteps([...entry.records.values()], { synonyms }, entry.index)), version, synonyms);
    return entry.index as TenantIndex;
  }

  /** Rebuilds in slices until the index holds every change (changes made meanwhile start another round). */
  async function rebuild(entry: TenantStore): Promise<void> {
    try {
      while (entry.indexed < entry.version) {
        const { version, synonyms, pending, index: previous } = entry;
        entry.pending = { ids: new Set(), whole: false };
        const recent = [...entry.recent.values()];
        // Records changed in place are patched into the index searches use; anything else builds it whole.
        const patched =
          previous !== null && !pending.whole && entry.indexed >= 0
            ? await runSliced(TenantIndex.patchSteps(previous, [...pending.ids].map((id) => entry.records.get(id) as SearchRecord), recent))
            : null;
        const next = patched ?? (await runSliced(TenantIndex.buildSteps([...entry.records.values()], { synonyms }, previous, recent)));
        swapIn(entry, next, version, synonyms);
      }
    } catch (error) {
      // A bug must not leave callers waiting: searches build the index themselves (and report the error).
      console.error('search: building the index failed', error);
      entry.index = null;
      entry.indexed = -1;
      entry.pending = { ids: new Set(), whole: true };
      for (const waiter of entry.waiters.splice(0)) waiter.resolve();
    } finally {
      entry.building = null;
    }
  }

  /** Counts a change and resolves once searches see it. */
  function changed(entry: TenantStore): Promise<void> {
    entry.version += 1;
    const done = new Promise<void>((resolve) => entry.waiters.push({ version: entry.version, resolve }));
    entry.building ??= rebuild(entry);
    return done;
  }

  /** The index searches use now: the last one built (a newer one may be under way). */
  function current(tenantSlug: string): TenantIndex {
    const entry = tenants.get(tenantSlug);
    if (entry === undefined) return emptyIndex;
    return entry.index ?? buildNow(entry);
  }

  function index(tenantSlug: string): TenantIndex {
    const entry = tenants.get(tenantSlug);
    if (entry === undefined) return emptyIndex;
    return entry.index !== null && entry.indexed === entry.version ? entry.index : buildNow(entry);
  }

  function searchOne(tenantSlug: string, request: Record<string, unknown>, label: string): unknown {
    const indexName = requireIndexName(request.indexName, label);
    const params = parseSearchParams(request);
    if (request.type === 'facet') {
      if (params.facet === undefined) throw new SearchError(`${label}: facet is required when type is 'facet'`);
      const answer = current(tenantSlug).searchFacetValues(indexName, params.facet, params);
      remember(tenants.get(tenantSlug), { indexName, params, facet: params.facet });
      return answer;
    }
    if (request.type !== undefined && request.type !== 'default') {
      throw new SearchError(`${label}: type must be 'default' or 'facet'`);
    }
    return answerSearch(tenantSlug, indexName, params);
  }

  /** One hits/facets search, remembered for the next index to answer before it is swapped in. */
  function answerSearch(tenantSlug: string, indexName: string, params: ReturnType<typeof parseSearchParams>): unknown {
    const answer = current(tenantSlug).search(indexName, params);
    remember(tenants.get(tenantSlug), { indexName, params });
    return answer;
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
        const record = current(tenantSlug).getObject(entry.objectID);
        const attributes = parseSearchParams({ attributesToRetrieve: entry.attributesToRetrieve }).attributesToRetrieve;
        return record === undefined ? null : project(record, attributes);
      });
      return { status: 200, json: { results } };
    }

    if (target === '*') throw new SearchError(`No route for ${verb} ${path}`, 404);
    if (CAR_INDEXES[target] === undefined) throw new SearchError('Index does not exist', 404);

    if (verb === 'POST' && rest.length === 1 && rest[0] === 'query') {
      return { status: 200, json: answerSearch(tenantSlug, target, parseSearchParams(parseBody(rawBody))) };
    }
    if (verb === 'GET' && rest.length === 0) {
      return { status: 200, json: answerSearch(tenantSlug, target, parseSearchParams(query)) };
    }
    if (verb === 'POST' && rest.length === 3 && rest[0] === 'facets' && rest[2] === 'query') {
      const params = parseSearchParams(parseBody(rawBody));
      return { status: 200, json: current(tenantSlug).searchFacetValues(target, rest[1] as string, params) };
    }
    if (verb === 'GET' && rest.length === 1 && rest[0] === 'settings') {
      return { status: 200, json: algoliaIndexSettings()[target] };
    }
    if (verb === 'GET' && rest.length === 1) {
      const record = current(tenantSlug).getObject(rest[0] as string);
      if (record === undefined) throw new SearchError('ObjectID does not exist', 404);
      return { status: 200, json: project(record, parseSearchParams(query).attributesToRetrieve) };
    }
    throw new SearchError(`No route for ${verb} ${path}`, 404);
  }

  return {
    setRecords(tenantSlug, records) {
      checkRecords(records);
      const entry = store(tenantSlug);
      shareHeldValues(records, entry.records);
      entry.records = new Map(records.map((record) => [record.objectID, record]));
      entry.pending.whole = true;
      return changed(entry);
    },
    upsertRecords(tenantSlug, records) {
      checkRecords(records);
      const entry = store(tenantSlug);
      for (const record of records) {
        entry.records.set(record.objectID, record);
        entry.pending.ids.add(record.objectID);
      }
      return changed(entry);
    },
    shareHeldValues(tenantSlug, records) {
      shareHeldValues(records, store(tenantSlug).records);
    },
    deleteRecords(tenantSlug, objectIDs) {
      const entry = store(tenantSlug);
      for (const id of objectIDs) entry.records.delete(String(id));
      entry.pending.whole = true;
      return changed(entry);
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
        answer.resultsParts = () => searchResultsParts(answer.json);
        answer.bytes = () => searchResponseBytes(answer.json);
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
