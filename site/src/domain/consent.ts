/*
 * Analytics consent: which tags a site loads, the hosts they come from, and the shopper's choice.
 * One place for the browser (which loads the tags after the shopper agrees) and the server
 * (whose Content-Security-Policy allows exactly these hosts, only for a site that has the ids).
 */

/** The analytics ids of a site (tenant `analytics`). */
export interface AnalyticsIds {
  googleTagManagerId?: string | undefined;
  googleAnalyticsId?: string | undefined;
  facebookPixelId?: string | undefined;
}

/** A shopper's answer to the cookie banner. */
export type ConsentChoice = 'granted' | 'denied';

/** The choice as kept on the device: what was chosen and when (epoch milliseconds). */
export interface StoredConsent {
  choice: ConsentChoice;
  at: number;
}

/** A choice is asked again after this many days (a shopper's answer should not stand for ever). */
export const CONSENT_VALID_DAYS = 365;

/** Google Consent Mode v2: the four signals, each 'granted' or 'denied'. */
export type ConsentModeState = Record<'ad_storage' | 'ad_user_data' | 'ad_personalization' | 'analytics_storage', ConsentChoice>;

/** Where a provider's tag loads from and talks to. */
interface ProviderHosts {
  script: string[];
  connect: string[];
  img: string[];
}

/** Hosts per provider, as each provider documents for a Content-Security-Policy. */
const GOOGLE_TAG_MANAGER: ProviderHosts = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com'],
};
const GOOGLE_ANALYTICS: ProviderHosts = {
  script: ['https://www.googletagmanager.com'],
  // GA4 sends to regional collection hosts (region1.google-analytics.com…).
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};
const META_PIXEL: ProviderHosts = {
  script: ['https://connect.facebook.net'],
  connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
};

/** The tag scripts a site loads after consent, in order, and the hosts its CSP allows. */
export interface AnalyticsTags {
  /** The tag scripts: the tag manager first, then GA4, then the Meta pixel. */
  scripts: {
    provider: 'tag-manager' | 'google-analytics' | 'meta-pixel';
    src: string;
  }[];
  scriptHosts: string[];
  connectHosts: string[];
  imgHosts: string[];
  /** The companies named to the shopper ("Google and Meta"). */
  companies: string[];
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * The tags of a site with these ids; empty (no scripts, no hosts) for a site without ids.
 * @param analytics the tenant's analytics ids
 */
export function analyticsTags(analytics: AnalyticsIds | undefined): AnalyticsTags {
  const providers: ProviderHosts[] = [];
  const scripts: AnalyticsTags['scripts'] = [];
  const companies: string[] = [];
  if (analytics?.googleTagManagerId) {
    providers.push(GOOGLE_TAG_MANAGER);
    scripts.push({
      provider: 'tag-manager',
      src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(analytics.googleTagManagerId)}`,
    });
  }
  if (analytics?.googleAnalyticsId) {
    providers.push(GOOGLE_ANALYTICS);
    scripts.push({
      provider: 'google-analytics',
      src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics.googleAnalyticsId)}`,
    });
  }
  if (providers.length > 0) companies.push('Google');
  if (analytics?.facebookPixelId) {
    providers.push(META_PIXEL);
    scripts.push({
      provider: 'meta-pixel',
      src: 'https://connect.facebook.net/en_US/fbevents.js',
    });
    companies.push('Meta');
  }
  return {
    scripts,
    scriptHosts: unique(providers.flatMap((p) => p.script)),
    connectHosts: unique(providers.flatMap((p) => p.connect)),
    imgHosts: unique(providers.flatMap((p) => p.img)),
    companies,
  };
}

/**
 * Whether a site has any analytics tag (and so asks for consent). A site without ids shows no
 * banner and loads nothing.
 * @param ids the tenant's analytics ids
 */
export function hasAnalyticsTags(ids: AnalyticsIds | undefined): boolean {
  return analyticsTags(ids).scripts.length > 0;
}

/**
 * Google Consent Mode v2 state for a choice; the default before any choice is every signal denied.
 * @param choice the shopper's choice, or null before one
 */
export function consentModeState(choice: ConsentChoice | null): ConsentModeState {
  const value: ConsentChoice = choice === 'granted' ? 'granted' : 'denied';
  return {
    ad_storage: value,
    ad_user_data: value,
    ad_personalization: value,
    analytics_storage: value,
  };
}

/**
 * The choice kept on the device, or null when there is none, it is malformed, or it is older than
 * CONSENT_VALID_DAYS (the banner asks again).
 * @param raw the stored value (parsed JSON)
 * @param now the current time, epoch milliseconds
 */
export function storedConsentChoice(raw: unknown, now: number): ConsentChoice | null {
  if (raw === null || typeof raw !== 'object') return null;
  const { choice, at } = raw as Partial<StoredConsent>;
  if (choice !== 'granted' && choice !== 'denied') return null;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  return now - at <= CONSENT_VALID_DAYS * 24 * 60 * 60 * 1000 ? choice : null;
}

/**
 * How the companies read in a sentence: "Google", "Google and Meta".
 * @param companies the companies of analyticsTags
 */
export function companiesText(companies: readonly string[]): string {
  if (companies.length <= 1) return companies[0] ?? '';
  return `${companies.slice(0, -1).join(', ')} and ${companies.at(-1) ?? ''}`;
}
