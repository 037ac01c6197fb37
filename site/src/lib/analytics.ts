import { ANALYTICS_EVENT_NAMES } from '../domain/analytics-events.ts';
import { consentModeState, hasAnalyticsTags, type AnalyticsIds, type ConsentChoice } from '../domain/consent.ts';
import type { WebVital } from './web-vitals-report.ts';

/*
 * The one analytics module (spec §7 event ids and names in site/src/domain/analytics-events.ts).
 * Every event is one entry in the `dataLayer`, kept from the page's start so a tag loaded after
 * the shopper agrees still sees what happened before: a tag manager's custom event
 * (`{ event: name, …params }`) or, on a site that loads GA4 directly, the `gtag('event', name,
 * params)` command GA4 reads (GA4's own script ignores plain objects). The Meta pixel, once
 * loaded, gets the event too. Before consent nothing leaves the device: Google Consent Mode v2
 * starts with every signal denied, and no tag script is loaded until the shopper agrees
 * (analytics-tags.ts, loaded then). A failure is logged as a warning and ignored (spec §8).
 */

type AnalyticsWindow = {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
};

let ids: AnalyticsIds | undefined;
let consent: ConsentChoice | null = null;
let tagsRequested = false;

function analyticsWindow(): AnalyticsWindow | null {
  return typeof window === 'undefined' ? null : (window as unknown as AnalyticsWindow);
}

/** The gtag command function: queues its arguments in the dataLayer, as Google's snippet does. */
function gtagOf(target: AnalyticsWindow): (...args: unknown[]) => void {
  if (!target.gtag) {
    target.gtag = function gtag() {
      target.dataLayer = target.dataLayer ?? [];
      // Google's tags read the `arguments` object itself (an array is not a command).
      // oxlint-disable-next-line prefer-rest-params
      target.dataLayer.push(arguments);
    };
  }
  return target.gtag;
}

/**
 * Sets the site's analytics ids; called once as the app starts, before any event. A site with
 * ids gets the Consent Mode v2 default (every signal denied) as its first dataLayer entry.
 * @param next the tenant's `analytics`
 */
export function configureAnalytics(next: AnalyticsIds | undefined) {
  const target = analyticsWindow();
  ids = next;
  if (!target || !hasAnalyticsTags(next)) return;
  target.dataLayer = target.dataLayer ?? [];
  gtagOf(target)('consent', 'default', consentModeState(null));
}

function send(name: string, params: Record<string, unknown>) {
  const target = analyticsWindow();
  if (!target) return;
  try {
    target.dataLayer = target.dataLayer ?? [];
    if (ids?.googleAnalyticsId) gtagOf(target)('event', name, params);
    else target.dataLayer.push({ event: name, ...params });
    if (consent === 'granted') target.fbq?.('trackCustom', name, params);
  } catch (error) {
    console.warn('Analytics event failed', error);
  }
}

/**
 * Sends one spec §7 analytics event.
 * @param id the spec §7 event id
 * @param detail extra parameters (car id, category…)
 */
export function trackEvent(id: number, detail: Record<string, unknown> = {}) {
  send(ANALYTICS_EVENT_NAMES[id] ?? `event_${id}`, { event_id: id, ...detail });
}

/**
 * Sends a Core Web Vitals measurement of this page as an event named after it (LCP, INP, CLS),
 * as Google's web-vitals guide sends them to GA4.
 * @param metric the measurement
 */
export function trackWebVital(metric: WebVital) {
  send(metric.name, {
    value: metric.delta,
    metric_id: metric.id,
    metric_value: metric.value,
    metric_delta: metric.delta,
    metric_rating: metric.rating,
  });
}

/**
 * Applies the shopper's choice: tells Google's tags (Consent Mode v2 update) and the Meta pixel,
 * and on the first agreement loads the site's tags and the Core Web Vitals measurement — after
 * the app has started, never before the first paint or hydration.
 * @param choice granted or denied
 */
export function applyConsent(choice: ConsentChoice) {
  const target = analyticsWindow();
  if (!target || !hasAnalyticsTags(ids) || consent === choice) return;
  consent = choice;
  gtagOf(target)('consent', 'update', consentModeState(choice));
  target.fbq?.('consent', choice === 'granted' ? 'grant' : 'revoke');
  if (choice !== 'granted' || tagsRequested || !ids) return;
  tagsRequested = true;
  const loaded = ids;
  import('./analytics-tags.ts').then((tags) => tags.loadAnalyticsTags(loaded)).catch((error: unknown) => console.warn('Analytics tags failed to load', error));
  import('./web-vitals-report.ts')
    .then((vitals) => {
      vitals.reportWebVitals(trackWebVital);
      // Browser tests wait for this before they leave the page.
      (window as { fcWebVitals?: boolean }).fcWebVitals = true;
    })
    .catch((error: unknown) => console.warn('Web vitals failed to load', error));
}
