import { useCallback, useMemo, useState } from 'react';
import { InstantSearch, useConfigure, useInstantSearch, useMenu } from 'react-instantsearch';
import type { LiteClient } from 'algoliasearch/lite';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useTenant } from '../../lib/tenant-context.tsx';
import { formatCount, resultCount } from '../../domain/result-count.ts';
import { type SearchRouteState, type SearchUrlContext } from '../../domain/search-url.ts';
import { SavedCarsLinks } from '../../components/saved-cars/saved-cars-links.tsx';
import { createSearchRouter, routeToUiState, uiStateToRoute, type SortIndexes } from './routing.ts';
import type { SearchRouteData } from './search-setup.ts';
import styles from './search.module.css';
import { nounOf } from './search-words.ts';
import { PriceModeToggle, SearchBox, SortSelect } from './search-box.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { CurrentRefinements } from './applied-filters.tsx';
import { Results } from './search-results.tsx';
import { HistoryRecorder } from './recent-searches.tsx';
import { searchPageHeading } from '../../lib/search-head.ts';

/*
 * The search results page (spec §2): InstantSearch over the tenant's stock with its state in the
 * URL, and the page's layout. Its parts live beside it: search-box.tsx (search, sort, price
 * mode), filter-panel.tsx and facet-containers.tsx (filters), applied-filters.tsx,
 * search-results.tsx (cards from domain car-card.ts), recent-searches.tsx, search-words.ts.
 */

/** What the route hands the page: its data and the search client. */
export interface SearchPageProps extends SearchRouteData {
  client: LiteClient;
}

/** The search results page (spec §2): InstantSearch over the tenant's stock, state in the URL. */
export function SearchPage(props: SearchPageProps) {
  const tenant = useTenant();
  const router = useRouter();
  const rootIndex = props.indexes[props.defaultSort];
  const sorts: SortIndexes = useMemo(() => ({ byKey: props.indexes, defaultSort: props.defaultSort }), [props.indexes, props.defaultSort]);

  const searchRouter = useMemo(() => {
    const context = (): SearchUrlContext => ({
      dealershipSlugs: tenant.dealer.dealerships.map((d) => d.slug),
      makes: [...new Set([...props.catalog.makes, ...tenant.dealer.dealerships.flatMap((d) => d.makes)])],
      makeModels: props.catalog.makeModels,
      defaultSort: props.defaultSort,
    });
    return createSearchRouter(router.history, context);
  }, [router.history, tenant, props.defaultSort, props.catalog]);

  const routing = useMemo(
    () => ({
      router: searchRouter,
      stateMapping: {
        stateToRoute: (uiState: Parameters<typeof uiStateToRoute>[0]) => uiStateToRoute(uiState, rootIndex, sorts, searchRouter.lastLocation()),
        routeToState: (route: SearchRouteState) => routeToUiState(route, rootIndex, sorts),
      },
    }),
    [searchRouter, rootIndex, sorts],
  );

  return (
    <InstantSearch
      searchClient={props.client}
      indexName={rootIndex}
      routing={routing as never}
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <SearchLayout {...props} dealership={searchRouter.lastLocation().dealership} />
    </InstantSearch>
  );
}

/** Every attribute of a hit except those no card reads. */
const HIT_ATTRIBUTES = ['*', '-thumbnails', '-filtered_features', '-categories'];

function SearchLayout(props: SearchPageProps & { dealership: string | undefined }) {
  const tenant = useTenant();
  const filters = props.dealership ? `${props.stockFilter} AND dealership_slug:"${props.dealership}"` : props.stockFilter;
  // Cards never show a car's thumbnails, feature list or categories: leaving them out of the
  // hits keeps ~10 KB out of the page's serialized first results (parsed before hydration).
  useConfigure({ filters, hitsPerPage: tenant.search.pageSize, attributesToHighlight: [], attributesToRetrieve: HIT_ATTRIBUTES, maxValuesPerFacet: 1000 });
  useMenu({ attribute: 'price_range' });
  const { results, status } = useInstantSearch({ catchError: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const noun = nounOf(tenant);
  const count = resultCount(results?.nbHits ?? 0, countFacets(results));
  const loading = status === 'loading' || status === 'stalled';
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const heading = searchPageHeading(tenant, pathname, searchStr, props.catalog, props.defaultSort);

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.h1}>{heading}</h1>
          <p className={styles.count} role="status" aria-live="polite" data-testid="result-count">
            {results ? `${formatCount(count, noun)} found` : 'Searching…'}
          </p>
          <SavedCarsLinks className={styles.savedLinks} />
        </div>
        <div className={styles.tools}>
          <SearchBox />
          <SortSelect indexes={props.indexes} />
          {__FEATURE_PRICE_DISPLAY_TOGGLE__ ? <PriceModeToggle /> : null}
          <button type="button" className={`btn btn--outline ${styles.filtersButton}`} aria-controls="search-filters" aria-expanded={filtersOpen} onClick={() => setFiltersOpen(true)}>
            Filters
          </button>
        </div>
      </div>
      <div className={styles.layout}>
        <FilterPanel open={filtersOpen} onClose={closeFilters} count={count} noun={noun} stats={props.stats} />
        <section id="search-top" className={styles.results} aria-busy={loading} aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">
            Results
          </h2>
          <CurrentRefinements />
          {loading ? <div className={styles.progress} aria-hidden="true" /> : null}
          {status === 'error' ? (
            <p className={styles.error} role="alert">
              {/* The error's own text names the search service's address and status: not for shoppers. */}
              We couldn't update the results. The previous results are still shown; please try again.
            </p>
          ) : null}
          <Results nowSeconds={props.nowSeconds} promoDraw={props.promoDraw} status={status} />
          {__FEATURE_SEARCH_HISTORY__ ? <HistoryRecorder /> : null}
        </section>
      </div>
    </div>
  );
}

/**
 * The facet counts resultCount needs, read through the helper's public API. car_type always has
 * a widget (shown or hidden), so its counts are there; with types refined, the refined types'
 * counts add up to the matches (a car has one type).
 */
function countFacets(results: ReturnType<typeof useInstantSearch>['results'] | undefined): Record<string, Record<string, number>> | undefined {
  const values = results?.getFacetValues('car_type', { sortBy: ['count:desc'] });
  if (!Array.isArray(values)) return undefined;
  const refined = values.filter((value) => value.isRefined);
  return { car_type: Object.fromEntries((refined.length > 0 ? refined : values).map((value) => [value.name, value.count])) };
}

