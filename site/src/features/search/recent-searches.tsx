import { useEffect } from 'react';
import { useCurrentRefinements, useInstantSearch } from 'react-instantsearch';
import { useTenant } from '../../lib/tenant-context.tsx';
import { addSearchHistory, parseSearchHistory, type SearchHistoryEntry } from '../../domain/search-history.ts';
import { deviceKey, useDeviceValue } from '../../lib/device-store.ts';
import styles from './search.module.css';
import { refinementLabel } from './search-words.ts';

/*
 * Recent searches (features.searchHistory): the list in the filter panel and the recorder.
 */

/** The shopper's recent searches on this device (features.searchHistory). */
export function SearchHistoryList() {
  const tenant = useTenant();
  const [history] = useDeviceValue(deviceKey(tenant.slug, 'search-history'), (raw) => parseSearchHistory(raw, tenant.search.searchHistoryLength));
  if (history.length === 0) return null;
  return (
    <nav className={styles.facet} aria-labelledby="history-heading">
      <h3 id="history-heading" className={styles.facetTitle}>
        Recent searches
      </h3>
      <ul className={styles.historyList}>
        {history.map((entry) => (
          <li key={entry.path}>
            <a href={entry.path}>{entry.refinements.join(', ') || 'All stock'}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Records the current search in the device's history once it has refinements. */
export function HistoryRecorder() {
  const tenant = useTenant();
  const { items } = useCurrentRefinements();
  const { indexUiState } = useInstantSearch();
  const [history, setHistory] = useDeviceValue(deviceKey(tenant.slug, 'search-history'), (raw) => parseSearchHistory(raw, tenant.search.searchHistoryLength));
  // In the applied filters' words ("Toyota", "Price: From $6,000"), not the search's own.
  const labels = items.flatMap((item) => item.refinements.map((r) => refinementLabel(tenant, item.attribute, r)));
  if (indexUiState.query) labels.unshift(`"${indexUiState.query}"`);
  const key = labels.join('|');
  const limit = tenant.search.searchHistoryLength;
  useEffect(() => {
    if (key === '') return;
    const path = `${window.location.pathname}${window.location.search}`;
    if (history[0]?.path === path) return;
    const entry: SearchHistoryEntry = { path, refinements: key.split('|'), at: Date.now() };
    // Added to the stored history: the rendered one is empty while the page hydrates.
    setHistory((stored) => (stored[0]?.path === path ? stored : addSearchHistory(stored, entry, limit)));
  }, [key, history, setHistory, limit]);
  return null;
}
