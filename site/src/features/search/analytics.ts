/*
 * Analytics events of spec §7 fired from the search page (39: watchlist save or favourite).
 * Events go to the tag manager's dataLayer when the site loads one; a failure is logged and
 * ignored (spec §8).
 */

/** Event ids the search page fires. */
export const ANALYTICS_EVENTS = { favourite: 39 } as const;

/** Sends one analytics event. */
export function trackEvent(id: number, detail: Record<string, unknown> = {}) {
  try {
    const target = window as unknown as { dataLayer?: unknown[] };
    target.dataLayer = target.dataLayer ?? [];
    target.dataLayer.push({ event: 'forecourt_event', event_id: id, ...detail });
  } catch (error) {
    console.warn('Analytics event failed', error);
  }
}
