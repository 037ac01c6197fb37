import { featureComponent, lazyPart } from '../../lib/feature-component.tsx';
import { LazyEnquiryForm } from '../../components/lead-forms/enquiry-form-lazy.ts';
import type { VehicleSlots } from '../../features/vehicle/slots.ts';

/*
 * The vehicle page's parts the browser hydrates after the rest of the page (the gallery, spin
 * viewer, price and buttons, with the parts in -vehicle-slots.ts, hydrate at once):
 * - the sections below the gallery and the sidebar (~5 KB gzip with similar cars and the map), the
 *   lead form engine and its outbox (~10 KB), the calculators (~5 KB), the used-car checks and the
 *   three-feature banner;
 * - the sidebar's price gauge (it animates once shown), certified pre-owned button, save, compare
 *   and watchlist controls, share links and view count (~5 KB), and the sticky header and phone
 *   bar, which change only as the page scrolls.
 * Their code loads as the page hydrates instead of before it.
 *
 * The server still renders them (its loader loads every part), and so does a navigation in the
 * browser. On a server-rendered page React keeps a part's HTML until its code arrives, then
 * hydrates it; the page renders them from `memo` parts with steady props (vehicle-parts.tsx
 * HydratedLater), so no update reaches an unhydrated boundary, and input made in one meanwhile is
 * held and replayed (hydration-replay.ts).
 *
 * The build bundles the parts of -vehicle-slots.ts with the page (build/chunking.ts); each part
 * here stays its own file, which is what lets it load later.
 */
export const vehicleLaterSlots = {
  Sections: featureComponent(() => import('../../features/vehicle/vehicle-sections.tsx')),
  // Every site takes enquiries: Enquire and Find Me Something Similar lead to this form.
  EnquiryForm: LazyEnquiryForm,
  FinanceCalculator: __FEATURE_FINANCE_CALCULATOR__ ? featureComponent(() => import('../../features/finance-calculator/index.tsx')) : null,
  FuelCalculator: __FEATURE_FUEL_CALCULATOR__ ? featureComponent(() => import('../../features/fuel-calculator/index.tsx')) : null,
  DeliveryCalculator: __FEATURE_DELIVERY_CALCULATOR__ ? featureComponent(() => import('../../features/delivery-calculator/index.tsx')) : null,
  UsedCarChecks: __FEATURE_USED_CAR_CHECKS__ ? featureComponent(() => import('../../features/used-car-checks/index.tsx')) : null,
  ThreeFeatureBanner: __FEATURE_THREE_FEATURE_BANNER__ ? featureComponent(() => import('../../features/three-feature-banner/index.tsx')) : null,
  PriceGauge: __FEATURE_PRICE_GAUGE__ ? featureComponent(() => import('../../features/price-gauge/index.tsx')) : null,
  SavedCarControls:
    __FEATURE_FAVOURITES_MECHANISM__ === 'favourites' || __FEATURE_COMPARE__ ? featureComponent(() => import('../../components/saved-cars/saved-car-controls.tsx')) : null,
  // Watchlist tenants: the search cards' watchlist control (the watchlist feature's).
  WatchlistButton: __FEATURE_FAVOURITES_MECHANISM__ === 'watchlist' ? featureComponent(() => import('../../features/watchlist/watchlist-button.tsx')) : null,
  Sharing: __FEATURE_SHARING__ ? featureComponent(() => import('../../features/sharing/index.tsx')) : null,
  ViewCount: __FEATURE_VIEW_COUNTS__ ? featureComponent(() => import('../../features/view-counts/index.tsx')) : null,
  CertifiedPreOwnedModal: __FEATURE_CERTIFIED_PRE_OWNED_MODAL__ ? featureComponent(() => import('../../features/certified-pre-owned-modal/index.tsx')) : null,
  StickyCarHeader: __FEATURE_STICKY_CAR_HEADER__ ? featureComponent(() => import('../../features/sticky-car-header/index.tsx')) : null,
  MobileCtaBar: __FEATURE_MOBILE_CTA_BAR__ ? featureComponent(() => import('../../features/mobile-cta-bar/index.tsx')) : null,
  // Not a featureComponent: loaded by no loader, its code loads only when the block comes near.
  Blogs: __FEATURE_BLOG__ ? lazyPart(() => import('../../features/vehicle-blogs/index.tsx')) : null,
} satisfies Partial<VehicleSlots>;
