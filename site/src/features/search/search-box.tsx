import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchBox, useSortBy } from 'react-instantsearch';
import { useRouterState } from '@tanstack/react-router';
import { useTenant } from '../../lib/tenant-context.tsx';
import { type PriceMode } from '../../domain/price-display.ts';
import { type SortKey } from '../../domain/search-url.ts';
import { deviceKey, useDeviceValue } from '../../lib/device-store.ts';
import { useHeldInputShown, whenInteractive } from '../../lib/hydration-replay.ts';
import styles from './search.module.css';
import { SORT_LABELS } from './search-words.ts';

/*
 * The search page's tools: the search box, the sort options and the Cash / Finance price switch.
 */

/** The search text box: a plain GET form before hydration, InstantSearch's query after (300 ms pause, spec §4). */
export const SearchBox = memo(function SearchBox() {
  const tenant = useTenant();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const delay = tenant.search.textDebounceMs;
  // InstantSearch compares hook props deeply; a new function each render would loop, so the
  // debounce hook is created once.
  const queryHook = useCallback(
    (next: string, search: (value: string) => void) => {
      if (timer.current) clearTimeout(timer.current);
      // A search typed while the page was starting waits until InstantSearch can take it.
      timer.current = setTimeout(() => whenInteractive(() => search(next)), delay);
    },
    [delay],
  );
  const { query, refine } = useSearchBox({ queryHook });
  const [text, setText] = useState(query);
  const focused = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // Words typed while the page starts stay in the box until they are played back.
  useHeldInputShown(input);
  // Words typed before the page hydrated are in the field but not in state: search for them once
  // InstantSearch is ready (its own effects run after this one, so wait a task).
  useEffect(() => {
    const afterStart = setTimeout(() => {
      const typed = input.current?.value ?? '';
      if (typed !== query) {
        setText(typed);
        whenInteractive(() => refine(typed));
      }
    }, 0);
    return () => clearTimeout(afterStart);
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!focused.current) setText(query);
  }, [query]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  // Before the scripts run this is a plain GET form to this page (`?query=`), so a search
  // typed while the page loads still works; afterwards InstantSearch takes the keystrokes.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <form role="search" className={styles.searchForm} action={pathname} method="get" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="stock-search" className="visually-hidden">
        Search stock
      </label>
      <input
        id="stock-search"
        ref={input}
        name="query"
        type="search"
        className={styles.searchInput}
        placeholder="Search make, model, keyword"
        autoComplete="off"
        value={text}
        onFocus={() => (focused.current = true)}
        onBlur={() => (focused.current = false)}
        onChange={(event) => {
          setText(event.currentTarget.value);
          refine(event.currentTarget.value);
        }}
      />
    </form>
  );
});

/** The sort options, over the index names the route worked out (api/search-client.ts searchIndexes). */
export const SortSelect = memo(function SortSelect({ indexes }: { indexes: Record<SortKey, string> }) {
  const tenant = useTenant();
  const { currentRefinement, options, refine } = useSortBy({
    items: tenant.search.sortOptions.map((key) => ({ label: SORT_LABELS[key], value: indexes[key] })),
  });
  // An order chosen while the page starts stays shown until it is played back.
  const sort = useRef<HTMLLabelElement>(null);
  useHeldInputShown(sort);
  if (options.length < 2) return null;
  return (
    <label ref={sort} className={styles.sort}>
      <span>Sort by</span>
      <select value={currentRefinement} onChange={(event) => refine(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
});

/** The card price mode (Cash or Finance), remembered on the device. */
export function usePriceMode(): [PriceMode, (mode: PriceMode) => void] {
  const tenant = useTenant();
  return useDeviceValue<PriceMode>(deviceKey(tenant.slug, 'price-mode'), (raw) => (raw === 'finance' ? 'finance' : 'cash'));
}

/** The Cash / Finance switch of the card prices. */
export const PriceModeToggle = memo(function PriceModeToggle() {
  const [mode, setMode] = usePriceMode();
  return (
    <div className={styles.modeToggle} role="group" aria-label="Price display">
      {(['cash', 'finance'] as const).map((value) => (
        <button key={value} type="button" aria-pressed={mode === value} onClick={() => setMode(value)}>
          {value === 'cash' ? 'Cash' : 'Finance'}
        </button>
      ))}
    </div>
  );
});
