import { HttpError } from './core.ts';
import { joinToBuffer } from '../search/hit-shape.ts';
import { parseSearchParams } from '../search/params.ts';
import { slicer } from '../time-slice.ts';

/*
 * Bounds on what one search call may ask of the engine. The search routes need no sign-in, and
 * the engine runs on the server's only thread: a single call of hundreds of queries with a
 * thousand hits each once answered half a gigabyte and held every other site's requests for
 * seconds. Algolia refuses more than 50 queries in a multi-query call and more than 1,000 hits
 * per page; the platform does the same, and also bounds the hits and the bytes of the whole
 * answer. A multi-query runs one search at a time and lets other requests in between, so one
 * shopper's heavy call costs others at most one search's time.
 */

/** The limits (also named in the 400 answers). */
export const SEARCH_LIMITS = {
  /** Searches in one multi-query call (Algolia: "Too many queries in multi query request" beyond 50). */
  queriesPerCall: 50,
  /** Hits asked for by all the searches of one call together (hitsPerPage or length, summed). */
  hitsPerCall: 1000,
  /** Object reads in one call (a comparison or a watchlist reads a handful). */
  objectsPerCall: 100,
  /** Bytes of one call's answer before compression. */
  answerBytes: 4_000_000,
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function limitError(field: string, message: string): HttpError {
  return new HttpError(400, `${field}: ${message}`, [{ path: field, message }]);
}

/** Hits one search request asks for; a request the engine will refuse anyway counts nothing. */
function hitsAskedFor(request: unknown): number {
  if (!isRecord(request) || request.type === 'facet') return 0;
  try {
    const params = parseSearchParams(request);
    return params.length ?? params.hitsPerPage;
  } catch {
    return 0;
  }
}

/**
 * Checks a /1/ call against the limits and answers its cost for the rate limiter: the number of
 * searches or object reads it asks for (at least 1). Throws a 400 naming the limit beyond them.
 * @param pathname the request path (/1/…)
 * @param method the request method
 * @param body the parsed JSON body (POST)
 */
export function searchCallCost(pathname: string, method: string, body: unknown): number {
  if (method !== 'POST' || !isRecord(body) || !Array.isArray(body.requests)) return 1;
  const requests: unknown[] = body.requests;
  if (pathname === '/1/indexes/*/queries') {
    if (requests.length > SEARCH_LIMITS.queriesPerCall) {
      throw limitError('requests', `at most ${SEARCH_LIMITS.queriesPerCall} queries per call (got ${requests.length})`);
    }
    const hits = requests.reduce<number>((sum, r) => sum + hitsAskedFor(r), 0);
    if (hits > SEARCH_LIMITS.hitsPerCall) {
      throw limitError('hitsPerPage', `at most ${SEARCH_LIMITS.hitsPerCall} hits per call across its queries (asked for ${hits})`);
    }
  }
  if (pathname === '/1/indexes/*/objects' && requests.length > SEARCH_LIMITS.objectsPerCall) {
    throw limitError('requests', `at most ${SEARCH_LIMITS.objectsPerCall} objects per call (got ${requests.length})`);
  }
  return Math.max(1, requests.length);
}

/** The engine's answer to one call. */
interface Answer {
  status: number;
  json: unknown;
  text?: () => string;
  resultsParts?: () => string[] | null;
  bytes?: () => Buffer;
}

/**
 * Runs a multi-query call one search at a time, giving other requests a turn between two searches
 * once the call has run for a slice (a call of many searches does not hold the server), and stops
 * with a 400 once the answer would pass its byte limit. Other calls go straight through.
 *
 * Only once a slice has run: the page's usual call (its hits and a facet count or two) takes a
 * millisecond or two and is answered in one go. A turn after every search put each of its
 * searches behind whatever background work was waiting for the thread (a slice of a search index
 * being rebuilt after a stock feed, say), so a shopper's search waited several slices.
 * @param handle the engine (with the enforced stock filter already applied to `body`)
 * @param pathname the request path
 * @param method the request method
 * @param body the call's body
 * @param query the call's query parameters
 * @param pause between two searches: a turn once the slice has run out (`slicer`)
 */
export async function runSearchCall(
  handle: (method: string, pathname: string, body: unknown, query: Record<string, string>) => Answer | Promise<Answer>,
  pathname: string,
  method: string,
  body: unknown,
  query: Record<string, string>,
  pause: () => Promise<void> | undefined = slicer(),
): Promise<Answer> {
  if (!(method === 'POST' && pathname === '/1/indexes/*/queries' && isRecord(body) && Array.isArray(body.requests) && body.requests.length > 1)) {
    return handle(method, pathname, body, query);
  }
  // The answer's text in pieces, joined once at the end: each result's page of hits is copied
  // once (cutting each call's whole text out and joining the cuts copied it three times more).
  const parts: string[] = ['{"results":['];
  const results: unknown[] = [];
  let bytes = 0;
  for (const request of body.requests as unknown[]) {
    if (results.length > 0) await pause();
    const answer = await handle(method, pathname, { ...body, requests: [request] }, query);
    // One search refused (a bad parameter): the whole call is, as with a single engine call.
    if (answer.status !== 200) return answer;
    if (results.length > 0) parts.push(',');
    const pieces = answer.resultsParts?.();
    if (pieces) {
      for (const piece of pieces) {
        bytes += piece.length;
        parts.push(piece);
      }
    } else {
      const text = answer.text?.() ?? JSON.stringify(answer.json);
      // `{"results":[<one result>]}`: keep the result's own text.
      const inner = text.slice('{"results":['.length, -']}'.length);
      bytes += inner.length;
      parts.push(inner);
    }
    bytes += 1;
    assertAnswerSize(bytes);
    results.push(...((answer.json as { results?: unknown[] }).results ?? []));
  }
  parts.push(']}');
  return { status: 200, json: { results }, text: () => parts.join(''), bytes: () => joinToBuffer(parts) };
}

/**
 * Throws the 400 of an answer past the byte limit.
 * @param bytes the answer's length so far
 */
export function assertAnswerSize(bytes: number): void {
  if (bytes <= SEARCH_LIMITS.answerBytes) return;
  throw limitError('requests', `the answer would be larger than ${SEARCH_LIMITS.answerBytes} bytes: ask for fewer hits, facets or facet values per call`);
}
