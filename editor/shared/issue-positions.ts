import { locatePointer, offsetToPosition, scanJson, type JsonScan } from './json-locate.ts';
import type { EditorIssue } from './workspace-api.ts';

/** An issue as the shared validator reports it (schema/validate.ts `TenantIssue`). */
export interface PlainIssue {
  file: string;
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
}

/**
 * Attaches a text range to each validator issue so the diagnostics panel and Monaco can show it:
 * the value at the pointer when it is on one line, otherwise its property name; for a value that
 * is missing, the object that should hold it; for a syntax error, the offending character.
 */
export function withPositions(text: string, issues: readonly PlainIssue[], format: (i: PlainIssue) => string, given?: JsonScan): EditorIssue[] {
  // A valid text (most keystrokes) has nothing to place: the scan of the whole text is skipped.
  if (issues.length === 0) return [];
  const scan = given ?? scanJson(text);
  return issues.map((issue) => {
    let start = 0;
    let end = 1;
    const exact = scan.locations.get(issue.pointer);
    const loc = exact ?? locatePointer(scan, issue.pointer);
    if (scan.syntaxError && (issue.pointer === '' || !loc)) {
      start = scan.syntaxError.offset;
      end = start + 1;
    } else if (loc) {
      const valueText = text.slice(loc.valueOffset, loc.valueEnd);
      if (exact && !valueText.includes('\n')) {
        start = loc.valueOffset;
        end = loc.valueEnd;
      } else if (loc.keyOffset !== undefined) {
        start = loc.keyOffset;
        const close = text.indexOf('"', loc.keyOffset + 1);
        end = close > start ? close + 1 : start + 1;
      } else {
        start = loc.valueOffset;
        end = start + 1;
      }
    }
    const a = offsetToPosition(text, start);
    const b = offsetToPosition(text, Math.min(end, text.length));
    return {
      ...issue,
      formatted: format(issue),
      line: a.line,
      column: a.column,
      endLine: b.line,
      endColumn: Math.max(b.column, a.line === b.line ? a.column + 1 : b.column),
    };
  });
}
