import { type FacetColumn, type NumericColumn, type SearchRecord, buildFacetColumn, buildNumericColumn, patchNumericColumn } from './columns.ts';
import type { FacetTally } from './facet-count.ts';
import { compareFolded } from './kernels.ts';
import { foldText } from './normalize.ts';
import { type SortedNumeric, buildSortedNumeric } from './numeric-index.ts';
import type { IndexOrder } from './settings.ts';

/*
 * The per-attribute structures of one index, each built on first use and kept: facet and
 * numeric columns, replica orders (and their inverses), sorted numeric indexes, alphabetical
 * value orders and facet counting buffers. A rebuild after a stock change costs none of them
 * until a shopper filters, sorts or counts by that attribute.
 */

/** A replica's sort: one numeric attribute, ascending or descending. */
export type SortOrder = NonNullable<IndexOrder['sort']>;

/** A replica order's key (`asc(price)`) read back. */
function parseOrderKey(key: string): SortOrder | null {
  const match = /^(asc|desc)\((.+)\)$/.exec(key);
  return match === null ? null : ({ direction: match[1], attribute: match[2] } as SortOrder);
}

/** The replica orders named by cache keys. */
function orders(keys: Iterable<string>): SortOrder[] {
  return [...keys].map(parseOrderKey).filter((sort): sort is SortOrder => sort !== null);
}

/** A replica order's comparison of two documents: by value (documents without one last), then by number. */
function orderComparator(values: Float64Array, direction: 'asc' | 'desc'): (a: number, b: number) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    const va = values[a] as number;
    const vb = values[b] as number;
    const missingA = Number.isNaN(va);
    const missingB = Number.isNaN(vb);
    if (missingA !== missingB) return missingA ? 1 : -1;
    return (missingA ? 0 : sign * (va - vb)) || a - b;
  };
}

/** The lazily built columns and orders of one index's documents. */
export class ColumnStore {
  private readonly sortedNumerics = new Map<string, SortedNumeric>();
  private readonly facetColumns = new Map<string, FacetColumn>();
  private readonly numericColumns = new Map<string, NumericColumn>();
  private readonly permutations = new Map<string, Uint32Array>();
  private readonly positions = new Map<string, Uint32Array>();
  private readonly alphaOrders = new Map<string, Uint32Array>();
  private readonly tallies = new Map<string, FacetTally>();
  private readonly facetNumbers = new Map<string, Float64Array>();

  /** @param docs the index's documents, in document order */
  constructor(private readonly docs: readonly SearchRecord[]) {}

  /**
   * Builds what `other` had built on use (columns, replica orders, counting buffers), one piece a
   * step: an index swapped in after a stock change then answers its first filtered search without
   * building them on the request.
   * @param other the columns of the index this one replaces
   */
  *warmLike(other: ColumnStore): Generator<void, void> {
    for (const attribute of other.facetColumns.keys()) yield void this.facetColumn(attribute);
    for (const attribute of other.numericColumns.keys()) yield void this.numericColumn(attribute);
    for (const sort of orders(other.permutations.keys())) yield void this.permutation(sort.attribute, sort.direction);
    for (const sort of orders(other.positions.keys())) yield void this.inversePermutation(sort);
    for (const attribute of other.sortedNumerics.keys()) yield void this.sortedNumeric(attribute);
    for (const attribute of other.tallies.keys()) yield void this.tally(attribute, this.facetColumn(attribute));
    for (const attribute of other.facetNumbers.keys()) yield void this.labelNumbers(attribute, this.facetColumn(attribute));
  }

  /**
   * Takes over what `other` built for the attributes `unchanged` says kept every document's
   * value: `other` indexes the same documents under the same numbers, so its columns, orders and
   * counting buffers hold for this store too (counting buffers are reset after each use, and
   * searches never interleave, so two stores may share them).
   * @param other the store of the index this one replaces
   * @param unchanged whether no document's value of an attribute changed
   */
  adopt(other: ColumnStore, unchanged: (attribute: string) => boolean): void {
    const byAttribute = <T>(from: Map<string, T>, to: Map<string, T>) => {
      for (const [attribute, value] of from) if (unchanged(attribute)) to.set(attribute, value);
    };
    byAttribute(other.facetColumns, this.facetColumns);
    byAttribute(other.numericColumns, this.numericColumns);
    byAttribute(other.sortedNumerics, this.sortedNumerics);
    byAttribute(other.alphaOrders, this.alphaOrders);
    byAttribute(other.tallies, this.tallies);
    byAttribute(other.facetNumbers, this.facetNumbers);
    // Orders are keyed by their sort (`asc(price)`).
    const bySort = (from: Map<string, Uint32Array>, to: Map<string, Uint32Array>) => {
      for (const [key, value] of from) {
        const sort = parseOrderKey(key);
        if (sort !== null && unchanged(sort.attribute)) to.set(key, value);
      }
    };
    bySort(other.permutations, this.permutations);
    bySort(other.positions, this.positions);
  }

  /**
   * Makes the numeric columns and replica orders `other` had built for the attributes a few
   * documents' changes touched, from `other`'s instead of from scratch: each column copied with
   * those documents' entries made again; each order with those documents taken out and put back
   * where their new values sort (a merge, not a sort of every document). Same result as building
   * them whole (the order is total: ties go by document number). One attribute a step.
   * @param other the store of the index this one is patched from (same documents, same numbers)
   * @param changed the documents whose records changed, each once
   * @param touched whether a change touched an attribute
   */
  *patchLike(other: ColumnStore, changed: readonly number[], touched: (attribute: string) => boolean): Generator<void, void> {
    for (const [attribute, column] of other.numericColumns) {
      if (!touched(attribute) || this.numericColumns.has(attribute)) continue;
      this.numericColumns.set(attribute, patchNumericColumn(column, this.docs, changed, attribute));
      yield;
    }
    const moved = new Uint8Array(this.size);
    for (const doc of changed) moved[doc] = 1;
    for (const [key, order] of other.permutations) {
      const sort = parseOrderKey(key);
      if (sort === null || !touched(sort.attribute) || this.permutations.has(key)) continue;
      const compare = orderComparator(this.numericColumn(sort.attribute).values, sort.direction);
      const placed = [...changed].sort(compare);
      const merged = new Uint32Array(order.length);
      let m = 0;
      let p = 0;
      for (let i = 0; i < order.length; i += 1) {
        const doc = order[i] as number;
        if (moved[doc] === 1) continue;
        while (p < placed.length && compare(placed[p] as number, doc) < 0) merged[m++] = placed[p++] as number;
        merged[m++] = doc;
      }
      while (p < placed.length) merged[m++] = placed[p++] as number;
      this.permutations.set(key, merged);
      yield;
    }
  }

  /** The attributes this store has built something for (columns, orders, counting buffers). */
  builtAttributes(): Set<string> {
    const out = new Set<string>();
    for (const map of [this.facetColumns, this.numericColumns, this.sortedNumerics, this.alphaOrders, this.tallies, this.facetNumbers]) {
      for (const attribute of map.keys()) out.add(attribute);
    }
    for (const sort of orders([...this.permutations.keys(), ...this.positions.keys()])) out.add(sort.attribute);
    return out;
  }

  private get size(): number {
    return this.docs.length;
  }

  /** A facet's column (value numbers and postings). */
  facetColumn(attribute: string): FacetColumn {
    let column = this.facetColumns.get(attribute);
    if (column === undefined) {
      column = buildFacetColumn(this.docs, attribute);
      this.facetColumns.set(attribute, column);
    }
    return column;
  }

  /** A numeric attribute's values by document (NaN when none or several; those in `multi`). */
  numericColumn(attribute: string): NumericColumn {
    let column = this.numericColumns.get(attribute);
    if (column === undefined) {
      column = buildNumericColumn(this.docs, attribute);
      this.numericColumns.set(attribute, column);
    }
    return column;
  }

  /** Value numbers of a facet in folded alphabetical order (ties between equal counts break by it). */
  alphaOrder(attribute: string, column: FacetColumn): Uint32Array {
    let order = this.alphaOrders.get(attribute);
    if (order === undefined) {
      const folded = column.labels.map(foldText);
      const ids = Array.from({ length: column.labels.length }, (_, value) => value);
      ids.sort((a, b) => compareFolded(folded[a] as string, folded[b] as string, column.labels[a] as string, column.labels[b] as string));
      order = Uint32Array.from(ids);
      this.alphaOrders.set(attribute, order);
    }
    return order;
  }

  /** A numeric facet's values as numbers, by value number. */
  labelNumbers(attribute: string, column: FacetColumn): Float64Array {
    let numbers = this.facetNumbers.get(attribute);
    if (numbers === undefined) {
      numbers = Float64Array.from(column.labels, Number);
      this.facetNumbers.set(attribute, numbers);
    }
    return numbers;
  }

  /** Counting buffers of a facet (reused; reset after each count). */
  tally(attribute: string, column: FacetColumn): FacetTally {
    let tally = this.tallies.get(attribute);
    if (tally === undefined) {
      const alpha = this.alphaOrder(attribute, column);
      const alphaRank = new Uint32Array(alpha.length);
      alpha.forEach((value, rank) => {
        alphaRank[value] = rank;
      });
      tally = { counts: new Uint32Array(alpha.length), touched: new Uint32Array(alpha.length), keys: new Float64Array(alpha.length), alpha, alphaRank };
      this.tallies.set(attribute, tally);
    }
    return tally;
  }

  /** A replica's order: the documents sorted by an attribute (documents without a value last). */
  permutation(attribute: string, direction: 'asc' | 'desc'): Uint32Array {
    const key = `${direction}(${attribute})`;
    let order = this.permutations.get(key);
    if (order === undefined) {
      const ids = Array.from({ length: this.size }, (_, doc) => doc);
      ids.sort(orderComparator(this.numericColumn(attribute).values, direction));
      order = Uint32Array.from(ids);
      this.permutations.set(key, order);
    }
    return order;
  }

  /** position[doc] = the document's place in a replica's order. */
  inversePermutation(sort: SortOrder): Uint32Array {
    const key = `${sort.direction}(${sort.attribute})`;
    let position = this.positions.get(key);
    if (position === undefined) {
      const order = this.permutation(sort.attribute, sort.direction);
      position = new Uint32Array(order.length);
      for (let i = 0; i < order.length; i += 1) position[order[i] as number] = i;
      this.positions.set(key, position);
    }
    return position;
  }

  /** The single-valued documents of an attribute in value order, for range conditions. */
  sortedNumeric(attribute: string): SortedNumeric {
    let index = this.sortedNumerics.get(attribute);
    if (index === undefined) {
      index = buildSortedNumeric(this.permutation(attribute, 'asc'), this.numericColumn(attribute).values);
      this.sortedNumerics.set(attribute, index);
    }
    return index;
  }
}
