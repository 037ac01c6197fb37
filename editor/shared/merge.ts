/**
 * Three-way merge of a tenant file, change by change: what staff changed since the saved base
 * ("mine"), what someone else wrote to disk since then ("theirs"), and where both touched the same
 * setting (a conflict staff decide). Works on JSON values by pointer, so formatting, key order and
 * unrelated edits survive; the merged text is the disk text with the chosen changes written in.
 */
import { applyEdit, editForValue } from './json-edit.ts';
import { joinPointer, parsePointer } from './json-locate.ts';
import { jsonEqual } from './schema-walk.ts';

/** One setting changed on either side since the base. `undefined` values mean "absent". */
export interface MergeChange {
  pointer: string;
  /** mine: only staff changed it · theirs: only the disk changed it · conflict: both, differently. */
  kind: 'mine' | 'theirs' | 'conflict';
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Pointers where `a` and `b` differ, at the deepest level where both sides still have the same
 * shape (objects key by key; arrays item by item when their lengths match, else as one value).
 */
function changedPointers(a: Json, b: Json, path: string[] = [], out: string[] = []): string[] {
  if (jsonEqual(a, b)) return out;
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) changedPointers(a[k], b[k], [...path, k], out);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => changedPointers(x, b[i], [...path, String(i)], out));
  } else out.push(joinPointer(path));
  return out;
}

/** The value at `pointer`, or undefined when absent. */
export function valueAt(doc: Json, pointer: string): Json {
  let cur: Json = doc;
  for (const key of parsePointer(pointer)) {
    if (Array.isArray(cur)) cur = cur[Number(key)];
    else if (isObject(cur)) cur = Object.hasOwn(cur, key) ? cur[key] : undefined;
    else return undefined;
  }
  return cur;
}

function overlaps(p: string, q: string): boolean {
  return p === q || q.startsWith(p + '/') || p.startsWith(q + '/') || p === '' || q === '';
}

/**
 * Every change since the base, on either side, with conflicts where both sides changed
 * overlapping settings to different values. Undefined when any text is not valid JSON.
 */
export function threeWayChanges(baseText: string, mineText: string, theirsText: string): MergeChange[] | undefined {
  let base: Json, mine: Json, theirs: Json;
  try {
    base = JSON.parse(baseText);
    mine = JSON.parse(mineText);
    theirs = JSON.parse(theirsText);
  } catch {
    return undefined;
  }
  const m = changedPointers(base, mine);
  const t = changedPointers(base, theirs);
  const changes: MergeChange[] = [];
  const at = (pointer: string, kind: MergeChange['kind']): MergeChange => ({
    pointer,
    kind,
    base: valueAt(base, pointer),
    mine: valueAt(mine, pointer),
    theirs: valueAt(theirs, pointer),
  });
  const claimed = new Set<string>();
  for (const p of m) {
    const against = t.filter((q) => overlaps(p, q));
    if (!against.length) {
      changes.push(at(p, 'mine'));
      continue;
    }
    // Decide at the widest of the overlapping pointers, so one choice covers the whole subtree.
    const widest = [p, ...against].reduce((a, b) => (parsePointer(a).length <= parsePointer(b).length ? a : b));
    against.forEach((q) => claimed.add(q));
    if (changes.some((c) => c.pointer === widest)) continue;
    const c = at(widest, 'conflict');
    // Both sides made the same change: nothing to decide.
    if (!jsonEqual(c.mine, c.theirs)) changes.push(c);
  }
  for (const q of t) if (!claimed.has(q)) changes.push(at(q, 'theirs'));
  return changes.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** The default choice for a change: each side's own changes are kept; conflicts keep staff's. */
export function defaultChoice(change: MergeChange): 'mine' | 'theirs' {
  return change.kind === 'theirs' ? 'theirs' : 'mine';
}

/**
 * The merged text: the disk text with every change chosen as "mine" written into it (minimal
 * edits, so the disk file's formatting stays).
 */
export function applyMerge(theirsText: string, changes: readonly MergeChange[], choice: (c: MergeChange) => 'mine' | 'theirs' = defaultChoice): string {
  let text = theirsText;
  for (const c of changes) {
    if (choice(c) !== 'mine' || jsonEqual(c.mine, c.theirs)) continue;
    const edit = editForValue(text, c.pointer, c.mine);
    if (edit) text = applyEdit(text, edit);
  }
  return text;
}
