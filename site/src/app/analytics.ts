/*
 * The one analytics module (spec §7 event ids in site/src/domain/analytics-events.ts). An event
 * goes to every provider the tenant loads: the tag manager's dataLayer (always kept, so a tag
 * manager loaded later still sees it), GA4's gtag and the Meta pixel when present. A failure
 * is logged as a warning and ignored (spec §8).
 */

type AnalyticsWindow = {
  dataLayer?: unknown[];
  gtag?: (command: 'event', name: string, params: Record<string, unknown>) => void;
  fbq?: (command: 'trackCustom', name: string, params: Record<string, unknown>) => void;
};

/**
 * Sends one analytics event.
 * @param id the spec §7 event id
 * @param detail extra parameters (car id, category…)
 */
export function trackEvent(id: number, detail: Record<string, unknown> = {}) {
  if (typeof window === 'undefined') return;
  const target = window as unknown as AnalyticsWindow;
  const params = { event_id: id, ...detail };
  try {
    target.dataLayer = target.dataLayer ?? [];
    target.dataLayer.push({ event: 'forecourt_event', ...params });
    target.gtag?.('event', `forecourt_${id}`, params);
    target.fbq?.('trackCustom', `forecourt_${id}`, params);
  } catch (error) {
    console.warn('Analytics event failed', error);
  }
}
