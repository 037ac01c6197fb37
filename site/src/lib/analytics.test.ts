import { afterEach, beforeEach, expect, test, vi } from 'vitest';

/*
 * The one analytics module: one dataLayer entry per event, in the form the tenant's tag reads;
 * Consent Mode v2's default first; the tags load only after Accept, once. Each test loads the
 * module afresh (it keeps the page's ids and choice).
 */

type Win = { dataLayer?: unknown[]; gtag?: unknown; fbq?: unknown };
const win = () => window as unknown as Win;
const plain = (entry: unknown) => (Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry);

beforeEach(() => {
  vi.resetModules();
  delete win().dataLayer;
  delete win().gtag;
  delete win().fbq;
  document.head.querySelectorAll('script[src]').forEach((s) => s.remove());
});
afterEach(() => vi.restoreAllMocks());

test('a tag manager site: Consent Mode default (all denied) first, then one { event, …params } per event', async () => {
  const analytics = await import('./analytics.ts');
  analytics.configureAnalytics({ googleTagManagerId: 'GTM-ABC1234' });
  analytics.trackEvent(25, { car_id: 7 });
  expect(win().dataLayer!.map(plain)).toEqual([
    ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }],
    { event: 'phone_click', event_id: 25, car_id: 7 },
  ]);
  // Nothing is loaded before consent.
  expect(document.head.querySelectorAll('script[src]')).toHaveLength(0);
});

test('a GA4 site: one gtag("event") command per event, the form GA4 reads', async () => {
  const analytics = await import('./analytics.ts');
  analytics.configureAnalytics({ googleAnalyticsId: 'G-ABCDEF1234' });
  analytics.trackEvent(61, { car_id: 3 });
  expect(win().dataLayer!.slice(1).map(plain)).toEqual([['event', 'print', { event_id: 61, car_id: 3 }]]);
});

test('a site without ids: events stay on the page, no consent commands, consent loads nothing', async () => {
  const analytics = await import('./analytics.ts');
  analytics.configureAnalytics(undefined);
  analytics.trackEvent(39, { car_id: 1 });
  analytics.applyConsent('granted');
  expect(win().dataLayer!.map(plain)).toEqual([{ event: 'watchlist_save', event_id: 39, car_id: 1 }]);
  expect(document.head.querySelectorAll('script[src]')).toHaveLength(0);
});

test('Decline updates Consent Mode and loads nothing; Accept updates it and adds each tag once', async () => {
  const analytics = await import('./analytics.ts');
  analytics.configureAnalytics({ googleTagManagerId: 'GTM-ABC1234', facebookPixelId: '1234567890' });
  analytics.applyConsent('denied');
  expect(document.head.querySelectorAll('script[src]')).toHaveLength(0);
  analytics.applyConsent('granted');
  analytics.applyConsent('denied');
  analytics.applyConsent('granted');
  await vi.waitFor(() => expect([...document.head.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234', 'https://connect.facebook.net/en_US/fbevents.js']), { timeout: 5_000 });
  const updates = win().dataLayer!.map(plain).filter((entry) => Array.isArray(entry) && entry[1] === 'update').map((entry) => (entry as [string, string, { analytics_storage: string }])[2].analytics_storage);
  expect(updates).toEqual(['denied', 'granted', 'denied', 'granted']);
});

test('spec §8: an analytics failure on print or the history report is a console warning, and the page goes on', async () => {
  const analytics = await import('./analytics.ts');
  analytics.configureAnalytics({ googleTagManagerId: 'GTM-ABC1234' });
  // A broken tag replaced the page's dataLayer with one that throws.
  win().dataLayer = {
    push: () => {
      throw new Error('tag crashed');
    },
  } as unknown as unknown[];
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(() => analytics.trackEvent(61, { car_id: 3 })).not.toThrow();
  expect(() => analytics.trackEvent(60, { car_id: 3 })).not.toThrow();
  expect(warn.mock.calls.map(([text]) => text)).toEqual(['Analytics event failed', 'Analytics event failed']);
  // The page's files share one window: the broken dataLayer goes with this test.
  delete win().dataLayer;
});
