import { lazy } from 'react';
import { featureComponent } from '../../app/feature-component.tsx';
import type { VehicleSlots } from '../../features/vehicle/slots.ts';
import { LazyEnquiryForm } from '../../components/lead-forms/enquiry-form-lazy.ts';

// The page's switchable parts, each only in bundles of tenants that have it on.
export const vehicleSlots: VehicleSlots = {
  FuelCalculator: __FEATURE_FUEL_CALCULATOR__ ? featureComponent(() => import('../../features/fuel-calculator/index.tsx')) : null,
  Sharing: __FEATURE_SHARING__ ? featureComponent(() => import('../../features/sharing/index.tsx')) : null,
  StickyCarHeader: __FEATURE_STICKY_CAR_HEADER__ ? featureComponent(() => import('../../features/sticky-car-header/index.tsx')) : null,
  MobileCtaBar: __FEATURE_MOBILE_CTA_BAR__ ? featureComponent(() => import('../../features/mobile-cta-bar/index.tsx')) : null,
  SpinViewer: __FEATURE_SPIN_VIEWER__ ? featureComponent(() => import('../../features/spin-viewer/index.tsx')) : null,
  PriceGauge: __FEATURE_PRICE_GAUGE__ ? featureComponent(() => import('../../features/price-gauge/index.tsx')) : null,
  // Every site takes enquiries: Enquire and Find Me Something Similar lead to this form.
  EnquiryForm: LazyEnquiryForm,
  FinanceCalculator: __FEATURE_FINANCE_CALCULATOR__ ? featureComponent(() => import('../../features/finance-calculator/index.tsx')) : null,
  DeliveryCalculator: __FEATURE_DELIVERY_CALCULATOR__ ? featureComponent(() => import('../../features/delivery-calculator/index.tsx')) : null,
  SavedCarControls:
    __FEATURE_FAVOURITES_MECHANISM__ === 'favourites' || __FEATURE_COMPARE__ ? featureComponent(() => import('../../components/saved-cars/saved-car-controls.tsx')) : null,
  // Watchlist tenants: the search cards' watchlist control (the watchlist feature's).
  WatchlistButton: __FEATURE_FAVOURITES_MECHANISM__ === 'watchlist' ? featureComponent(() => import('../../features/watchlist/watchlist-button.tsx')) : null,
  // Not a featureComponent: loadVehicleSlots skips it, so its code loads only when the block comes near.
  Blogs: __FEATURE_BLOG__ ? lazy(() => import('../../features/vehicle-blogs/index.tsx')) : null,
  ViewCount: __FEATURE_VIEW_COUNTS__ ? featureComponent(() => import('../../features/view-counts/index.tsx')) : null,
  UsedCarChecks: __FEATURE_USED_CAR_CHECKS__ ? featureComponent(() => import('../../features/used-car-checks/index.tsx')) : null,
  CertifiedPreOwnedModal: __FEATURE_CERTIFIED_PRE_OWNED_MODAL__ ? featureComponent(() => import('../../features/certified-pre-owned-modal/index.tsx')) : null,
  ThreeFeatureBanner: __FEATURE_THREE_FEATURE_BANNER__ ? featureComponent(() => import('../../features/three-feature-banner/index.tsx')) : null,
};

/**
 * Parts the browser hydrates after the rest of the page: below the fold, their code (the lead
 * form engine and its outbox ~10 KB gzip, the calculators ~5 KB) loads as the page hydrates
 * instead of before it. The server's HTML stands meanwhile (React hydrates the part's Suspense
 * boundary when its code arrives; VehiclePage renders them from `memo` parts with steady props,
 * so no update reaches the boundary first), and input made in it meanwhile is held and replayed
 * (hydration-replay.ts).
 */
export const HYDRATED_LATER: readonly (keyof VehicleSlots)[] = ['EnquiryForm', 'FinanceCalculator', 'FuelCalculator', 'DeliveryCalculator'];

/**
 * Loads the switched-on parts, so the server renders them (and the browser hydrates them) without
 * a fallback; `beforeHydration` leaves out the parts hydrated later.
 */
export function loadVehicleSlots({ beforeHydration = false }: { beforeHydration?: boolean } = {}): Promise<unknown[]> {
  return Promise.all(
    Object.entries(vehicleSlots).map(([name, slot]) =>
      slot && 'load' in slot && !(beforeHydration && HYDRATED_LATER.includes(name as keyof VehicleSlots)) ? (slot.load as () => Promise<unknown>)() : null,
    ),
  );
}
