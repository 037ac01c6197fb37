/*
 * Column stores built from the records once per index version: per-value posting lists for
 * facets (case-insensitive value → sorted document numbers, plus each document's value numbers
 * for counting) and typed arrays for numeric attributes.
 */

/** A search record: any JSON object with a string objectID. */
export type SearchRecord = { objectID: string } & Record<string, unknown>;

/** Reads `a.b.c` paths as Algolia does for nested attributes. */
export function readAttribute(record: Record<string, unknown>, attribute: string): unknown {
  if (!attribute.includes('.')) return record[attribute];
  let value: unknown = record;
  for (const part of attribute.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Whether two attribute values are equal (arrays and objects by their contents). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Case-insensitive key of a facet value, how filters and facet counts compare values. */
export function facetKey(value: string | number | boolean): string {
  return String(value).toLowerCase();
}

/** Facet values of one attribute. */
export interface FacetColumn {
  /** key → value number. */
  byKey: Map<string, number>;
  /** Value number → displayed value (the first spelling seen). */
  labels: string[];
  /**
   * Value number v → ascending document numbers, postings[postingStarts[v]] to
   * postings[postingStarts[v + 1]] (exclusive): every value's list in one array, so a column is a
   * few arrays outside the JavaScript heap rather than a small one per value (a price column has
   * thousands), which the collector would copy while the column is young.
   */
  postingStarts: Uint32Array;
  postings: Uint32Array;
  /**
   * When every document has at most one value: document → value number + 1, or 0 for none. The
   * narrowest array that fits (one byte per document for most facets), since counting facets
   * reads it at every matching document and cache misses are its cost.
   */
  single: Uint8Array | Uint16Array | Uint32Array | null;
  /** Otherwise CSR: values of document d are multiValues[multiStart[d] .. multiStart[d+1]). */
  multiStart: Uint32Array | null;
  multiValues: Uint32Array | null;
  /** Whether every value seen is a number (so facets_stats apply). */
  numeric: boolean;
}

/** Builds the facet column of one attribute. */
export function buildFacetColumn(records: readonly Record<string, unknown>[], attribute: string): FacetColumn {
  // Raw values repeat a lot (makes, body types), so each distinct raw value is folded once.
  const byRaw = new Map<string | number | boolean, number>();
  const byKey = new Map<string, number>();
  const labels: string[] = [];
  const lists: number[][] = [];
  const first = new Int32Array(records.length).fill(-1);
  const multiDocs = new Map<number, number[]>();
  let numeric = true;
  let seen = 0;
  const idOf = (value: string | number | boolean): number => {
    let id = byRaw.get(value);
    if (id === undefined) {
      const key = facetKey(value);
      id = byKey.get(key);
      if (id === undefined) {
        id = labels.length;
        byKey.set(key, id);
        labels.push(String(value));
        lists.push([]);
      }
      byRaw.set(value, id);
    }
    if (typeof value !== 'number') numeric = false;
    seen += 1;
    return id;
  };
  for (let doc = 0; doc < records.length; doc += 1) {
    const value = readAttribute(records[doc] as Record<string, unknown>, attribute);
    if (isPrimitive(value)) {
      const id = idOf(value);
      first[doc] = id;
      (lists[id] as number[]).push(doc);
    } else if (Array.isArray(value)) {
      const ids: number[] = [];
      for (const item of value) {
        if (!isPrimitive(item)) continue;
        const id = idOf(item);
        if (!ids.includes(id)) {
          ids.push(id);
          (lists[id] as number[]).push(doc);
        }
      }
      if (ids.length === 1) first[doc] = ids[0] as number;
      else if (ids.length > 1) multiDocs.set(doc, ids);
    }
  }
  let single: Uint8Array | Uint16Array | Uint32Array | null = null;
  if (multiDocs.size === 0) {
    const Narrow = labels.length < 0xff ? Uint8Array : labels.length < 0xffff ? Uint16Array : Uint32Array;
    single = new Narrow(records.length);
    for (let doc = 0; doc < records.length; doc += 1) single[doc] = (first[doc] as number) + 1;
  }
  let multiStart: Uint32Array | null = null;
  let multiValues: Uint32Array | null = null;
  if (multiDocs.size > 0) {
    multiStart = new Uint32Array(records.length + 1);
    const values: number[] = [];
    for (let doc = 0; doc < records.length; doc += 1) {
      multiStart[doc] = values.length;
      const many = multiDocs.get(doc);
      if (many !== undefined) values.push(...many);
      else if ((first[doc] as number) >= 0) values.push(first[doc] as number);
    }
    multiStart[records.length] = values.length;
    multiValues = Uint32Array.from(values);
  }
  const postingStarts = new Uint32Array(lists.length + 1);
  let total = 0;
  for (let v = 0; v < lists.length; v += 1) {
    postingStarts[v] = total;
    total += (lists[v] as number[]).length;
  }
  postingStarts[lists.length] = total;
  const postings = new Uint32Array(total);
  for (let v = 0; v < lists.length; v += 1) postings.set(lists[v] as number[], postingStarts[v] as number);
  return {
    byKey,
    labels,
    postingStarts,
    postings,
    single,
    multiStart,
    multiValues,
    numeric: numeric && seen > 0,
  };
}

/** Numeric values of one attribute; booleans count as 1 and 0, as in Algolia. */
export interface NumericColumn {
  /** Document → value, NaN when absent or when the document has several values. */
  values: Float64Array;
  /** Documents with several numeric values. */
  multi: Map<number, number[]>;
}

function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return NaN;
}

/** Sets one document's entry of a numeric column from its record (values[doc] must start NaN, multi without doc). */
function setNumeric(column: NumericColumn, doc: number, record: Record<string, unknown>, attribute: string): void {
  const value = readAttribute(record, attribute);
  if (Array.isArray(value)) {
    const numbers = value.map(asNumber).filter((n) => !Number.isNaN(n));
    if (numbers.length === 1) column.values[doc] = numbers[0] as number;
    else if (numbers.length > 1) column.multi.set(doc, numbers);
  } else {
    column.values[doc] = asNumber(value);
  }
}

/** Builds the numeric column of one attribute. */
export function buildNumericColumn(records: readonly Record<string, unknown>[], attribute: string): NumericColumn {
  const column: NumericColumn = { values: new Float64Array(records.length).fill(NaN), multi: new Map() };
  for (let doc = 0; doc < records.length; doc += 1) setNumeric(column, doc, records[doc] as Record<string, unknown>, attribute);
  return column;
}

/**
 * The numeric column of one attribute after the records of some documents changed: `previous`
 * copied, and those documents' entries made again from their records.
 * @param previous the column before the change (same documents, same numbers)
 * @param records the documents' records now
 * @param changed the documents whose records changed
 * @param attribute the attribute
 */
export function patchNumericColumn(previous: NumericColumn, records: readonly Record<string, unknown>[], changed: readonly number[], attribute: string): NumericColumn {
  const column: NumericColumn = { values: previous.values.slice(), multi: new Map(previous.multi) };
  for (const doc of changed) {
    column.values[doc] = NaN;
    column.multi.delete(doc);
    setNumeric(column, doc, records[doc] as Record<string, unknown>, attribute);
  }
  return column;
}
