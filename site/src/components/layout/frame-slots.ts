import type { ComponentType } from 'react';

/**
 * The switchable parts of the page frame and the home page. Features sit above components, so
 * the routes compose them (routes/-frame/frame-features.tsx) and hand them down; a tenant with
 * a feature off gets null, and the frame renders without it.
 */
export interface FrameSlots {
  /** Links to the group's other sites (features.groupSiteLinks). */
  GroupSiteLinks?: ComponentType<{ placement: 'top-bar' | 'footer' | 'home' }> | null;
  /** The accepted payment methods (features.paymentLogos). */
  PaymentLogos?: ComponentType | null;
}

/** The home page's switchable sections, by their place on the page. */
export type HomeSections = ComponentType<{ placement: 'after-hero' | 'middle' | 'end'; now: Date }>;
