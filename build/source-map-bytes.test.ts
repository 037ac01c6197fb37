import { describe, expect, it } from 'vitest';
import { bytesPerSource } from './source-map-bytes.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function vlq(value: number): string {
  let v = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += BASE64[digit];
  } while (v > 0);
  return out;
}

/** Encodes lines of [column, sourceIndex | undefined] segments with absolute values. */
function encode(lines: Array<Array<[number, number | undefined]>>): string {
  let source = 0;
  return lines
    .map((segments) => {
      let column = 0;
      return segments
        .map(([col, src]) => {
          const fields = [col - column];
          column = col;
          if (src !== undefined) {
            fields.push(src - source, 0, 0);
            source = src;
          }
          return fields.map(vlq).join('');
        })
        .join(',');
    })
    .join(';');
}

describe('bytesPerSource', () => {
  it('attributes each segment up to the next segment or the end of the line', () => {
    // Arrange: line 0 = 10 chars of a.ts then 5 of b.ts; line 1 = 4 unmapped chars then 6 of b.ts.
    const code = `${'a'.repeat(10)}${'b'.repeat(5)}\n${'x'.repeat(4)}${'b'.repeat(6)}`;
    const mappings = encode([
      [[0, 0], [10, 1]],
      [[0, undefined], [4, 1]],
    ]);

    // Act
    const totals = bytesPerSource(code, { mappings, sources: ['a.ts', 'b.ts', 'never.ts'] });

    // Assert
    expect(totals).toEqual([10, 11, 0]);
  });

  it('handles large column deltas and empty lines', () => {
    const code = `\n${'y'.repeat(5000)}`;
    const mappings = encode([[], [[0, 0], [4000, 1]]]);

    expect(bytesPerSource(code, { mappings, sources: ['p.ts', 'q.ts'] })).toEqual([4000, 1000]);
  });

  it('rejects a malformed mapping string', () => {
    expect(() => bytesPerSource('abc', { mappings: 'A!', sources: ['a.ts'] })).toThrow(/invalid source map/);
  });
});
