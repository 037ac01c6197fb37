import type { SearchRecord } from './columns.ts';

/*
 * Builds the hit objects of a page. `{ ...record }` followed by adding `_highlightResult` costs
 * ~10 µs per car in V8 (the copy gets a map of its own, and adding a property to it makes another)
 * and leaves an object that serialises at half speed. An object literal compiled once per key
 * layout of the records (normally one per tenant) costs well under 1 µs and serialises fast.
 */

type Builder = (record: SearchRecord, highlight: unknown, snippet: unknown) => Record<string, unknown>;

interface Shape {
  keys: string;
  /** By variant: bit 0 = with _highlightResult, bit 1 = with _snippetResult. */
  builders: (Builder | undefined)[];
  names: string[];
}

/** More layouts than this means the records are irregular: plain copies are used instead. */
const MAX_SHAPES = 64;

function compile(names: readonly string[], withHighlight: boolean, withSnippet: boolean): Builder {
  // Keys are written as string literals (JSON.stringify escapes them); `__proto__` must be a
  // computed key, or the literal would set the prototype instead of an own property.
  const entries = names.map((name) => {
    const key = JSON.stringify(name);
    return `${name === '__proto__' ? `[${key}]` : key}: r[${key}]`;
  });
  if (withHighlight) entries.push('_highlightResult: h');
  if (withSnippet) entries.push('_snippetResult: s');
  return new Function('r', 'h', 's', `"use strict"; return { ${entries.join(', ')} };`) as Builder;
}

/**
 * Copies of records with `_highlightResult` / `_snippetResult` appended (when not null), equal to
 * `{ ...record, _highlightResult, _snippetResult }` in keys, order and values.
 */
export class HitShapes {
  private readonly byKeys = new Map<string, Shape>();
  /** Per document: shape number + 1, 0 = not seen yet, 0xffff = copied plainly. */
  private readonly shapeOf: Uint16Array;
  private readonly shapes: Shape[] = [];

  constructor(size: number) {
    this.shapeOf = new Uint16Array(size);
  }

  private shape(doc: number, record: SearchRecord): Shape | null {
    let id = this.shapeOf[doc] as number;
    if (id === 0) {
      const names = Object.keys(record);
      // A record holding the result keys itself keeps them in place: the plain copy does that.
      const plain = names.includes('_highlightResult') || names.includes('_snippetResult') || Object.getOwnPropertySymbols(record).length > 0;
      const keys = names.join('\u0000');
      let shape = plain ? undefined : this.byKeys.get(keys);
      if (shape === undefined && !plain && this.shapes.length < MAX_SHAPES) {
        shape = { keys, builders: [], names };
        this.byKeys.set(keys, shape);
        this.shapes.push(shape);
      }
      id = shape === undefined ? 0xffff : this.shapes.indexOf(shape) + 1;
      this.shapeOf[doc] = id;
    }
    return id === 0xffff ? null : (this.shapes[id - 1] as Shape);
  }

  /** The hit of document `doc` (its record `record`). */
  build(doc: number, record: SearchRecord, highlight: unknown, snippet: unknown): Record<string, unknown> {
    const shape = this.shape(doc, record);
    if (shape === null) {
      const hit: Record<string, unknown> = { ...record };
      if (highlight !== null) hit['_highlightResult'] = highlight;
      if (snippet !== null) hit['_snippetResult'] = snippet;
      return hit;
    }
    const variant = (highlight !== null ? 1 : 0) | (snippet !== null ? 2 : 0);
    let builder = shape.builders[variant];
    if (builder === undefined) {
      builder = compile(shape.names, highlight !== null, snippet !== null);
      shape.builders[variant] = builder;
    }
    return builder(record, highlight, snippet);
  }
}

/**
 * A search response whose page of hits can write itself as JSON (`searchResponseText`): a car's
 * JSON is written once and reused by every later page that shows it. `JSON.stringify` of the hits
 * was the largest single cost of a search-page request (a fifth of its CPU at 100,000 cars).
 */
const HITS_TEXT: unique symbol = Symbol('hits as JSON text');

interface WithHitsText {
  /** Appends the page's JSON text as pieces to `out`; false (nothing appended) when it must be written by JSON.stringify. */
  [HITS_TEXT]?: (out: string[]) => boolean;
}

/**
 * Makes `response.hits` a page built only when read (`build`), and written as JSON by `write`
 * (pieces appended to `out`, or false) until then. Once read, the hits may have been changed by
 * the reader: JSON.stringify writes them.
 */
export function lazyHits(response: { hits: Record<string, unknown>[] }, build: () => Record<string, unknown>[], write: (out: string[]) => boolean): void {
  let built: Record<string, unknown>[] | null = null;
  Object.defineProperty(response, 'hits', {
    enumerable: true,
    configurable: true,
    get: () => (built ??= build()),
    set: (value: Record<string, unknown>[]) => {
      built = value;
    },
  });
  (response as WithHitsText)[HITS_TEXT] = (out) => built === null && write(out);
}

/** A highlight or snippet result object, or null when none was asked for. */
type Highlighted = Record<string, unknown> | null;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** More cached texts than this per cache and the cache starts again (bounds memory on a huge index). */
const MAX_TEXTS = 50_000;

/**
 * Documents' highlight results kept for queries with words, all queries together (a few kilobytes
 * each: about 12 MB at most); past this the cache starts again.
 */
const MAX_WORDED = 5_000;

/** A document's highlight and snippet results for one query's words (frozen), and their JSON once written. */
export interface KeptResults {
  readonly pair: readonly [Highlighted, Highlighted];
  /** The hit's JSON after the record's own fields (`,"_highlightResult":…}`), once written. */
  rest?: string;
}

/**
 * JSON texts of hits by document. The record part depends only on the record (which never
 * changes inside one index); with no query words the highlight part depends only on the record
 * and the highlight settings, so the whole hit is kept per settings.
 */
export class HitTexts {
  /** Per document: JSON of the record without its closing brace. */
  private readonly records = new Map<number, string>();
  /** Per highlight settings: per document, the whole hit's JSON (no query words). */
  private readonly plain = new Map<string, Map<number, string>>();
  /** Per highlight settings: per document, the (frozen) highlight and snippet results (no query words). */
  private readonly plainPairs = new Map<string, Map<number, readonly [Highlighted, Highlighted]>>();
  /** Per text match (a query's words and what they matched), per highlight settings: per document, the results. */
  private worded = new WeakMap<object, Map<string, Map<number, KeptResults>>>();
  private wordedCount = 0;

  /**
   * The highlight and snippet results of a document for a query with words, computed once per
   * text match (`match`, which the index keeps for recent queries and which fixes the words and
   * their typo and synonym alternatives) and settings, and shared, frozen, by later pages.
   */
  wordResults(match: object, key: string, doc: number, compute: (doc: number) => [Highlighted, Highlighted]): KeptResults {
    if (this.wordedCount >= MAX_WORDED) {
      this.worded = new WeakMap();
      this.wordedCount = 0;
    }
    let byKey = this.worded.get(match);
    if (byKey === undefined) {
      byKey = new Map();
      this.worded.set(match, byKey);
    }
    let byDoc = byKey.get(key);
    if (byDoc === undefined) {
      if (byKey.size >= 4) byKey.clear();
      byDoc = new Map();
      byKey.set(key, byDoc);
    }
    let kept = byDoc.get(doc);
    if (kept === undefined) {
      this.wordedCount += 1;
      const [highlight, snippet] = compute(doc);
      kept = { pair: [deepFreeze(highlight), deepFreeze(snippet)] };
      byDoc.set(doc, kept);
    }
    return kept;
  }

  /**
   * The highlight and snippet results of a document for a query without words, computed once
   * per settings (`plainKey`) and shared, frozen, by every later page showing the document.
   */
  plainResults(plainKey: string, doc: number, compute: (doc: number) => [Highlighted, Highlighted]): readonly [Highlighted, Highlighted] {
    let byDoc = this.plainPairs.get(plainKey);
    if (byDoc === undefined) {
      if (this.plainPairs.size >= 8) this.plainPairs.clear();
      byDoc = new Map();
      this.plainPairs.set(plainKey, byDoc);
    }
    let pair = byDoc.get(doc);
    if (pair === undefined) {
      if (byDoc.size >= MAX_TEXTS) byDoc.clear();
      const [highlight, snippet] = compute(doc);
      pair = [deepFreeze(highlight), deepFreeze(snippet)];
      byDoc.set(doc, pair);
    }
    return pair;
  }

  /**
   * Takes over `other`'s texts of every document but `changed`: an index patched from the one
   * `other` belongs to keeps each document's number and, outside `changed`, its record, so those
   * texts hold here too. Copied, not shared: the index `other` belongs to still answers searches
   * (with the old records) until this one is swapped in.
   * @param other the texts of the index this one is patched from
   * @param changed the documents whose records changed
   */
  adopt(other: HitTexts, changed: ReadonlySet<number>): void {
    const copy = <T>(from: Map<number, T>, to: Map<number, T>) => {
      for (const [doc, value] of from) if (!changed.has(doc)) to.set(doc, value);
    };
    copy(other.records, this.records);
    for (const [key, byDoc] of other.plain) {
      const mine = new Map<number, string>();
      copy(byDoc, mine);
      this.plain.set(key, mine);
    }
    for (const [key, byDoc] of other.plainPairs) {
      const mine = new Map<number, readonly [Highlighted, Highlighted]>();
      copy(byDoc, mine);
      this.plainPairs.set(key, mine);
    }
  }

  private recordText(doc: number, record: SearchRecord): string | null {
    let text = this.records.get(doc);
    if (text === undefined) {
      // A record holding a result key keeps it in place in the hit (HitShapes): not appended here.
      if (Object.hasOwn(record, '_highlightResult') || Object.hasOwn(record, '_snippetResult')) return null;
      if (this.records.size >= MAX_TEXTS) this.records.clear();
      text = JSON.stringify(record).slice(0, -1);
      this.records.set(doc, text);
    }
    return text;
  }

  /**
   * The JSON of `{ ...record, _highlightResult: highlight, _snippetResult: snippet }` (each only
   * when not null), byte for byte what JSON.stringify of the hit HitShapes builds gives.
   * `plainKey` names the highlight settings when the query has no words (the highlight is then a
   * function of the record alone), else null. Appended to `out` as pieces (the record's kept text
   * is not copied); false, with nothing appended, when the record holds a result key itself.
   * `kept` (a query with words): the results' JSON is written once and kept there.
   */
  text(doc: number, record: SearchRecord, highlight: unknown, snippet: unknown, plainKey: string | null, out: string[], kept?: KeptResults): boolean {
    let byDoc: Map<number, string> | undefined;
    if (plainKey !== null) {
      byDoc = this.plain.get(plainKey);
      if (byDoc === undefined) {
        if (this.plain.size >= 8) this.plain.clear();
        byDoc = new Map();
        this.plain.set(plainKey, byDoc);
      }
      const known = byDoc.get(doc);
      if (known !== undefined) {
        out.push(known);
        return true;
      }
    }
    const recordText = this.recordText(doc, record);
    if (recordText === null) return false;
    if (kept?.rest !== undefined) {
      out.push(recordText, kept.rest);
      return true;
    }
    // Separate pieces, none made by `+`: a rope would be copied whole when written to bytes.
    const start = out.length;
    out.push(recordText);
    let first = recordText.length === 1;
    if (highlight !== null) {
      out.push(first ? '"_highlightResult":' : ',"_highlightResult":', JSON.stringify(highlight));
      first = false;
    }
    if (snippet !== null) out.push(first ? '"_snippetResult":' : ',"_snippetResult":', JSON.stringify(snippet));
    out.push('}');
    if (kept !== undefined) kept.rest = out.slice(start + 1).join('');
    if (byDoc === undefined) return true;
    // Kept for later answers as one flat text.
    const text = out.splice(start).join('');
    out.push(text);
    if (byDoc.size >= MAX_TEXTS) byDoc.clear();
    byDoc.set(doc, text);
    return true;
  }
}

/** Appends the pieces of one search response's JSON text to `out`. */
function responseParts(response: Record<string, unknown>, out: string[]): void {
  const keys = Object.keys(response);
  const start = out.length;
  out.push('{"hits":');
  if (keys[0] !== 'hits' || (response as WithHitsText)[HITS_TEXT]?.(out) !== true) {
    out.length = start;
    out.push(JSON.stringify(response));
    return;
  }
  const rest: Record<string, unknown> = {};
  for (let i = 1; i < keys.length; i += 1) rest[keys[i] as string] = response[keys[i] as string];
  const tail = JSON.stringify(rest);
  if (tail === '{}') out.push('}');
  else out.push(',', tail.slice(1));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The JSON text of a multi-query answer's `results` array without its brackets, as pieces
 * (`<result>,<result>…` once joined); null when `json` is not `{ results: [...] }`. A caller
 * assembling one answer from several calls joins every piece once, instead of cutting and
 * copying each call's whole text (each copy of a page of hits is tens of kilobytes).
 */
export function searchResultsParts(json: unknown): string[] | null {
  if (!isObject(json)) return null;
  const results = json['results'];
  if (!Array.isArray(results) || Object.keys(json).length !== 1) return null;
  const out: string[] = [];
  for (let i = 0; i < results.length; i += 1) {
    if (i > 0) out.push(',');
    const result: unknown = results[i];
    if (isObject(result)) responseParts(result, out);
    else out.push(JSON.stringify(result));
  }
  return out;
}

/**
 * Pieces of text joined into one UTF-8 Buffer, written piece by piece: the answer's characters
 * are never copied into one string on the JavaScript heap (a page of hits is tens of kilobytes a
 * search, and the request thread's young-generation collections grow with what it allocates).
 */
export function joinToBuffer(pieces: readonly string[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += out.write(piece, at);
  return out;
}

/** The pieces of a search answer's JSON text (see searchResponseText). */
function searchResponseParts(json: unknown): string[] {
  if (!isObject(json)) return [JSON.stringify(json)];
  const results = searchResultsParts(json);
  if (results !== null) {
    results.unshift('{"results":[');
    results.push(']}');
    return results;
  }
  const out: string[] = [];
  responseParts(json, out);
  return out;
}

/** searchResponseText as UTF-8 bytes, written without the whole text as one string (joinToBuffer). */
export function searchResponseBytes(json: unknown): Buffer {
  return joinToBuffer(searchResponseParts(json));
}

/**
 * The JSON text of a search answer (`{ results: [...] }`, one search response, or anything
 * else), equal to JSON.stringify of it; pages of hits write themselves from cached texts. The
 * pieces are joined once: one copy of the answer's characters.
 */
export function searchResponseText(json: unknown): string {
  return isObject(json) ? searchResponseParts(json).join('') : JSON.stringify(json);
}
