import { describe, expect, it } from 'vitest';
import { SearchError } from './errors.ts';
import { parseFacetFilter, parseFilterList, parseFilters, parseNumericFilter, splitFilterString } from './filter-parser.ts';
import { createSearchService } from './service.ts';
import { generateSearchRecords } from './test-records.ts';

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SearchError) return error.message;
    throw error;
  }
  throw new Error('expected a SearchError');
}

describe('parseFilters grammar', () => {
  it('parses a facet match, bare and quoted', () => {
    expect(parseFilters('make:Toyota')).toEqual({ kind: 'facet', attribute: 'make', value: 'Toyota' });
    expect(parseFilters('make_model:"Toyota HiLux"')).toEqual({ kind: 'facet', attribute: 'make_model', value: 'Toyota HiLux' });
    expect(parseFilters("location_name:'Gold Coast'")).toEqual({ kind: 'facet', attribute: 'location_name', value: 'Gold Coast' });
    expect(parseFilters('"make model":"a \\" b"')).toEqual({ kind: 'facet', attribute: 'make model', value: 'a " b' });
  });

  it('parses every numeric comparison', () => {
    for (const operator of ['<', '<=', '=', '!=', '>=', '>'] as const) {
      expect(parseFilters(`price ${operator} 10000.5`)).toEqual({ kind: 'numeric', attribute: 'price', operator, value: 10000.5 });
      expect(parseFilters(`price${operator}-3`)).toEqual({ kind: 'numeric', attribute: 'price', operator, value: -3 });
    }
  });

  it('parses inclusive ranges', () => {
    expect(parseFilters('year:2015 TO 2020')).toEqual({ kind: 'range', attribute: 'year', low: 2015, high: 2020 });
    expect(parseFilters('km: 0 TO 1e5')).toEqual({ kind: 'range', attribute: 'km', low: 0, high: 100000 });
  });

  it('parses booleans as facet values', () => {
    expect(parseFilters('certified:true AND NOT reserved:false')).toEqual({
      kind: 'and',
      children: [
        { kind: 'facet', attribute: 'certified', value: 'true' },
        { kind: 'not', child: { kind: 'facet', attribute: 'reserved', value: 'false' } },
      ],
    });
  });

  it('gives AND precedence over OR and honours parentheses', () => {
    expect(parseFilters('a:1 OR b:2 AND c:3')).toEqual({
      kind: 'or',
      children: [
        { kind: 'facet', attribute: 'a', value: '1' },
        { kind: 'and', children: [{ kind: 'facet', attribute: 'b', value: '2' }, { kind: 'facet', attribute: 'c', value: '3' }] },
      ],
    });
    expect(parseFilters('(a:1 OR b:2) AND NOT (c:3 OR d > 4)')).toEqual({
      kind: 'and',
      children: [
        { kind: 'or', children: [{ kind: 'facet', attribute: 'a', value: '1' }, { kind: 'facet', attribute: 'b', value: '2' }] },
        {
          kind: 'not',
          child: {
            kind: 'or',
            children: [
              { kind: 'facet', attribute: 'c', value: '3' },
              { kind: 'numeric', attribute: 'd', operator: '>', value: 4 },
            ],
          },
        },
      ],
    });
  });

  it('parses the spec dealer filter', () => {
    const node = parseFilters(
      '(status:in_stock OR status:coming_soon OR (status:sold AND sold_date_timestamp >= 1767000000)) AND show_on_dealer_website:true',
    );
    expect(node?.kind).toBe('and');
  });

  it('treats a blank string as no filter', () => {
    expect(parseFilters('')).toBeNull();
    expect(parseFilters('   ')).toBeNull();
  });
});

describe('parseFilters errors name the problem and its position', () => {
  it.each([
    ['make:Toyota AND (price > 5))', "filters: unexpected token ')' at position 28, expected 'AND', 'OR' or end of input"],
    ['(make:Toyota', "filters: unexpected end of input at position 13, expected ')'"],
    ['make:', "filters: unexpected end of input at position 6, expected a value after 'make:'"],
    ['price > abc', "filters: unexpected token 'abc' at position 9, expected a number after '>'"],
    ['price >= ', "filters: unexpected end of input at position 10, expected a number after '>='"],
    ['make Toyota', "filters: unexpected token 'Toyota' at position 6, expected ':' or a comparison operator after attribute 'make'"],
    ['AND make:x', "filters: unexpected token 'AND' at position 1, expected an attribute name, 'NOT' or '('"],
    ['make:"Toyota', 'filters: unterminated string starting at position 6'],
    ['year:abc TO 5', "filters: unexpected token 'abc' at position 6, expected a number before 'TO'"],
    ['year:1 TO', "filters: unexpected end of input at position 10, expected a number after 'TO'"],
    ['make:a OR', "filters: unexpected end of input at position 10, expected an attribute name, 'NOT' or '('"],
    ['()', "filters: unexpected token ')' at position 2, expected an attribute name, 'NOT' or '('"],
  ])('%s', (source, message) => {
    expect(errorOf(() => parseFilters(source))).toBe(message);
  });
});

const facet = (source: string, label: string) => parseFacetFilter(source, label);

describe('facetFilters, numericFilters and tagFilters lists', () => {
  it('ANDs the outer list and ORs inner lists', () => {
    expect(parseFilterList([['make:Toyota', 'make:Kia'], 'car_type:used'], 'facetFilters', facet)).toEqual({
      kind: 'and',
      children: [
        { kind: 'or', children: [{ kind: 'facet', attribute: 'make', value: 'Toyota' }, { kind: 'facet', attribute: 'make', value: 'Kia' }] },
        { kind: 'facet', attribute: 'car_type', value: 'used' },
      ],
    });
  });

  it('negates with a leading dash and keeps an escaped one', () => {
    expect(parseFacetFilter('tag:-Sold', 'facetFilters[0]')).toEqual({ kind: 'not', child: { kind: 'facet', attribute: 'tag', value: 'Sold' } });
    expect(parseFacetFilter('tag:\\-Sold', 'facetFilters[0]')).toEqual({ kind: 'facet', attribute: 'tag', value: '-Sold' });
    expect(parseFacetFilter('make_model:Toyota Land Cruiser', 'x')).toEqual({ kind: 'facet', attribute: 'make_model', value: 'Toyota Land Cruiser' });
  });

  it('reads JSON arrays from urlencoded strings and single strings', () => {
    expect(parseFilterList('["make:Kia"]', 'facetFilters', facet)).toEqual({ kind: 'facet', attribute: 'make', value: 'Kia' });
    expect(parseFilterList('make:Kia', 'facetFilters', facet)).toEqual({ kind: 'facet', attribute: 'make', value: 'Kia' });
    expect(parseFilterList([], 'facetFilters', facet)).toBeNull();
    expect(parseFilterList('', 'facetFilters', facet)).toBeNull();
  });

  it('parses numeric entries and refuses facet syntax there', () => {
    expect(parseNumericFilter('price>=1000', 'numericFilters[0]')).toEqual({ kind: 'numeric', attribute: 'price', operator: '>=', value: 1000 });
    expect(parseNumericFilter('year:2015 TO 2020', 'numericFilters[0]')).toEqual({ kind: 'range', attribute: 'year', low: 2015, high: 2020 });
    expect(errorOf(() => parseNumericFilter('make:Kia', 'numericFilters[1]'))).toBe(
      "numericFilters[1]: expected a numeric comparison or range, got 'make:Kia'",
    );
    expect(errorOf(() => parseFilterList(['price>1', ['year<'], 'x'], 'numericFilters', parseNumericFilter))).toBe(
      "numericFilters[1][0]: unexpected end of input at position 6, expected a number after '<'",
    );
  });

  it('names bad shapes', () => {
    expect(errorOf(() => parseFilterList([['a:b', ['c:d']]], 'facetFilters', facet))).toBe('facetFilters[0][1]: expected a string');
    expect(errorOf(() => parseFilterList([3], 'facetFilters', facet))).toBe('facetFilters[0]: expected a string or an array of strings');
    expect(errorOf(() => parseFilterList('[oops', 'facetFilters', facet))).toBe('facetFilters: invalid JSON array');
    expect(errorOf(() => parseFilterList(['Toyota'], 'facetFilters', facet))).toBe('facetFilters[0]: expected \'attribute:value\', got "Toyota"');
  });
});

const ALPHABET = ['make', 'price', ':', ' ', '(', ')', '"', "'", '\\', 'AND', 'OR', 'NOT', 'TO', '<', '<=', '=', '!=', '>', '>=', '!', '-', '1', '2.5', 'e', 'Toyota', 'true', '\u0000', 'é', '\n'];

function randomSource(random: () => number): string {
  const length = Math.floor(random() * 14);
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('fuzzing', () => {
  it('either parses or throws a positioned SearchError, for 20,000 random inputs', () => {
    const random = seeded(7);
    let parsed = 0;
    const wrongFailures: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const source = randomSource(random);
      try {
        parseFilters(source);
        parsed += 1;
      } catch (error) {
        const positioned = error instanceof SearchError && /^filters: .* at position \d+/.test(error.message);
        if (!positioned) wrongFailures.push(`${JSON.stringify(source)} → ${String(error)}`);
      }
    }
    expect(wrongFailures).toEqual([]);
    // The alphabet is rich enough that some random inputs are valid expressions.
    expect(parsed).toBeGreaterThan(100);
  });

  it('never answers 500 to random parameters over the service', () => {
    const service = createSearchService();
    service.setRecords('fuzz', generateSearchRecords(200, 3));
    const random = seeded(11);
    const values: unknown[] = [null, 1, -1, 'x', '', [], [[]], [[1]], {}, { a: 1 }, true, '["a:b"]', '[', 1e9];
    const keys = ['filters', 'facetFilters', 'numericFilters', 'tagFilters', 'facets', 'hitsPerPage', 'page', 'offset', 'length', 'query', 'attributesToRetrieve', 'maxValuesPerFacet', 'params'];
    const unexpected: string[] = [];
    for (let i = 0; i < 3000; i += 1) {
      const request: Record<string, unknown> = { indexName: random() < 0.9 ? 'cars' : 'nope' };
      const n = Math.floor(random() * 3);
      for (let k = 0; k < n; k += 1) {
        const key = keys[Math.floor(random() * keys.length)] as string;
        request[key] = random() < 0.5 ? randomSource(random) : values[Math.floor(random() * values.length)];
      }
      const result = service.handle('fuzz', 'POST', '/1/indexes/*/queries', { requests: [request] }, {});
      if (![200, 400, 404].includes(result.status)) unexpected.push(`${result.status} for ${JSON.stringify(request)}`);
    }
    expect(unexpected).toEqual([]);
  });
});

describe('splitFilterString (the comma-separated string form)', () => {
  it('ANDs entries, ORs parenthesised groups and keeps escaped or quoted separators', () => {
    expect(splitFilterString('make:Kia,simple_body:SUV', 'facetFilters')).toEqual(['make:Kia', 'simple_body:SUV']);
    expect(splitFilterString('(make:Kia, make:Mazda), car_type:used', 'facetFilters')).toEqual([['make:Kia', 'make:Mazda'], 'car_type:used']);
    expect(splitFilterString('location_name:Brisbane\\, City,tag:\\(new\\)', 'facetFilters')).toEqual(['location_name:Brisbane, City', 'tag:(new)']);
    expect(splitFilterString('make_model:"Toyota, HiLux"', 'facetFilters')).toEqual(['make_model:"Toyota, HiLux"']);
    expect(splitFilterString('car_type:\\-new', 'facetFilters')).toEqual(['car_type:\\-new']);
  });

  it('refuses what it cannot read, with the position', () => {
    expect(() => splitFilterString('make:Kia,', 'facetFilters')).toThrow('facetFilters: empty entry at position 10');
    expect(() => splitFilterString('(make:Kia', 'facetFilters')).toThrow("facetFilters: unbalanced '(' at position 1");
    expect(() => splitFilterString('make:"Kia', 'facetFilters')).toThrow('facetFilters: unterminated string');
  });
});
