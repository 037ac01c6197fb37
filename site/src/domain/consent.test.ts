import { expect, test } from 'vitest';
import { analyticsTags, companiesText, consentModeState, hasAnalyticsTags, storedConsentChoice } from './consent.ts';

const DAY = 24 * 60 * 60 * 1000;

test('Consent Mode v2 defaults: all four signals denied before a choice; all granted on accept', () => {
  expect(consentModeState(null)).toEqual({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
  expect(consentModeState('denied')).toEqual({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
  expect(consentModeState('granted')).toEqual({ ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' });
});

test('a site without ids has no tags, no hosts and no banner', () => {
  for (const ids of [undefined, {}]) {
    expect(hasAnalyticsTags(ids)).toBe(false);
    expect(analyticsTags(ids)).toEqual({ scripts: [], scriptHosts: [], connectHosts: [], imgHosts: [], companies: [] });
  }
});

test('each id loads its own tag, from its own hosts only', () => {
  const gtm = analyticsTags({ googleTagManagerId: 'GTM-HMG4821' });
  expect(gtm.scripts).toEqual([{ provider: 'tag-manager', src: 'https://www.googletagmanager.com/gtm.js?id=GTM-HMG4821' }]);
  expect(gtm.scriptHosts).toEqual(['https://www.googletagmanager.com']);
  expect(gtm.companies).toEqual(['Google']);

  const ga4 = analyticsTags({ googleAnalyticsId: 'G-RRK7429XQ1' });
  expect(ga4.scripts).toEqual([{ provider: 'google-analytics', src: 'https://www.googletagmanager.com/gtag/js?id=G-RRK7429XQ1' }]);
  expect(ga4.connectHosts).toEqual(['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']);
  expect(ga4.scriptHosts).not.toContain('https://connect.facebook.net');

  const both = analyticsTags({ googleTagManagerId: 'GTM-BLS9035', facebookPixelId: '104455667788990' });
  expect(both.scripts.map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-BLS9035', 'https://connect.facebook.net/en_US/fbevents.js']);
  expect(both.scriptHosts).toEqual(['https://www.googletagmanager.com', 'https://connect.facebook.net']);
  expect(both.imgHosts).toEqual(['https://www.googletagmanager.com', 'https://www.facebook.com']);
  expect(companiesText(both.companies)).toBe('Google and Meta');
  expect(companiesText(['Google'])).toBe('Google');
});

test('the choice on the device holds for 365 days, then the banner asks again', () => {
  const at = Date.UTC(2026, 0, 1);
  expect(storedConsentChoice({ choice: 'granted', at }, at + 365 * DAY)).toBe('granted');
  expect(storedConsentChoice({ choice: 'denied', at }, at + 10 * DAY)).toBe('denied');
  expect(storedConsentChoice({ choice: 'granted', at }, at + 366 * DAY)).toBeNull();
});

test('nothing stored, or something malformed, counts as no choice', () => {
  const now = Date.UTC(2026, 5, 1);
  for (const raw of [
    null,
    'granted',
    42,
    {},
    { choice: 'yes', at: now },
    { choice: 'granted' },
    { choice: 'granted', at: 'today' },
    { choice: 'granted', at: Number.NaN },
  ]) {
    expect(storedConsentChoice(raw, now)).toBeNull();
  }
});
