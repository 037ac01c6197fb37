import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveTenant, resolveTenantAsWritten } from '../../schema/resolve.ts';
import { LAUNCH_CHECK_IDS, type LaunchCheckId } from '../../schema/launch-checklist.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';
import { validateTenant } from '../../schema/validate.ts';

// Every check acknowledged, so the launch itself is valid whichever checks the list holds.
const ALL_CHECKS: LaunchCheckId[] = [...LAUNCH_CHECK_IDS];
const SAMPLE_FEATURES = { locationReviews: true, carLocationReviews: true, blog: true, priceGauge: true, marketPriceHint: true, compare: true };

function tenant(launch?: { launched: boolean; acknowledged: LaunchCheckId[] }, token?: string): TenantConfig {
  const t = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'tenants', 'range-road-kia.json'), 'utf8')) as TenantConfig;
  t.features = { ...t.features, ...SAMPLE_FEATURES };
  if (token) t.dealer.reviewsProviderToken = token;
  else delete t.dealer.reviewsProviderToken;
  if (launch) t.launch = launch;
  return t;
}

const pick = (features: Record<string, unknown>) => Object.fromEntries(Object.keys(SAMPLE_FEATURES).map((k) => [k, features[k]]));

describe('a launched site hides sample content by itself', () => {
  test('not launched: the site shows what staff switched on (the checklist names the samples)', () => {
    expect(pick(resolveTenant(tenant()).features)).toEqual(SAMPLE_FEATURES);
  });

  test('launched: reviews without an account, news posts and market prices are off; other features stay', () => {
    const launched = tenant({ launched: true, acknowledged: ALL_CHECKS });
    expect(pick(resolveTenant(launched).features)).toEqual({ locationReviews: false, carLocationReviews: false, blog: false, priceGauge: false, marketPriceHint: false, compare: true });
    // The file as written keeps the switches, for the checklist and the form.
    expect(pick(resolveTenantAsWritten(launched).features)).toEqual(SAMPLE_FEATURES);
    // The build and the server read the validator's config: the same answer.
    expect(pick(validateTenant(JSON.stringify(launched), 'range-road-kia.json').config!.features)).toEqual(pick(resolveTenant(launched).features));
  });

  test('launched with a reviews account connected: reviews stay on', () => {
    const features = resolveTenant(tenant({ launched: true, acknowledged: ALL_CHECKS }, 'account-token-123')).features;
    expect({ locationReviews: features.locationReviews, carLocationReviews: features.carLocationReviews, blog: features.blog }).toEqual({ locationReviews: true, carLocationReviews: true, blog: false });
  });

  test('the sample-data checks still have to be acknowledged before launch', () => {
    const withoutSampleAcks = ALL_CHECKS.filter((c) => !['reviews', 'news-posts', 'market-data'].includes(c));
    const result = validateTenant(JSON.stringify(tenant({ launched: true, acknowledged: withoutSampleAcks })), 'range-road-kia.json');
    const launch = result.issues.find((i) => i.pointer === '/launch/launched');
    expect(launch?.message).toMatch(/No demo reviews \(reviews\), No demo news posts \(news-posts\), No demo market prices \(market-data\)/);
  });
});
