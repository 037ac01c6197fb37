import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/**
 * Maps JSON pointers to text positions so a diagnostic (which names a pointer) can click through to
 * the exact place in the JSON editor. The text is parsed by jsonc-parser (Monaco's own JSON
 * library), which keeps offsets and is tolerant: staff are usually mid-edit, so a syntax error is
 * reported while every value the parser could place is still located.
 */

/** Where a JSON value (and its property key, when it has one) sits in the text. */
export interface JsonLocation {
  pointer: string;
  /** Offset of the property key's opening quote, when the value is an object member. */
  keyOffset?: number;
  valueOffset: number;
  valueEnd: number;
}

/** Result of scanning: every located value, and the first syntax error if the text is not JSON. */
export interface JsonScan {
  locations: Map<string, JsonLocation>;
  syntaxError?: { offset: number; message: string };
}

/** Escapes one reference token per RFC 6901. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a JSON pointer into unescaped tokens (`''` → `[]`). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Joins tokens into a JSON pointer. */
export function joinPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => '/' + escapePointerToken(String(t))).join('');
}

/** The first syntax error in words staff read (jsonc-parser names them by code). */
const ERROR_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Expected a property name in double quotes',
  ValueExpected: 'Expected a value',
  ColonExpected: 'Expected ":" after property name',
  CommaExpected: 'Expected "," between values',
  CloseBraceExpected: 'Expected "," or "}"',
  CloseBracketExpected: 'Expected "," or "]"',
  EndOfFileExpected: 'Unexpected text after the end of the JSON value',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Comments are not allowed in JSON',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Invalid number',
  InvalidUnicode: 'Invalid string',
  InvalidEscapeCharacter: 'Invalid string',
  InvalidCharacter: 'Invalid string',
};

/** Scans `text` and records the location of every value by JSON pointer. */
export function scanJson(text: string): JsonScan {
  const errors: ParseError[] = [];
  // Strict JSON, as the validator reads it: no comments, no trailing commas.
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const locations = new Map<string, JsonLocation>();
  const visit = (node: Node, pointer: string, keyOffset?: number): void => {
    const loc: JsonLocation = { pointer, valueOffset: node.offset, valueEnd: node.offset + node.length };
    if (keyOffset !== undefined) loc.keyOffset = keyOffset;
    locations.set(pointer, loc);
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key?.type === 'string' && value) visit(value, `${pointer}/${escapePointerToken(String(key.value))}`, key.offset);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((item, n) => visit(item, `${pointer}/${n}`));
    }
  };
  if (tree) visit(tree, '');
  const first = errors[0];
  if (!first) return { locations };
  return { locations, syntaxError: { offset: first.offset, message: ERROR_MESSAGES[printParseErrorCode(first.error)] ?? 'Invalid JSON' } };
}

/** Converts a text offset into a 1-based line and column (as Monaco counts them). */
export function offsetToPosition(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let k = 0; k < end; k++) {
    if (text.charCodeAt(k) === 10) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * Finds the closest located ancestor of `pointer`: a diagnostic for a missing property points at a
 * value that does not exist yet, so the object that should contain it is the right place to show.
 */
export function locatePointer(scan: JsonScan, pointer: string): JsonLocation | undefined {
  let tokens = parsePointer(pointer);
  for (;;) {
    const loc = scan.locations.get(joinPointer(tokens));
    if (loc) return loc;
    if (tokens.length === 0) return undefined;
    tokens = tokens.slice(0, -1);
  }
}

/** The innermost value whose text range contains `offset` (for syncing the form with the cursor). */
export function pointerAtOffset(scan: JsonScan, offset: number): string | undefined {
  let best: JsonLocation | undefined;
  for (const loc of scan.locations.values()) {
    const start = loc.keyOffset ?? loc.valueOffset;
    if (offset >= start && offset <= loc.valueEnd) {
      if (!best || loc.pointer.length > best.pointer.length) best = loc;
    }
  }
  return best?.pointer;
}
