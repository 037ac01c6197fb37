import type { Page, Request } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

/** One analytics event as the page put it in its dataLayer. */
export interface SentEvent {
  name: string;
  params: Record<string, unknown>;
}

/**
 * The events in the page's dataLayer, in order, whichever form the site uses: a tag manager's
 * custom event (`{ event, …params }`) or GA4's `gtag('event', name, params)` command (an
 * `arguments` object). The tag manager's own entries (`gtm.js`…) and consent commands are left out.
 */
export function analyticsEvents(page: Page): Promise<SentEvent[]> {
  return page.evaluate(() => {
    const entries = (window as { dataLayer?: unknown[] }).dataLayer ?? [];
    const events: { name: string; params: Record<string, unknown> }[] = [];
    for (const entry of entries) {
      if (Object.prototype.toString.call(entry) === '[object Arguments]') {
        const args = Array.from(entry as ArrayLike<unknown>);
        if (args[0] === 'event' && typeof args[1] === 'string') events.push({ name: args[1], params: { ...(args[2] as Record<string, unknown>) } });
      } else if (entry && typeof entry === 'object' && typeof (entry as { event?: unknown }).event === 'string') {
        const { event, ...params } = entry as { event: string };
        if (!event.startsWith('gtm.')) events.push({ name: event, params });
      }
    }
    return events;
  });
}

/** The page's events with a spec §7 id. */
export async function eventsWithId(page: Page, id: number): Promise<SentEvent[]> {
  return (await analyticsEvents(page)).filter((event) => event.params.event_id === id);
}

/** The Consent Mode commands of the page's dataLayer: `['default' | 'update', state]`. */
export function consentCommands(page: Page): Promise<[string, Record<string, string>][]> {
  return page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'consent')
      .map((args) => [args[1], args[2]] as [string, Record<string, string>]),
  );
}

/** Hosts of every analytics tag the product knows (Google Tag Manager, GA4, the Meta pixel). */
export const TAG_HOST = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)\//;

/** Whether a tenant has analytics ids (and so a cookie banner). */
export function hasTags(tenant: ResolvedTenant): boolean {
  const ids = tenant.analytics;
  return Boolean(ids?.googleTagManagerId || ids?.googleAnalyticsId || ids?.facebookPixelId);
}

/**
 * Answers every request to a tag host here (there is no internet) with an empty script, and
 * records it: which tag scripts the page asked for, and when.
 */
export async function interceptTags(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(TAG_HOST, async (route) => {
    requests.push(route.request());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stand-in for the tag */' });
  });
  return requests;
}
