import type { SearchRecord } from './columns.ts';

/*
 * Records arrive from other threads as fresh copies: every text of every car is a new string
 * ("Automatic", the location's name, the car's own slug), though most equal a value the server
 * already holds. New records live as long as the index, so the young-generation collector copies
 * each of their values twice (once within the young generation, once into the old one), pausing
 * the thread that answers searches. Pointing each value at an equal one already held lets the
 * arriving copies die young instead: the collector then copies only the records themselves and
 * what actually changed.
 */

/** Texts up to this length are shared between the records of one batch (makes, colours, locations). */
const SHARED_TEXT_LENGTH = 64;

/** Whether two arrays hold the same primitive values in the same order. */
function samePrimitives(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i] || (typeof a[i] === 'object' && a[i] !== null)) return false;
  return true;
}

/** Whether two plain objects hold the same primitive values under the same keys. */
function sameFlatObject(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const value = a[key];
    if (value !== b[key] || (typeof value === 'object' && value !== null)) return false;
  }
  return true;
}

/**
 * Replaces, in place, each value of the arriving records by an equal one already held: the same
 * car's value in `previous` (text, list of texts or flat object), or else a text of the same batch.
 * The records' contents are unchanged; only which copy of each value they point at. A frozen
 * record is left as it came. Records are never changed in place once held, so a held list or
 * object can be shared by the car's old and new record.
 * @param records the arriving records (changed in place)
 * @param previous each car's record held before, by objectID
 */
export function shareHeldValues(records: readonly SearchRecord[], previous: ReadonlyMap<string, SearchRecord>): void {
  const texts = new Map<string, string>();
  const share = (text: string): string => {
    if (text.length > SHARED_TEXT_LENGTH) return text;
    const held = texts.get(text);
    if (held !== undefined) return held;
    texts.set(text, text);
    return text;
  };
  for (const record of records) {
    if (Object.isFrozen(record)) continue;
    const before = previous.get(record.objectID) as Record<string, unknown> | undefined;
    const target = record as Record<string, unknown>;
    for (const key in target) {
      const value = target[key];
      const old = before?.[key];
      if (typeof value === 'string') {
        target[key] = value === old ? old : share(value);
      } else if (Array.isArray(value)) {
        if (Array.isArray(old) && samePrimitives(value, old)) target[key] = old;
        else for (let i = 0; i < value.length; i += 1) if (typeof value[i] === 'string') value[i] = share(value[i] as string);
      } else if (value !== null && typeof value === 'object' && old !== null && typeof old === 'object' && !Array.isArray(old)) {
        if (sameFlatObject(value as Record<string, unknown>, old as Record<string, unknown>)) target[key] = old;
      }
    }
  }
}
