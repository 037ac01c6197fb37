import { applyEdits, modify } from 'jsonc-parser';
import { joinPointer, parsePointer } from './json-locate.ts';
import { setValueAt } from './schema-walk.ts';

/** A text replacement: offsets into the old text, and what to put there. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The house format of tenant files: two spaces, LF. */
const HOUSE_FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * The smallest text edit that sets the value at `pointer` (form view → JSON view, and the merge
 * writing a chosen change into the disk text): jsonc-parser's `modify` replaces, inserts or
 * removes just that value, so the rest of the file keeps its formatting and the edit is one neat
 * undo step. Its result is checked: where it is not the intended document (jsonc-parser 3.3.1
 * leaves a stray quote when it removes the last item of an array written on one line), the
 * document is rewritten whole in the house format instead. Undefined (setting `undefined`)
 * removes the value. Returns undefined when the text is not valid JSON (the form is read-only then).
 */
export function editForValue(text: string, pointer: string, value: unknown): TextEdit | undefined {
  // Strict JSON only, as the validator reads it (JSON.parse refuses comments and trailing commas).
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  const intended = setValueAt(doc, pointer, value);
  // jsonc-parser addresses array items by number and properties by name.
  let node = doc;
  const path = parsePointer(pointer).map((token) => {
    const key = Array.isArray(node) ? Number(token) : token;
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined;
    return key;
  });
  const edits = pointer === '' ? [] : modify(text, path, value, HOUSE_FORMAT);
  if (edits.length > 0) {
    const start = Math.min(...edits.map((e) => e.offset));
    const end = Math.max(...edits.map((e) => e.offset + e.length));
    const edit = { start, end, text: applyEdits(text.slice(start, end), edits.map((e) => ({ ...e, offset: e.offset - start }))) };
    if (sameJson(applyEdit(text, edit), intended)) return edit;
  }
  return { start: 0, end: text.length, text: JSON.stringify(intended, null, 2) + '\n' };
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** Applies a TextEdit to a string. */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** Parent pointer ('' for top-level). */
export function parentPointer(pointer: string): string {
  return joinPointer(parsePointer(pointer).slice(0, -1));
}
