/*
 * The three-feature banner of the vehicle page (spec §2: "three-feature banner (latest offers,
 * book your service online, sell your car)", features.threeFeatureBanner): three tiles, each
 * leading to its page. A tile whose page the tenant does not have is left out (the page checks
 * with its routes); the banner goes when no tile is left.
 */

/** One tile of the banner. */
export interface FeatureTile {
  id: 'offers' | 'service' | 'sell';
  title: string;
  text: string;
  /** The link's text. */
  cta: string;
  href: string;
  /** A page on another site (the tenant's external service booking). */
  external: boolean;
}

/**
 * The banner's tiles in the spec's order: Latest Offers (/special-offers), Book Your Service
 * Online (/service#service-booking, or the tenant's external booking page), Sell Your Car
 * (/sell-your-car).
 * @param options routes.serviceBookingUrl, when the tenant books services elsewhere; labels.getYourValuation
 */
export function threeFeatureTiles(options: { serviceBookingUrl?: string | undefined; getYourValuation: string }): FeatureTile[] {
  return [
    { id: 'offers', title: 'Latest Offers', text: 'See the deals on new and used cars this month.', cta: 'View Offers', href: '/special-offers', external: false },
    options.serviceBookingUrl
      ? { id: 'service', title: 'Book Your Service Online', text: 'Pick a time that suits you, any time of day.', cta: 'Book a Service', href: options.serviceBookingUrl, external: true }
      : { id: 'service', title: 'Book Your Service Online', text: 'Pick a time that suits you, any time of day.', cta: 'Book a Service', href: '/service#service-booking', external: false },
    { id: 'sell', title: 'Sell Your Car', text: 'Get a valuation and a fair offer for your car.', cta: options.getYourValuation, href: '/sell-your-car', external: false },
  ];
}

/**
 * The tiles the banner shows: those whose page exists for the tenant; none when the tenant has
 * the banner off.
 * @param leadsToPage whether an href is a page of the tenant
 */
export function threeFeatureBanner(enabled: boolean, options: { serviceBookingUrl?: string | undefined; getYourValuation: string }, leadsToPage: (href: string) => boolean): FeatureTile[] {
  if (!enabled) return [];
  return threeFeatureTiles(options).filter((tile) => tile.external || leadsToPage(tile.href));
}
