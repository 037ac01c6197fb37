import { ANALYTICS_EVENTS } from '../domain/analytics-events.ts';
import { trackEvent } from './analytics.ts';
import { siteIds, type SiteIds } from './site-ids.ts';

/*
 * A shopper revealing or tapping a dealer's phone number, anywhere on the site (header, car
 * page, location pages, footer): analytics event 25 and the lead-tracking call of spec §7
 * (POST /api/leads/phone-reveal with car_id, dealership_id and website_id). The site and its
 * dealerships' ids come from GET /api/site, asked once per page and only when a number is first
 * used. A failure of the tracking call is logged and nothing else (spec §8).
 */

/** Which number the shopper used. */
export interface PhoneContext {
  /** The car the number was shown for (car page). */
  carId?: number | undefined;
  /** The dealership's id, when the page has it (a car's dealership_id, a location's). */
  dealershipId?: number | undefined;
  /** The dealership's slug, when the page has no id (the tenant's own locations). */
  dealershipSlug?: string | undefined;
  /** Where on the page: 'header', 'vehicle', 'location', 'footer'… */
  placement: string;
}

function knownSiteIds(): Promise<SiteIds | null> {
  return siteIds().catch((error: unknown) => {
    console.warn('Phone reveal tracking failed', error);
    return null;
  });
}

async function leadTracking(context: PhoneContext) {
  const ids = await knownSiteIds();
  const dealershipId = context.dealershipId ?? ids?.dealerships.find((d) => d.slug === context.dealershipSlug)?.id;
  const response = await fetch('/api/leads/phone-reveal', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      car_id: context.carId,
      dealership_id: dealershipId,
      website_id: ids?.id,
    }),
  });
  if (!response.ok) throw new Error(`POST /api/leads/phone-reveal answered ${response.status}`);
}

/**
 * Records a phone number revealed or tapped: event 25 and the lead-tracking call.
 * @param action 'reveal' (the number shown) or 'call' (the number tapped)
 * @param context the car, dealership and place
 */
export function trackPhoneContact(action: 'reveal' | 'call', context: PhoneContext) {
  trackEvent(ANALYTICS_EVENTS.phoneClick, {
    action,
    placement: context.placement,
    ...(context.carId === undefined ? {} : { car_id: context.carId }),
  });
  leadTracking(context).catch((error: unknown) => console.warn('Phone reveal tracking failed', error));
}
