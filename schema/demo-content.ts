import type { ResolvedTenant } from './resolved-tenant.gen.ts';

/*
 * Sample content on a launched site. Some features show the platform's sample data until the
 * dealer's own source is connected: reviews (until a reviews account is connected), news posts
 * (the platform's sample articles) and market prices (only the embedded sample market data exists).
 * Staff may launch with such a feature on (the pre-launch check acknowledged), but the site must
 * never show sample content as the dealer's own: on a launched site these features are switched
 * off when the tenant is resolved, so the build leaves their code out, the server answers nothing
 * for them and the editor's preview shows the site as shoppers will see it.
 */

/** Features that show sample data while their source is the platform's own. */
export const DEMO_FEATURES = ['locationReviews', 'carLocationReviews', 'blog', 'priceGauge', 'marketPriceHint'] as const;
export type DemoFeature = (typeof DEMO_FEATURES)[number];

/** What `demoFeatures` reads: the features and the reviews account. */
export type DemoContentTenant = Pick<ResolvedTenant, 'features'> & { dealer: Pick<ResolvedTenant['dealer'], 'reviewsProviderToken'> };

/**
 * The features of a tenant that are switched on and would show sample data (in the order of the
 * pre-launch checklist: reviews, news posts, market prices).
 * @param tenant the resolved tenant, as written
 */
export function demoFeatures(tenant: DemoContentTenant): DemoFeature[] {
  const { features, dealer } = tenant;
  const out: DemoFeature[] = [];
  if (!dealer.reviewsProviderToken) {
    if (features.locationReviews) out.push('locationReviews');
    if (features.carLocationReviews) out.push('carLocationReviews');
  }
  // News posts and market prices have no source but the platform's samples in this build.
  if (features.blog) out.push('blog');
  if (features.priceGauge) out.push('priceGauge');
  if (features.marketPriceHint) out.push('marketPriceHint');
  return out;
}

/**
 * The tenant as its site shows it: on a launched site, every feature that would show sample data
 * is off; a site not yet launched is returned unchanged (its preview and test builds show the
 * samples, which the pre-launch checklist names).
 * @param tenant the resolved tenant, as written
 */
export function withoutDemoContent<T extends DemoContentTenant & { launch: { launched: boolean } }>(tenant: T): T {
  if (!tenant.launch.launched) return tenant;
  const hidden = demoFeatures(tenant);
  if (hidden.length === 0) return tenant;
  return { ...tenant, features: { ...tenant.features, ...Object.fromEntries(hidden.map((f) => [f, false])) } };
}
