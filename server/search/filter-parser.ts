import { SearchError } from './errors.ts';

/*
 * Algolia's filter language, parsed by hand (tokenizer + recursive descent) so every error can say
 * exactly where it is. Grammar (keywords are upper case, as in Algolia):
 *
 *   filters    := or EOF
 *   or         := and ( "OR" and )*
 *   and        := unary ( "AND" unary )*
 *   unary      := "NOT" unary | "(" or ")" | condition
 *   condition  := attribute ":" value [ "TO" number ]      facet match, or inclusive range
 *               | attribute op number                      op is < <= = != >= >
 *   attribute, value := bare word | "quoted" | 'quoted'    (backslash escapes inside quotes)
 *
 * It is a superset of Algolia's (which refuses some mixes such as ANDs inside ORs): anything
 * Algolia accepts parses to the same meaning. Positions in messages are 1-based character columns.
 */

export type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';

export type FilterNode =
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  /** attribute:value — matches when any of the record's values for the attribute equals value (case-insensitive). */
  | { kind: 'facet'; attribute: string; value: string }
  | { kind: 'numeric'; attribute: string; operator: NumericOperator; value: number }
  /** attribute:lo TO hi, inclusive at both ends. */
  | { kind: 'range'; attribute: string; low: number; high: number };

/** Deepest nesting of parentheses and NOTs a filter may have. */
export const MAX_FILTER_DEPTH = 64;

type TokenType = 'word' | 'string' | 'lparen' | 'rparen' | 'colon' | 'op' | 'eof';

interface Token {
  type: TokenType;
  text: string;
  /** 0-based offset into the source. */
  offset: number;
}

const OPERATORS: readonly NumericOperator[] = ['<=', '>=', '!=', '<', '>', '='];
const BREAKS = new Set([' ', '\t', '\n', '\r', '(', ')', ':', '"', "'", '<', '>', '=']);

function describe(token: Token): string {
  if (token.type === 'eof') return 'end of input';
  if (token.type === 'string') return `string ${JSON.stringify(token.text)}`;
  return `token '${token.text}'`;
}

function tokenize(source: string, label: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      i += 1;
      continue;
    }
    if (char === '(' || char === ')') {
      tokens.push({ type: char === '(' ? 'lparen' : 'rparen', text: char, offset: i });
      i += 1;
      continue;
    }
    if (char === ':') {
      tokens.push({ type: 'colon', text: ':', offset: i });
      i += 1;
      continue;
    }
    const operator = OPERATORS.find((op) => source.startsWith(op, i));
    if (operator !== undefined) {
      tokens.push({ type: 'op', text: operator, offset: i });
      i += operator.length;
      continue;
    }
    if (char === '"' || char === "'") {
      const start = i;
      let text = '';
      i += 1;
      let closed = false;
      while (i < source.length) {
        const c = source[i] as string;
        if (c === '\\' && i + 1 < source.length) {
          text += source[i + 1];
          i += 2;
        } else if (c === char) {
          closed = true;
          i += 1;
          break;
        } else {
          text += c;
          i += 1;
        }
      }
      if (!closed) throw new SearchError(`${label}: unterminated string starting at position ${start + 1}`);
      tokens.push({ type: 'string', text, offset: start });
      continue;
    }
    const start = i;
    while (i < source.length) {
      const c = source[i] as string;
      if (BREAKS.has(c) || (c === '!' && source[i + 1] === '=')) break;
      i += 1;
    }
    tokens.push({ type: 'word', text: source.slice(start, i), offset: start });
  }
  tokens.push({ type: 'eof', text: '', offset: source.length });
  return tokens;
}

class Parser {
  private position = 0;
  private readonly tokens: Token[];
  private readonly label: string;

  constructor(tokens: Token[], label: string) {
    this.tokens = tokens;
    this.label = label;
  }

  private peek(): Token {
    return this.tokens[this.position] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'eof') this.position += 1;
    return token;
  }

  private isKeyword(token: Token, keyword: string): boolean {
    return token.type === 'word' && token.text === keyword;
  }

  fail(token: Token, expected: string): never {
    throw new SearchError(
      `${this.label}: unexpected ${describe(token)} at position ${token.offset + 1}, expected ${expected}`,
    );
  }

  parseAll(): FilterNode {
    const node = this.parseOr();
    const token = this.peek();
    if (token.type !== 'eof') this.fail(token, "'AND', 'OR' or end of input");
    return node;
  }

  parseSingleCondition(): FilterNode {
    const node = this.parseCondition();
    const token = this.peek();
    if (token.type !== 'eof') this.fail(token, 'end of input');
    return node;
  }

  private parseOr(): FilterNode {
    const children = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'OR')) {
      this.next();
      children.push(this.parseAnd());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: 'or', children };
  }

  private parseAnd(): FilterNode {
    const children = [this.parseUnary()];
    while (this.isKeyword(this.peek(), 'AND')) {
      this.next();
      children.push(this.parseUnary());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: 'and', children };
  }

  private depth = 0;

  private parseUnary(): FilterNode {
    const token = this.peek();
    if (this.isKeyword(token, 'NOT') || token.type === 'lparen') {
      // Recursion is bounded so a filter nested thousands deep is a 400, not a stack overflow.
      if (++this.depth > MAX_FILTER_DEPTH) throw new SearchError(`${this.label}: nested deeper than ${MAX_FILTER_DEPTH} levels at position ${token.offset + 1}`);
      try {
        return this.parseNested(token);
      } finally {
        this.depth--;
      }
    }
    return this.parseCondition();
  }

  private parseNested(token: Token): FilterNode {
    this.next();
    if (token.type !== 'lparen') return { kind: 'not', child: this.parseUnary() };
    const inner = this.parseOr();
    const close = this.peek();
    if (close.type !== 'rparen') this.fail(close, "')'");
    this.next();
    return inner;
  }

  private parseCondition(): FilterNode {
    const attributeToken = this.next();
    if (
      (attributeToken.type !== 'word' && attributeToken.type !== 'string') ||
      (attributeToken.type === 'word' && ['AND', 'OR', 'TO'].includes(attributeToken.text))
    ) {
      this.fail(attributeToken, "an attribute name, 'NOT' or '('");
    }
    const attribute = attributeToken.text;
    if (attribute === '') this.fail(attributeToken, 'a non-empty attribute name');
    const separator = this.next();
    if (separator.type === 'op') {
      return {
        kind: 'numeric',
        attribute,
        operator: separator.text as NumericOperator,
        value: this.parseNumber(`a number after '${separator.text}'`),
      };
    }
    if (separator.type !== 'colon') {
      this.fail(separator, `':' or a comparison operator after attribute '${attribute}'`);
    }
    const valueToken = this.next();
    if (valueToken.type !== 'word' && valueToken.type !== 'string') {
      this.fail(valueToken, `a value after '${attribute}:'`);
    }
    if (this.isKeyword(this.peek(), 'TO')) {
      const low = Number(valueToken.text);
      if (valueToken.type !== 'word' || valueToken.text === '' || !Number.isFinite(low)) {
        this.fail(valueToken, "a number before 'TO'");
      }
      this.next();
      const high = this.parseNumber("a number after 'TO'");
      return { kind: 'range', attribute, low, high };
    }
    return { kind: 'facet', attribute, value: valueToken.text };
  }

  private parseNumber(expected: string): number {
    const token = this.next();
    const value = Number(token.text);
    if (token.type !== 'word' || token.text === '' || !Number.isFinite(value)) this.fail(token, expected);
    return value;
  }
}

/**
 * Parses an Algolia `filters` string. An empty or blank string means "no filter" (null).
 * Throws SearchError (400) naming the position of the problem.
 */
export function parseFilters(source: string, label = 'filters'): FilterNode | null {
  if (source.trim() === '') return null;
  return new Parser(tokenize(source, label), label).parseAll();
}

/** Parses one numericFilters entry such as `price>=1000` or `year:2015 TO 2020`. */
export function parseNumericFilter(source: string, label: string): FilterNode {
  const node = new Parser(tokenize(source, label), label).parseSingleCondition();
  if (node.kind === 'facet') {
    throw new SearchError(`${label}: expected a numeric comparison or range, got '${source}'`);
  }
  return node;
}

/**
 * Parses one facetFilters / tagFilters entry: `attribute:value`, `-` before the value negates it,
 * `\-` keeps a literal leading dash (the escape instantsearch uses).
 */
export function parseFacetFilter(source: string, label: string, tagAttribute?: string): FilterNode {
  let attribute: string;
  let value: string;
  if (tagAttribute !== undefined) {
    attribute = tagAttribute;
    value = source;
  } else {
    const colon = source.indexOf(':');
    if (colon <= 0) {
      throw new SearchError(`${label}: expected 'attribute:value', got ${JSON.stringify(source)}`);
    }
    attribute = source.slice(0, colon).trim();
    value = source.slice(colon + 1);
  }
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) {
    value = value.slice(1);
  }
  if (attribute.length >= 2 && attribute.startsWith('"') && attribute.endsWith('"')) {
    attribute = attribute.slice(1, -1);
  }
  // The string form quotes values that hold commas: make_model:"Toyota, HiLux".
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  const node: FilterNode = { kind: 'facet', attribute, value };
  return negated ? { kind: 'not', child: node } : node;
}

type Leaf = (source: string, label: string) => FilterNode;

/**
 * Splits Algolia's string form of a filter list — `make:Kia,simple_body:SUV` (ANDed),
 * `(make:Kia,make:Mazda),car_type:used` (a parenthesised group is ORed) — into the nested array
 * form. `\,` `\(` `\)` keep a literal comma or parenthesis in a value; a quoted stretch
 * (`"…"`) is taken as is. Throws a positioned SearchError on unbalanced parentheses.
 */
export function splitFilterString(source: string, name: string): (string | string[])[] {
  const out: (string | string[])[] = [];
  let group: string[] | null = null;
  let groupStart = 0;
  let current = '';
  let quoted = false;
  const flush = (at: number) => {
    const entry = current.trim();
    current = '';
    if (entry === '') {
      throw new SearchError(`${name}: empty entry at position ${at + 1}`);
    }
    if (group !== null) group.push(entry);
    else out.push(entry);
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (char === '\\' && i + 1 < source.length && !quoted) {
      const next = source[i + 1] as string;
      // Only separators are unescaped here; `\-` stays for the entry parser (literal dash).
      current += next === ',' || next === '(' || next === ')' ? next : char + next;
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (quoted) {
      current += char;
    } else if (char === '(' && current.trim() === '' && group === null) {
      group = [];
      groupStart = i;
    } else if (char === ')' && group !== null) {
      flush(i);
      out.push(group);
      group = null;
      // Whatever follows a group up to the next comma must be blank.
      while (i + 1 < source.length && source[i + 1] === ' ') i += 1;
      if (i + 1 < source.length && source[i + 1] !== ',') {
        throw new SearchError(`${name}: expected ',' after ')' at position ${i + 2}`);
      }
      i += 1;
    } else if (char === ',') {
      flush(i);
    } else {
      current += char;
    }
  }
  if (group !== null) throw new SearchError(`${name}: unbalanced '(' at position ${groupStart + 1}`);
  if (quoted) throw new SearchError(`${name}: unterminated string`);
  if (current.trim() !== '' || (out.length > 0 && source.trimEnd().endsWith(','))) flush(source.length);
  return out;
}

/**
 * Parses facetFilters / numericFilters / tagFilters: the outer list is ANDed, an inner list is
 * ORed. A string is either a JSON array (starts with `[`, how urlencoded `params` carry arrays)
 * or Algolia's comma-separated form (see splitFilterString).
 */
export function parseFilterList(input: unknown, name: string, leaf: Leaf): FilterNode | null {
  let value = input;
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (trimmed.startsWith('[')) {
      try {
        value = JSON.parse(trimmed);
      } catch {
        throw new SearchError(`${name}: invalid JSON array`);
      }
    } else {
      value = splitFilterString(value, name);
    }
  }
  if (!Array.isArray(value)) throw new SearchError(`${name}: expected a string or an array`);
  const children: FilterNode[] = [];
  value.forEach((entry: unknown, i) => {
    const entryName = `${name}[${i}]`;
    if (typeof entry === 'string') {
      children.push(leaf(entry, entryName));
    } else if (Array.isArray(entry)) {
      const options = entry.map((inner: unknown, j) => {
        if (typeof inner !== 'string') throw new SearchError(`${entryName}[${j}]: expected a string`);
        return leaf(inner, `${entryName}[${j}]`);
      });
      if (options.length === 1) children.push(options[0] as FilterNode);
      else if (options.length > 1) children.push({ kind: 'or', children: options });
    } else {
      throw new SearchError(`${entryName}: expected a string or an array of strings`);
    }
  });
  if (children.length === 0) return null;
  return children.length === 1 ? (children[0] as FilterNode) : { kind: 'and', children };
}
