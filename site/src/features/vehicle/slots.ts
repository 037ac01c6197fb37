import type { ComponentType, ReactNode } from 'react';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { CtaLink } from '../../domain/vehicle-offer.ts';
import type { Car } from '../../../../schema/api/car.ts';

/*
 * What the route plugs into the vehicle page. Each switchable part is its own feature folder
 * (so a switched-off feature is absent from the tenant's bundle, build/feature-modules.ts);
 * features never import each other, so the route composes them here (null = switched off).
 */

export interface VehicleSlots {
  FuelCalculator: ComponentType<{ consumption: number | null; pricePerLitre: number; kmPerWeek: number }> | null;
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
  }> | null;
  FinanceCalculator: ComponentType<{ tenant: ResolvedTenant; carId: number; price: number; lenderRate: number | null; lenderDisclaimer: string | null }> | null;
  /** Delivery cost by postcode (features.deliveryCalculator). */
  DeliveryCalculator: ComponentType<{ carId: number }> | null;
  /** The car's view count, counted once per visit in the browser (features.viewCounts). */
  ViewCount: ComponentType<{ slug: string; photosCount: number }> | null;
  /** The enquiry form about the car (the lead forms'); null = no Enquire buttons. */
  EnquiryForm: ComponentType<{ car: Car; title: string; carSummary: boolean }> | null;
}
