import { joinPointer, parsePointer, scanJson } from './json-locate.ts';
import { setValueAt } from './schema-walk.ts';

/** A text replacement: offsets into the old text, and what to put there. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * The smallest text edit that sets the value at `pointer` (form view → JSON view). An existing
 * value is replaced in place, so the rest of the file keeps its formatting and the edit is one
 * neat undo step; a new or removed property rewrites the document in the house format.
 * Returns undefined when the text is not valid JSON (the form is read-only then).
 */
export function editForValue(text: string, pointer: string, value: unknown): TextEdit | undefined {
  const scan = scanJson(text);
  if (scan.syntaxError) return undefined;
  const loc = scan.locations.get(pointer);
  if (loc && value !== undefined && pointer !== '') {
    const indent = indentAt(text, loc.keyOffset ?? loc.valueOffset);
    const rendered = JSON.stringify(value, null, 2).replace(/\n/g, '\n' + indent);
    return { start: loc.valueOffset, end: loc.valueEnd, text: rendered };
  }
  const doc = JSON.parse(text) as unknown;
  const next = setValueAt(doc, pointer, value);
  return { start: 0, end: text.length, text: JSON.stringify(next, null, 2) + '\n' };
}

/** Applies a TextEdit to a string. */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** Parent pointer ('' for top-level). */
export function parentPointer(pointer: string): string {
  return joinPointer(parsePointer(pointer).slice(0, -1));
}
