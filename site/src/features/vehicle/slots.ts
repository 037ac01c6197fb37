import type { ComponentType, ReactNode } from 'react';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { CtaLink } from '../../domain/vehicle-offer.ts';
import type { Car } from '../../../../schema/api/car.ts';
import type { CertifiedPreOwned } from '../../domain/certified-pre-owned.ts';
import type { FeatureTile } from '../../domain/three-feature-banner.ts';
import type { UsedCarCheck } from '../../domain/used-car-checks.ts';

/*
 * What the route plugs into the vehicle page. Each switchable part is its own feature folder
 * (so a switched-off feature is absent from the tenant's bundle, build/feature-modules.ts);
 * features never import each other, so the route composes them here (null = switched off).
 */

export interface VehicleSlots {
  FuelCalculator: ComponentType<{ consumption: number; pricePerLitre: number; kmPerWeek: number }> | null;
  Sharing: ComponentType<{ title: string; url: string }> | null;
  StickyCarHeader: ComponentType<{ title: string; priceText: string; cta: CtaLink | null; offset: number }> | null;
  MobileCtaBar: ComponentType<{ actions: CtaLink[]; styleOffset: number }> | null;
  PriceGauge: ComponentType<{ slug: string }> | null;
  SpinViewer: ComponentType<{
    title: string;
    frames: string[];
    interiorImage: string | null;
    walkaroundVideo: string | null;
    gallery: ReactNode;
    defaultView: 'spin' | 'walkaround' | 'gallery' | 'interior';
    autoRotate: boolean;
    intervalMs: number;
    hotspots: Car['hotspots'];
  }> | null;
  FinanceCalculator: ComponentType<{ tenant: ResolvedTenant; carId: number; price: number; lenderRate: number | null }> | null;
  /** Delivery cost by postcode (features.deliveryCalculator). */
  DeliveryCalculator: ComponentType<{ carId: number }> | null;
  /** The car's view count, counted once per visit in the browser (features.viewCounts). */
  ViewCount: ComponentType<{ slug: string; photosCount: number; updatedAt?: string | undefined }> | null;
  /** Favourite (SAVE / SAVED) and Compare controls of the device's lists (favourites on the device or compare). */
  SavedCarControls: ComponentType<{ car: { id: number; name: string; slug: string; make: string; model: string; primary_image_url: string | null; title: string } }> | null;
  /**
   * The watchlist's SAVE / SAVED control (features.favouritesMechanism 'watchlist', spec §4, §6): the
   * same control as the search cards', saving for signed-in shoppers with a phone, else sign-in.
   */
  WatchlistButton: ComponentType<{ car: { id: number; title: string; available: boolean }; className?: string; onSaved?: (carId: number) => void }> | null;
  /**
   * The latest blog posts (features.blog). A plain lazy component, not loaded with the page:
   * the page mounts it when it comes near the viewport, after hydration.
   */
  Blogs: ComponentType<Record<string, never>> | null;
  /** The used-car checks of a used car (features.usedCarChecks). */
  UsedCarChecks: ComponentType<{ checks: UsedCarCheck[]; reportHref: string | null; carId: number }> | null;
  /** The brand-certified pre-owned modal of a certified used car (features.certifiedPreOwnedModal). */
  CertifiedPreOwnedModal: ComponentType<{ programme: CertifiedPreOwned; warrantyHref: string | null }> | null;
  /** Latest offers, book your service online, sell your car (features.threeFeatureBanner). */
  ThreeFeatureBanner: ComponentType<{ tiles: FeatureTile[] }> | null;
  /** The enquiry form about the car (the lead forms'); null = no Enquire buttons. */
  EnquiryForm: ComponentType<{ car: Car; title: string; carSummary: boolean }> | null;
  /** The page's sections below its gallery and sidebar (vehicle-sections.tsx), every tenant's. */
  Sections: ComponentType<VehicleSectionsProps>;
}

/** What the vehicle page's sections below the gallery are given (vehicle-sections.tsx). */
export interface VehicleSectionsProps {
  car: Car;
  nowSeconds: number;
  slots: VehicleSlots;
}
