import { ANALYTICS_EVENTS } from '../domain/analytics-events.ts';
import { trackEvent } from './analytics.ts';

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

interface SiteIds {
  id: number;
  dealerships: { id: number; slug: string }[];
}

let site: Promise<SiteIds | null> | null = null;

function siteIds(): Promise<SiteIds | null> {
  site ??= fetch('/api/site', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/site answered ${response.status}`);
      const body = (await response.json()) as Partial<SiteIds>;
      if (typeof body.id !== 'number' || !Array.isArray(body.dealerships)) throw new Error('GET /api/site: unexpected answer');
      return { id: body.id, dealerships: body.dealerships };
    })
    .catch((error: unknown) => {
      console.warn('Phone reveal tracking failed', error);
      site = null;
      return null;
    });
  return site;
}

async function leadTracking(context: PhoneContext) {
  const ids = await siteIds();
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
