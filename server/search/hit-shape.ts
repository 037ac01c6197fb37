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
