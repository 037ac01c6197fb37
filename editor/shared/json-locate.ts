/**
 * Maps JSON pointers to text positions so a diagnostic (which names a pointer) can click through to
 * the exact place in the JSON editor. Hand-written rather than JSON.parse because JSON.parse loses
 * offsets, and tolerant because staff are usually mid-edit: a syntax error stops the walk but every
 * location found before it is still returned.
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

class ScanError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Scans `text` and records the location of every value by JSON pointer. */
export function scanJson(text: string): JsonScan {
  const locations = new Map<string, JsonLocation>();
  let i = 0;

  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const fail = (message: string): never => {
    throw new ScanError(i, message);
  };
  const readString = (): string => {
    const start = i;
    if (text[i] !== '"') fail('Expected a string');
    i++;
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') i += 2;
      else if (c === '"') {
        i++;
        try {
          return JSON.parse(text.slice(start, i)) as string;
        } catch {
          throw new ScanError(start, 'Invalid string');
        }
      } else if (c === '\n') throw new ScanError(i, 'Unterminated string');
      else i++;
    }
    throw new ScanError(start, 'Unterminated string');
  };
  const readValue = (pointer: string, keyOffset?: number): void => {
    ws();
    const valueOffset = i;
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          ws();
          const kOff = i;
          const key = readString();
          ws();
          if (text[i] !== ':') fail('Expected ":" after property name');
          i++;
          readValue(pointer + '/' + escapePointerToken(key), kOff);
          ws();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === '}') {
            i++;
            break;
          }
          fail('Expected "," or "}"');
        }
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') i++;
      else {
        for (let n = 0; ; n++) {
          readValue(pointer + '/' + n);
          ws();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === ']') {
            i++;
            break;
          }
          fail('Expected "," or "]"');
        }
      }
    } else if (c === '"') readString();
    else {
      const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
      if (!m) fail(i >= text.length ? 'Unexpected end of text' : 'Unexpected character');
      i += m![0].length;
    }
    const loc: JsonLocation = { pointer, valueOffset, valueEnd: i };
    if (keyOffset !== undefined) loc.keyOffset = keyOffset;
    locations.set(pointer, loc);
  };

  try {
    readValue('');
    ws();
    if (i < text.length) fail('Unexpected text after the end of the JSON value');
    return { locations };
  } catch (e) {
    if (e instanceof ScanError) return { locations, syntaxError: { offset: e.offset, message: e.message } };
    throw e;
  }
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
