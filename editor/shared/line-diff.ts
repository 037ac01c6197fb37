import { diffArrays } from 'diff';

/**
 * Line diff between the saved file and the editor text, for the "changes vs saved" view, on
 * jsdiff's Myers diff (`diffArrays` over the lines) with line numbers added for the view.
 */

/** One line of a diff: unchanged, added in the new text, or removed from the old. */
export interface DiffLine {
  kind: 'same' | 'add' | 'remove';
  text: string;
  /** 1-based line number in the old text (same/remove). */
  oldLine?: number;
  /** 1-based line number in the new text (same/add). */
  newLine?: number;
}

/** Diffs two texts line by line; removals come before the additions that replace them, as diff tools show them. */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  const out: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const change of diffArrays(oldText.split('\n'), newText.split('\n'))) {
    for (const text of change.value) {
      if (change.removed) out.push({ kind: 'remove', text, oldLine: oldLine++ });
      else if (change.added) out.push({ kind: 'add', text, newLine: newLine++ });
      else out.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return out;
}

/** Groups a diff into hunks with `context` unchanged lines around each change; empty when equal. */
export function diffHunks(lines: DiffLine[], context = 3): DiffLine[][] {
  const changed = lines.map((l) => l.kind !== 'same');
  const keep = lines.map((_, idx) => {
    for (let d = -context; d <= context; d++) if (changed[idx + d]) return true;
    return false;
  });
  const hunks: DiffLine[][] = [];
  let current: DiffLine[] | undefined;
  lines.forEach((l, idx) => {
    if (keep[idx]) {
      if (!current) hunks.push((current = []));
      current.push(l);
    } else current = undefined;
  });
  return hunks;
}
