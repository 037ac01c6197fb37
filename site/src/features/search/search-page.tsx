import { memo, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  InstantSearch,
  useConfigure,
  useCurrentRefinements,
  useHits,
  useInstantSearch,
  useMenu,
  usePagination,
  useRange,
  useRefinementList,
  useSearchBox,
  useSortBy,
} from 'react-instantsearch';
import type { LiteClient } from 'algoliasearch/lite';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { useTenant } from '../../app/tenant-context.tsx';
import { ShortEnquiryForm } from './short-enquiry-slot.ts';
import { isAvailable, isPurchasable } from '../../domain/availability.ts';
import { canReserve } from '../../domain/reservation.ts';
import { financeLink } from '../../domain/vehicle-offer.ts';
import { carTag } from '../../domain/car-tags.ts';
import { groupMakes, modelsOfMake, sortFacetItems, visibleFacetItems, type FacetItem } from '../../domain/facet-order.ts';
import { cdnImageUrl } from '../../domain/image-url.ts';
import { itemNoun } from '../../domain/item-noun.ts';
import { toSlug } from '../../domain/navigation.ts';
import { priceDisplay, type PriceMode } from '../../domain/price-display.ts';
import { useLeadsToPage } from '../../app/route-exists.ts';
import { promoPositions } from '../../domain/promo-positions.ts';
import { ctaCardSlot } from '../../domain/cta-card.ts';
import { formatCount, resultCount } from '../../domain/result-count.ts';
import { addSearchHistory, parseSearchHistory, type SearchHistoryEntry } from '../../domain/search-history.ts';
import { type SearchRouteState, type SearchUrlContext, type SortKey } from '../../domain/search-url.ts';
import { rangeRefinementError, sliderBounds, sliderRefinement, type SliderAttribute } from '../../domain/slider.ts';
import { mergeSearchResults, searchCarTypes } from '../../domain/search-promotions.ts';
import { collapseSoldRuns } from '../../domain/sold-runs.ts';
import { modelFacetLabel, primaryFacets, singleMakeOf } from '../../domain/single-make.ts';
import { trackEvent } from '../../app/analytics.ts';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import { useCompareList, useFavourites } from '../../components/saved-cars/use-saved-cars.ts';
import { SavedCarsLinks } from '../../components/saved-cars/saved-cars-links.tsx';
import { CarCard, PromoCard, type CardAction, type CardToggle, type CarHit } from './car-card.tsx';
import { deviceKey, useDeviceValue } from '../../app/device-store.ts';
import { CheckboxFacet, MakeFacet, PaginationNav, RangeFacet, type MakeCardItem } from './facets.tsx';
import { useWatchlistControl } from './watchlist-slot.tsx';
import { PromotionCard } from './promotion-card.tsx';
import { createSearchRouter, routeToUiState, uiStateToRoute, type SortIndexes } from './routing.ts';
import type { SearchRouteData } from './search-setup.ts';
import { whenInteractive } from '../../app/hydration-replay.ts';
import styles from './search.module.css';
import { formatMoney, formatNumber } from '../../../../schema/number-format.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';

/** What the route hands the page: its data and the search client. */
export interface SearchPageProps extends SearchRouteData {
  client: LiteClient;
}

const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Most relevant',
  latest: 'Latest',
  price_desc: 'Highest price',
  price_asc: 'Lowest price',
};

const FACET_TITLES: Record<string, string> = {
  car_type: 'Condition',
  make: 'Make',
  make_model: 'Model',
  price: 'Price',
  subscription_price: 'Subscription',
  year: 'Year',
  km: 'Kilometres',
  simple_body: 'Body type',
  simple_fuel: 'Fuel',
  simple_transmission: 'Transmission',
  simple_drive: 'Drive',
  colour: 'Colour',
  seats: 'Seats',
  location_name: 'Location',
  state: 'State',
  certified: 'Certified',
  tag: 'Tag',
  item_type: 'Type',
};

const SLIDERS = new Set(['price', 'subscription_price', 'year', 'km']);

function nounOf(tenant: ResolvedTenant): string {
  return itemNoun(tenant.search.itemType).one;
}

function carTypeLabel(tenant: ResolvedTenant, value: string): string {
  if (value === 'new') return tenant.labels.newTag;
  if (value === 'used') return tenant.labels.used;
  if (value === 'demo') return 'Demo';
  return value;
}

/** The one make a single-make site sells (domain single-make.ts), or null. */
function tenantSingleMake(tenant: ResolvedTenant): string | null {
  return singleMakeOf(
    tenant.dealer.dealerships.map((d) => d.makes),
    tenant.dealer.manufacturer,
  );
}

function facetLabel(tenant: ResolvedTenant, attribute: string, value: string): string {
  if (attribute === 'car_type') return carTypeLabel(tenant, value);
  if (attribute === 'certified') return value === 'true' ? 'Certified' : 'Not certified';
  if (attribute === 'make_model') return modelFacetLabel(value, tenantSingleMake(tenant));
  return value;
}

function formatSliderValue(attribute: string, value: number): string {
  if (attribute === 'price' || attribute === 'subscription_price') return formatMoney(value);
  if (attribute === 'km') return `${formatNumber(value)} km`;
  return String(value);
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
  const { results, status, error } = useInstantSearch({ catchError: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const noun = nounOf(tenant);
  const count = resultCount(results?.nbHits ?? 0, countFacets(results));
  const loading = status === 'loading' || status === 'stalled';
  const dealershipName = tenant.dealer.dealerships.find((d) => d.slug === props.dealership)?.name;

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.h1}>{dealershipName ? `${dealershipName} stock` : <PageTitle noun={noun} />}</h1>
          <p className={styles.count} role="status" aria-live="polite" data-testid="result-count">
            {results ? `${formatCount(count, noun)} found` : 'Searching…'}
          </p>
          <SavedCarsLinks className={styles.savedLinks} />
        </div>
        <div className={styles.tools}>
          <SearchBox />
          <SortSelect />
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
              We couldn't update the results{error?.message ? ` (${error.message})` : ''}. The previous results are still shown; please try again.
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

function PageTitle({ noun }: { noun: string }) {
  const tenant = useTenant();
  const { items } = useCurrentRefinements();
  const value = (attribute: string) => items.find((i) => i.attribute === attribute)?.refinements.map((r) => String(r.value)) ?? [];
  const types = value('car_type');
  const makes = value('make');
  const models = value('make_model');
  const words: string[] = [];
  if (types.length === 1) words.push(carTypeLabel(tenant, types[0] as string));
  else if (types.length === 2 && types.includes('new') && types.includes('demo')) words.push('New and demo');
  if (models.length === 1) words.push(models[0] as string);
  else if (makes.length === 1) words.push(makes[0] as string);
  const plural = `${noun}s`;
  if (words.length === 0) {
    if (tenant.stockFilter.usedOnly) return <>{`${tenant.labels.used} ${plural} for sale`}</>;
    return <>{`${tenant.search.itemType === 'car' ? 'New, used and demo cars' : `All ${plural}`} for sale`}</>;
  }
  return <>{`${words.join(' ')} ${plural} for sale`}</>;
}

const SearchBox = memo(function SearchBox() {
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

const SortSelect = memo(function SortSelect() {
  const tenant = useTenant();
  const indexes = useSortIndexes();
  const { currentRefinement, options, refine } = useSortBy({
    items: tenant.search.sortOptions.map((key) => ({ label: SORT_LABELS[key], value: indexes[key] })),
  });
  if (options.length < 2) return null;
  return (
    <label className={styles.sort}>
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

function useSortIndexes(): Record<SortKey, string> {
  const tenant = useTenant();
  return tenant.search.backend === 'algolia' && tenant.search.algolia
    ? {
        relevance: tenant.search.algolia.indexName,
        latest: tenant.search.algolia.replicas.latest,
        price_desc: tenant.search.algolia.replicas.priceDesc,
        price_asc: tenant.search.algolia.replicas.priceAsc,
      }
    : { relevance: 'cars', latest: 'cars_latest', price_desc: 'cars_price_desc', price_asc: 'cars_price_asc' };
}

function usePriceMode(): [PriceMode, (mode: PriceMode) => void] {
  const tenant = useTenant();
  return useDeviceValue<PriceMode>(deviceKey(tenant.slug, 'price-mode'), (raw) => (raw === 'finance' ? 'finance' : 'cash'));
}

const PriceModeToggle = memo(function PriceModeToggle() {
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

const FilterPanel = memo(function FilterPanel({ open, onClose, count, noun, stats }: { open: boolean; onClose: () => void; count: number; noun: string; stats: SearchPageProps['stats'] }) {
  const tenant = useTenant();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  // A single-make site lists its models first, in place of a make facet of one value.
  const singleMake = tenantSingleMake(tenant);
  const facets = primaryFacets(
    tenant.search.facets.filter((f) => f !== 'subscription_price' || __FEATURE_SUBSCRIPTION_LAYOUT__),
    singleMake,
  );
  const hasMake = facets.includes('make');
  return (
    <aside
      id="search-filters"
      ref={panel}
      className={`${styles.sidebar} ${open ? styles.sidebarOpen : ''}`}
      aria-labelledby="filters-heading"
      data-open={open}
    >
      <div className={styles.sidebarHead}>
        <h2 id="filters-heading" tabIndex={-1} className={styles.sidebarTitle}>
          Filter {noun}s
        </h2>
        <button type="button" className={styles.closeButton} onClick={onClose} aria-label="Close filters">
          ×
        </button>
      </div>
      <div className={styles.sidebarBody}>
        {__FEATURE_SEARCH_HISTORY__ ? <SearchHistoryList /> : null}
        {/* Path refinements (car type, make, model) apply on every site, shown or not. */}
        {(['car_type', 'make', 'make_model'] as const)
          .filter((attribute) => !facets.includes(attribute) && !(attribute === 'make_model' && hasMake) && !(attribute === 'make' && singleMake))
          .map((attribute) => (
            <VirtualRefinementList key={`virtual-${attribute}`} attribute={attribute} />
          ))}
        {facets.map((attribute) => {
          if (attribute === 'make') return <MakeFacetContainer key={attribute} />;
          if (attribute === 'make_model') {
            if (singleMake) return <ModelFacetContainer key={attribute} singleMake={singleMake} />;
            return hasMake ? <VirtualRefinementList key={attribute} attribute="make_model" /> : <ListFacetContainer key={attribute} attribute={attribute} />;
          }
          if (SLIDERS.has(attribute)) return <RangeFacetContainer key={attribute} attribute={attribute as SliderAttribute} stats={stats[attribute]} />;
          return <ListFacetContainer key={attribute} attribute={attribute} />;
        })}
      </div>
      <div className={styles.sidebarFoot}>
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          {`Show Me ${formatNumber(count)} ${noun}s`}
        </button>
      </div>
    </aside>
  );
});

function VirtualRefinementList({ attribute }: { attribute: string }) {
  useRefinementList({ attribute, limit: 1000 });
  return null;
}

function ListFacetContainer({ attribute }: { attribute: string }) {
  const tenant = useTenant();
  const { items, refine } = useRefinementList({ attribute, limit: 200 });
  const shown = sortFacetItems(
    attribute,
    visibleFacetItems(attribute, items, tenant.search.certifiedOnly).map((item) => ({ ...item, label: facetLabel(tenant, attribute, item.value) })),
  );
  return <CheckboxFacet title={FACET_TITLES[attribute] ?? attribute} items={shown} onRefine={refine} />;
}

/**
 * The model list of a single-make site: ticking a model also applies the make (so the URL is
 * /search/{make}/{model}, spec §2), unticking the last model drops it again.
 */
function ModelFacetContainer({ singleMake }: { singleMake: string }) {
  const tenant = useTenant();
  const models = useRefinementList({ attribute: 'make_model', limit: 1000 });
  const makes = useRefinementList({ attribute: 'make', limit: 200 });
  const shown = sortFacetItems(
    'make_model',
    visibleFacetItems('make_model', models.items, tenant.search.certifiedOnly).map((item) => ({ ...item, label: modelFacetLabel(item.value, singleMake) })),
  );
  const refine = (value: string) => {
    const model = models.items.find((m) => m.value === value);
    const make = makes.items.find((m) => m.value.toLowerCase() === singleMake.toLowerCase());
    const refinedModels = models.items.filter((m) => m.isRefined).length;
    if (make && !model?.isRefined && !make.isRefined) makes.refine(make.value);
    if (make && model?.isRefined && make.isRefined && refinedModels === 1) makes.refine(make.value);
    models.refine(value);
  };
  return <CheckboxFacet title={FACET_TITLES.make_model as string} items={shown} onRefine={refine} />;
}

function MakeFacetContainer() {
  const tenant = useTenant();
  const makes = useRefinementList({ attribute: 'make', limit: 200 });
  const models = useRefinementList({ attribute: 'make_model', limit: 1000 });
  const toCard = (item: FacetItem): MakeCardItem => ({
    ...item,
    logoUrl: `/images/brands/${toSlug(item.value)}.webp?w=160`,
    models: modelsOfMake(item.value, models.items, tenant.search.modelSubListLimit),
  });
  const { popular, all } = groupMakes(makes.items, tenant.search.popularMakesCount);
  const refineMake = (value: string) => {
    const wasRefined = makes.items.find((m) => m.value === value)?.isRefined;
    if (wasRefined) {
      // Unticking a make also drops its models, so the URL loses the model segment too.
      for (const model of models.items) if (model.isRefined && model.value.startsWith(`${value} `)) models.refine(model.value);
    }
    makes.refine(value);
  };
  const refineModel = (make: string, value: string) => {
    const model = models.items.find((m) => m.value === value);
    const makeItem = makes.items.find((m) => m.value === make);
    if (!model?.isRefined && makeItem && !makeItem.isRefined) makes.refine(make);
    models.refine(value);
  };
  return (
    <MakeFacet
      title={FACET_TITLES.make as string}
      collapsed={popular.slice(0, tenant.search.makeListCount).map(toCard)}
      popular={popular.map(toCard)}
      all={all.map(toCard)}
      onRefineMake={refineMake}
      onRefineModel={refineModel}
    />
  );
}

function RangeFacetContainer({ attribute, stats }: { attribute: SliderAttribute; stats: { min: number; max: number } | undefined }) {
  const tenant = useTenant();
  const bounds = sliderBounds(attribute, stats, tenant.search.sliders);
  // No min/max here: InstantSearch would apply them as a refinement. Bounds come from the
  // whole-stock stats (route loader) so the slider keeps its full range while refined.
  const { start, refine } = useRange({ attribute });
  const low = Number.isFinite(start[0]) ? (start[0] as number) : bounds.min;
  const high = Number.isFinite(start[1]) ? (start[1] as number) : bounds.max;
  return (
    <RangeFacet
      title={FACET_TITLES[attribute] ?? attribute}
      attribute={attribute}
      bounds={bounds}
      value={[low, high]}
      rounding={tenant.search.sliders.rounding}
      debounceMs={tenant.search.sliders.debounceMs}
      format={(value) => formatSliderValue(attribute, value)}
      onRefine={(next) => {
        const refinement = sliderRefinement(next, bounds);
        const problem = rangeRefinementError(refinement, bounds);
        if (problem) {
          console.warn(problem);
          return;
        }
        refine([refinement.min, refinement.max]);
      }}
    />
  );
}

const CurrentRefinements = memo(function CurrentRefinements() {
  const tenant = useTenant();
  const router = useRouter();
  const { items, refine } = useCurrentRefinements();
  const chips = items.flatMap((item) =>
    item.refinements.map((refinement) => {
      let label = facetLabel(tenant, item.attribute, String(refinement.value));
      if (item.attribute === 'certified') label = String(refinement.value) === 'true' ? 'Certified' : 'Not certified';
      if (refinement.type === 'numeric') {
        const sign = refinement.operator === '>=' ? 'From' : 'Up to';
        label = `${FACET_TITLES[item.attribute] ?? item.attribute}: ${sign} ${formatSliderValue(item.attribute, Number(refinement.value))}`;
      }
      return { key: `${item.attribute}:${refinement.operator ?? ''}${String(refinement.value)}`, label, refinement };
    }),
  );
  if (chips.length === 0) return null;
  return (
    <div className={styles.chipsBar}>
      <ul className={styles.refinements} aria-label="Applied filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className={styles.refinementChip} onClick={() => refine(chip.refinement)} aria-label={`Remove filter ${chip.label}`}>
              {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.linkButton} onClick={() => router.history.push(tenant.routes.defaultSearchPath)}>
        Clear Filters
      </button>
    </div>
  );
});

/** No results: the short enquiry (spec §3), its hidden field naming the search that found nothing. */
function NoResultsEnquiry() {
  const tenant = useTenant();
  const href = useRouterState({ select: (state) => state.location.href });
  const noun = nounOf(tenant);
  return (
    <div className={styles.emptyEnquiry}>
      <Suspense fallback={null}>
        <ShortEnquiryForm
          title="Can't find what you're after?"
          intro={`Leave your details and our team will let you know when a ${noun} like this arrives.`}
          context={`Search with no results: ${href}`}
        />
      </Suspense>
    </div>
  );
}

function imageUrl(tenant: ResolvedTenant, url: string | null, width: number): string | null {
  return cdnImageUrl(tenant.api.imageCdnBaseUrl, url, width, tenant.limits.imageQuality);
}

/*
 * The page's parts are memoised: InstantSearch re-renders the layout whenever its state moves
 * (when it starts after hydration, too), and each part re-renders only when its own widget's
 * state or its props change, not all 21 cards and every facet each time.
 */
/** Where the call-to-action card leads: the enquiry page. */
const CTA_CARD_HREF = '/enquire';

const Results = memo(function Results({ nowSeconds, promoDraw, status }: { nowSeconds: number; promoDraw: number; status: ReturnType<typeof useInstantSearch>['status'] }) {
  const tenant = useTenant();
  const router = useRouter();
  const WatchlistControl = useWatchlistControl();
  const onWatchlistSaved = useCallback((carId: number) => trackEvent(ANALYTICS_EVENTS.watchlistSave, { car_id: carId }), []);
  const { items, results } = useHits<CarHit>();
  const { currentRefinement, nbPages, pages, refine, createURL } = usePagination({ padding: 2 });
  const leadsToPage = useLeadsToPage();
  const [mode] = usePriceMode();
  const favourites = useFavourites();
  const compare = useCompareList();
  // The loader's draw, not a new one: the server and the hydrating render must agree.
  const [positions] = useState(() => promoPositions(tenant.search.promoCardPosition, () => promoDraw));
  // The just-arrived tag and the promotion windows compare against the time the page was
  // loaded (the server's clock on a server-rendered page, so the browser's render agrees).

  // Before the first answer InstantSearch hands out an empty placeholder result: while a search
  // is under way, no results yet is not "no results".
  if (!results || (results.nbHits === 0 && status !== 'idle' && status !== 'error')) return <div className={styles.grid} aria-hidden="true" />;
  if (items.length === 0) {
    return (
      <div className={styles.empty} data-testid="empty-state">
        <h2>{tenant.labels.noResultsHeading}</h2>
        <p>{tenant.labels.noResults}</p>
        <button type="button" className="btn btn--primary" onClick={() => router.history.push(tenant.routes.defaultSearchPath)}>
          Clear Filters
        </button>
        <NoResultsEnquiry />
      </div>
    );
  }

  // Promotions and the promo card are extra cells around the page's cars (hitsPerPage counts
  // cars only), placed after sold runs collapse (domain search-promotions.ts).
  const refinedCarTypes = results
    .getRefinements()
    .filter((refinement) => refinement.attributeName === 'car_type')
    .map((refinement) => String(refinement.name));
  const cells = mergeSearchResults(collapseSoldRuns(items), {
    promoCardPositions: __FEATURE_SELL_YOUR_CAR__ ? positions : [],
    promotions: tenant.promotions,
    now: new Date(nowSeconds * 1000),
    timeZone: tenant.timeZone,
    carTypes: searchCarTypes(refinedCarTypes, { usedOnly: tenant.stockFilter.usedOnly }),
  });
  const carTypeLabels = { new: carTypeLabel(tenant, 'new'), demo: carTypeLabel(tenant, 'demo'), used: carTypeLabel(tenant, 'used') };

  const cards: ReactNode[] = cells.map((cell, index) => {
    if (cell.kind === 'promotion') {
      return (
        <li key={`promotion-${cell.promotion.id}`} className={styles.cell}>
          <PromotionCard promotion={cell.promotion} carTypeLabels={carTypeLabels} eager={index === 0} />
        </li>
      );
    }
    if (cell.kind === 'promo-card') {
      return (
        <li key={`promo-${cell.index}`} className={styles.cell}>
          <PromoCard heading={tenant.labels.promoCardHeading} lines={tenant.labels.promoCardLines} cta={tenant.labels.getYourValuation} href="/sell-your-car" />
        </li>
      );
    }
    const entry = cell.entry;
    const car = entry.car;
    const available = isAvailable(car);
    const title = vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
    const href = `/cars/${car.slug}`;
    const price = priceDisplay(car, {
      mode: __FEATURE_PRICE_DISPLAY_TOGGLE__ ? mode : 'cash',
      subscriptionLayout: __FEATURE_SUBSCRIPTION_LAYOUT__,
      noPrice: tenant.labels.noPrice,
      preorder: tenant.labels.preorder,
      enquireForFinance: tenant.labels.enquireForFinance,
    });
    const quote = car.youxQuote;
    const financeLine =
      available && __FEATURE_FINANCE_SUMMARY__ && quote && quote.weeklyRepaymentAmount > 25
        ? `${tenant.labels.getFinance}: ${formatMoney(quote.weeklyRepaymentAmount)}/week at ${quote.advertisedRate.toFixed(2)}% p.a. (comparison ${quote.comparisonRate.toFixed(2)}% p.a.)`
        : null;
    const chips = [
      carTypeLabel(tenant, car.car_type),
      tenant.search.itemType === 'caravan' ? null : `${formatNumber(car.km)} km`,
      car.simple_transmission,
      car.simple_fuel,
      car.simple_body,
    ].filter((chip): chip is string => Boolean(chip));
    const actions: CardAction[] = [];
    if (available) {
      actions.push({ label: 'View Details', href, primary: true });
      actions.push({ label: 'Enquire', href: `${href}#enquiry-form` });
      if (__FEATURE_TEST_DRIVE__) actions.push({ label: 'Book a Test Drive', href: `/book-test-drive/?car_id=${car.id}` });
      if (__FEATURE_FINANCE_ENQUIRY__) actions.push({ label: 'Get Finance', href: financeLink(tenant.routes.financePath, car) });
      if (canReserve(car, { features: { reserveButton: __FEATURE_RESERVE_BUTTON__ } })) actions.push({ label: tenant.labels.reserveNow, href: `${href}/${tenant.routes.checkoutPathVariant}` });
      // The journey page exists only where online purchase is on: no link to a 404.
      if (__FEATURE_BUY_ONLINE__ && __FEATURE_ONLINE_PURCHASE__ && isPurchasable(car)) actions.push({ label: tenant.labels.buyOnline, href: `/checkout-journey?car_id=${car.id}` });
    } else {
      actions.push({ label: 'Find Me Something Similar', href: `${href}?enquiry=similar#enquiry-form`, primary: true });
      actions.push({ label: 'View Details', href });
    }
    const toggles: CardToggle[] = [];
    if (__FEATURE_FAVOURITES_MECHANISM__ === 'favourites') {
      const saved = favourites.isFavourite(car.id);
      const label = saved ? tenant.labels.saved : tenant.labels.save;
      toggles.push({ label, ariaLabel: `${label}: ${title}`, icon: 'heart', pressed: saved, onToggle: () => favourites.toggle({ ...car, title }) });
    }
    // Watchlist tenants: the control of the watchlist feature (saves for signed-in users with a
    // phone, sends others to sign-in, hides itself on sold cars that are not saved).
    const watchlistControl =
      __FEATURE_FAVOURITES_MECHANISM__ === 'watchlist' && WatchlistControl ? (
        <WatchlistControl car={{ id: car.id, title, available }} className={styles.toggle} onSaved={onWatchlistSaved} />
      ) : null;
    if (__FEATURE_COMPARE__) {
      const inCompare = compare.inCompare(car.id);
      toggles.push({ label: tenant.labels.compare, ariaLabel: `${tenant.labels.compare}: ${title}`, pressed: inCompare, onToggle: () => compare.toggle({ ...car, title }) });
    }
    const tag = carTag(car as Parameters<typeof carTag>[0], tenant.labels, nowSeconds, tenant.search.justArrivedDays);
    const src = imageUrl(tenant, car.primary_image_url, 640);
    const srcSet = car.primary_image_url
      ? [320, 480, 640, 768].map((w) => `${imageUrl(tenant, car.primary_image_url, w)} ${w}w`).join(', ')
      : null;
    return (
      <li key={car.objectID} className={styles.cell}>
        <CarCard
          car={car}
          title={title}
          href={href}
          imageSrc={src}
          imageSrcSet={srcSet}
          eager={index === 0}
          location={tenant.dealer.overrideCity ?? car.location_name}
          chips={chips}
          price={price}
          financeLine={financeLine}
          tag={tag}
          viewCount={__FEATURE_VIEW_COUNTS__ ? car.views : null}
          available={available}
          actions={actions}
          toggles={toggles}
          watchlistControl={watchlistControl}
          collapsedSold={entry.collapsed}
          soldLabel={tenant.labels.justSold}
        />
      </li>
    );
  });

  // The call-to-action card follows the tenant's number of cars, counted across pages (spec §9).
  const ctaAfter = ctaCardSlot(tenant.search.ctaCardPosition, currentRefinement, tenant.search.pageSize, cells.filter((cell) => cell.kind === 'car').length);
  if (ctaAfter !== null && leadsToPage(CTA_CARD_HREF)) {
    let carsSeen = 0;
    const at = cells.findIndex((cell) => cell.kind === 'car' && ++carsSeen === ctaAfter) + 1;
    cards.splice(
      at,
      0,
      <li key="cta-card" className={styles.cell}>
        <PromoCard heading={tenant.labels.ctaCardHeading} lines={tenant.labels.ctaCardLines} cta={tenant.labels.enquiryFormTitle} href={CTA_CARD_HREF} testId="cta-card" />
      </li>,
    );
  }

  return (
    <>
      <ul className={styles.grid} data-testid="results">
        {cards}
      </ul>
      <PaginationNav
        pages={pages}
        current={currentRefinement}
        last={nbPages - 1}
        href={(page) => createURL(page)}
        onPage={(page) => {
          refine(page);
          document.getElementById('search-top')?.scrollIntoView({ block: 'start' });
        }}
      />
    </>
  );
});

function SearchHistoryList() {
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

function HistoryRecorder() {
  const tenant = useTenant();
  const { items } = useCurrentRefinements();
  const { indexUiState } = useInstantSearch();
  const [history, setHistory] = useDeviceValue(deviceKey(tenant.slug, 'search-history'), (raw) => parseSearchHistory(raw, tenant.search.searchHistoryLength));
  const labels = items.flatMap((item) =>
    item.refinements.map((r) => (r.type === 'numeric' ? `${FACET_TITLES[item.attribute] ?? item.attribute} ${r.operator} ${String(r.value)}` : facetLabel(tenant, item.attribute, String(r.value)))),
  );
  if (indexUiState.query) labels.unshift(`"${indexUiState.query}"`);
  const key = labels.join('|');
  const limit = tenant.search.searchHistoryLength;
  useEffect(() => {
    if (key === '') return;
    const path = `${window.location.pathname}${window.location.search}`;
    if (history[0]?.path === path) return;
    const entry: SearchHistoryEntry = { path, refinements: key.split('|'), at: Date.now() };
    setHistory(addSearchHistory(history, entry, limit));
  }, [key, history, setHistory, limit]);
  return null;
}
