import { useCallback, useSyncExternalStore } from 'react';

/*
 * Values kept on the visitor's device (spec §3 "Stored on the visitor's device"): favourites,
 * compare list, price display mode, search history and the car page's closed sections. One localStorage key per site and
 * value; every tab and every component using the same key stays in step.
 */

const listeners = new Map<string, Set<() => void>>();
const snapshots = new Map<string, { raw: string | null; value: unknown }>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, blocked cookies): values live for the page only
  }
}

const memory = new Map<string, string>();

function readRaw(key: string): string | null {
  const store = storage();
  return store ? store.getItem(key) : (memory.get(key) ?? null);
}

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key) notify(event.key);
  });
}

/** Writes a device value and tells every subscriber. */
export function writeDeviceValue(key: string, value: unknown) {
  const raw = JSON.stringify(value);
  const store = storage();
  try {
    if (store) store.setItem(key, raw);
    else memory.set(key, raw);
  } catch {
    memory.set(key, raw); // quota exceeded: keep it for this page
  }
  notify(key);
}

const empties = new Map<string, unknown>();

/**
 * The value of a key with nothing stored, one object per key: it is the server's snapshot and
 * the browser's snapshot of an empty device alike, so hydrating a fresh visit finds them equal
 * and does not re-render every subscriber at once (a list parsed twice is two different arrays).
 */
function emptyValue<T>(key: string, parse: (raw: unknown) => T): T {
  if (!empties.has(key)) empties.set(key, parse(null));
  return empties.get(key) as T;
}

function readParsed<T>(key: string, parse: (raw: unknown) => T): T {
  const raw = readRaw(key);
  if (raw === null) return emptyValue(key, parse);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.value as T;
  let value: T;
  try {
    value = parse(raw === null ? null : JSON.parse(raw));
  } catch {
    value = parse(null);
  }
  snapshots.set(key, { raw, value });
  return value;
}

/**
 * A device value as React state: `[value, setValue]`, parsed (and repaired) with `parse`.
 * `setValue` takes the new value, or a change to make to what is stored at that moment: the
 * rendered value is the empty list until the page has hydrated (the server cannot know the
 * device), so a change made from it then (a heart tapped while the page starts, a search
 * recorded as it hydrates) would replace the stored list with a list of one.
 */
export function useDeviceValue<T>(key: string, parse: (raw: unknown) => T): [T, (next: T | ((stored: T) => T)) => void] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => set.delete(listener);
    },
    [key],
  );
  const value = useSyncExternalStore(
    subscribe,
    () => readParsed(key, parse),
    () => emptyValue(key, parse),
  );
  const setValue = useCallback(
    (next: T | ((stored: T) => T)) => {
      if (typeof next !== 'function') return writeDeviceValue(key, next);
      const stored = readParsed(key, parse);
      const changed = (next as (stored: T) => T)(stored);
      // A change that leaves the stored value as it is (a search already recorded, a full
      // compare list) writes nothing and wakes no subscriber.
      if (changed !== stored) writeDeviceValue(key, changed);
    },
    [key, parse],
  );
  return [value, setValue];
}

/** Storage key of a site's device value. */
export function deviceKey(tenantSlug: string, name: 'favourites' | 'compare' | 'price-mode' | 'search-history' | 'cookie-consent' | 'closed-sections'): string {
  return `forecourt:${tenantSlug}:${name}`;
}
