import { memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useHits, useInstantSearch, usePagination } from 'react-instantsearch';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ShortEnquiryForm } from './short-enquiry-slot.ts';
import { cdnImageUrl } from '../../domain/image-url.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { promoPositions } from '../../domain/promo-positions.ts';
import { ctaCardSlot } from '../../domain/cta-card.ts';
import { mergeSearchResults, searchCarTypes } from '../../domain/search-promotions.ts';
import { collapseSoldRuns } from '../../domain/sold-runs.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import { useCompareList, useFavourites } from '../../components/saved-cars/use-saved-cars.ts';
import { CarCard, PromoCard, type CardToggle, type CarHit } from './car-card.tsx';
import { carCard } from '../../domain/car-card.ts';
import { CARD_FEATURES } from '../../components/car-card/card-features.ts';
import { PaginationNav } from './facets.tsx';
import { useWatchlistControl } from './watchlist-slot.tsx';
import { PromotionCard } from './promotion-card.tsx';
import styles from './search.module.css';
import { nounOf } from './search-words.ts';
import { usePriceMode } from './search-box.tsx';
import { conditionLabel } from '../../domain/vehicle-facts.ts';
import { listsNoStock, STOCK_BEING_UPDATED } from '../../domain/empty-stock.ts';

/*
 * The search results: each car's card from the domain card model (carCard), with the
 * promotions, the promo card and the call-to-action card placed among them.
 */

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

/** The page's cards: cars, promotions, the promo and call-to-action cards, and the pages. */
export const Results = memo(function Results({ nowSeconds, promoDraw, status }: { nowSeconds: number; promoDraw: number; status: ReturnType<typeof useInstantSearch>['status'] }) {
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
    if (listsNoStock({ nbHits: results.nbHits, query: results.query ?? '', refinements: results.getRefinements().map((r) => ({ attribute: r.attributeName, value: String(r.name) })), usedOnly: tenant.stockFilter.usedOnly })) {
      return (
        <div className={styles.empty} data-testid="empty-state">
          <h2>{STOCK_BEING_UPDATED}</h2>
          <p>{`Please check back soon, or leave your details and we'll let you know when a ${nounOf(tenant)} arrives.`}</p>
          <NoResultsEnquiry />
        </div>
      );
    }
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
  const carTypeLabels = { new: conditionLabel(tenant.labels, 'new'), demo: conditionLabel(tenant.labels, 'demo'), used: conditionLabel(tenant.labels, 'used') };

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
    const card = carCard(car, tenant, nowSeconds, { features: CARD_FEATURES, priceMode: __FEATURE_PRICE_DISPLAY_TOGGLE__ ? mode : 'cash' });
    const { title, available } = card;
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
    const src = imageUrl(tenant, car.primary_image_url, tenant.limits.imageWidth);
    const srcSet = car.primary_image_url
      ? [320, 480, 640, 768].map((w) => `${imageUrl(tenant, car.primary_image_url, w)} ${w}w`).join(', ')
      : null;
    return (
      <li key={car.objectID} className={styles.cell}>
        <CarCard
          car={car}
          card={card}
          imageSrc={src}
          imageSrcSet={srcSet}
          eager={index === 0}
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
