import { dirname, resolve } from 'node:path';

/**
 * How many bytes of a minified chunk come from each original source, read from the chunk's
 * source map. The bundler's own per-module figure (`renderedLength`) is measured *before*
 * minification, so a component kept alive only by a `false ? Component : null` branch still
 * shows there; the minifier then drops it. The final source map only points at code that
 * survived, which makes it the ground truth for "is this module in the bundle".
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) DIGIT[BASE64.charCodeAt(i)] = i;

/** Decodes one line of source-map VLQ mappings into segments of [genColumn, sourceIndex?]. */
function decodeLine(line: string, state: { source: number }): Array<[number, number | undefined]> {
  const segments: Array<[number, number | undefined]> = [];
  let column = 0;
  let pos = 0;
  while (pos < line.length) {
    const fields: number[] = [];
    while (pos < line.length && line[pos] !== ',') {
      let value = 0;
      let shift = 0;
      let digit: number;
      do {
        const code = line.charCodeAt(pos++);
        digit = code < 128 ? (DIGIT[code] ?? -1) : -1;
        if (digit < 0) throw new Error(`invalid source map mapping character at ${pos - 1}`);
        value += (digit & 31) * 2 ** shift;
        shift += 5;
      } while (digit & 32);
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    }
    pos++; // skip ','
    if (fields.length === 0) continue;
    column += fields[0] ?? 0;
    if (fields.length >= 4) {
      state.source += fields[1] ?? 0;
      segments.push([column, state.source]);
    } else {
      segments.push([column, undefined]);
    }
  }
  return segments;
}

/**
 * Bytes of generated code attributed to each entry of `sources` (index-aligned). A segment
 * owns the columns up to the next segment (or the end of its line). Columns are UTF-16 units,
 * close enough to bytes for minified JS, which is almost entirely ASCII.
 */
export function bytesPerSource(code: string, map: { mappings: string; sources: string[] }): number[] {
  const totals: number[] = Array.from({ length: map.sources.length }, () => 0);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  const state = { source: 0 };
  for (let l = 0; l < mappingLines.length; l++) {
    const segments = decodeLine(mappingLines[l] ?? '', state);
    const lineLength = lines[l]?.length ?? 0;
    for (let s = 0; s < segments.length; s++) {
      const [start, source] = segments[s] as [number, number | undefined];
      const end = segments[s + 1]?.[0] ?? lineLength;
      if (source !== undefined && source < totals.length && end > start) totals[source] = (totals[source] ?? 0) + (end - start);
    }
  }
  return totals;
}

/**
 * Bytes of a written chunk per original file (absolute path), from its source map: the files
 * whose code survived minification. Keys resolve the map's sources against the chunk's folder.
 * @param outDir the build's output folder
 * @param chunk the chunk's file name (relative to outDir), code and source map
 */
export function bytesPerFile(outDir: string, chunk: { fileName: string; code: string; map: { mappings: string; sources: string[]; sourceRoot?: string } }): Map<string, number> {
  const perSource = bytesPerSource(chunk.code, chunk.map);
  const bytes = new Map<string, number>();
  chunk.map.sources.forEach((source, i) => {
    const file = resolve(outDir, dirname(chunk.fileName), chunk.map.sourceRoot ?? '', source);
    bytes.set(file, (bytes.get(file) ?? 0) + (perSource[i] ?? 0));
  });
  return bytes;
}
