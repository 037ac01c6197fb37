/**
 * Line diff between the saved file and the editor text, for the "changes vs saved" view. Tenant files
 * are a few hundred lines, so a trimmed LCS table is fast enough and keeps this dependency-free.
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

/** Diffs two texts line by line. */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = oldText.split('\n');
  const b = newText.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  // lcs[i][j] = LCS length of a[start+i..endA) and b[start+j..endB)
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i]!;
    const next = lcs[i + 1]!;
    for (let j = m - 1; j >= 0; j--) {
      row[j] = a[start + i] === b[start + j] ? next[j + 1]! + 1 : Math.max(next[j]!, row[j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  for (let k = 0; k < start; k++) out.push({ kind: 'same', text: a[k]!, oldLine: k + 1, newLine: k + 1 });
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      out.push({ kind: 'same', text: a[start + i]!, oldLine: start + i + 1, newLine: start + j + 1 });
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Removals first, as diff tools show them.
      out.push({ kind: 'remove', text: a[start + i]!, oldLine: start + i + 1 });
      i++;
    } else {
      out.push({ kind: 'add', text: b[start + j]!, newLine: start + j + 1 });
      j++;
    }
  }
  for (let k = 0; k < a.length - endA; k++) {
    out.push({ kind: 'same', text: a[endA + k]!, oldLine: endA + k + 1, newLine: endB + k + 1 });
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
