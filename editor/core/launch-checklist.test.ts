import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { blockingChecks, launchChecklist } from '../../schema/launch-checklist.ts';
import { resolveTenant } from '../../schema/resolve.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';
import { validateTenant } from '../../schema/validate.ts';

const file = (slug: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'tenants', `${slug}.json`), 'utf8')) as TenantConfig;

/** A new single-brand dealer as the editor's New tenant makes it: no pages, no finance, no analytics, no lead routes. */
function newDealer(): TenantConfig {
  const t = file('range-road-kia');
  delete t.content?.pages;
  t.finance = {};
  t.analytics = {};
  delete (t as { leadDelivery?: unknown }).leadDelivery;
  t.features = { ...t.features, locationReviews: true, blog: false, priceGauge: false, marketPriceHint: false, carLocationReviews: false };
  delete t.dealer.reviewsProviderToken;
  t.dealer.locations = t.dealer.locations.map(({ openingHours: _hours, ...l }) => ({ ...l, primary: false }));
  return t;
}

const state = (t: TenantConfig, contrast = 0, dealerStockImported = true) =>
  Object.fromEntries(launchChecklist(resolveTenant(t), contrast, { dealerStockImported }).map((c) => [c.id, c.ok]));

describe('the pre-launch checklist', () => {
  test('a new dealer: each missing piece is an open check pointing at the setting that fixes it', () => {
    const checks = launchChecklist(resolveTenant(newDealer()), 0);
    expect(Object.fromEntries(checks.map((c) => [c.id, c.ok]))).toEqual({
      licence: true,
      'privacy-and-terms': false,
      reviews: false,
      'news-posts': true,
      'market-data': true,
      finance: false,
      'primary-location': false,
      'opening-hours': false,
      analytics: false,
      'lead-delivery': false,
      contrast: true,
      stock: false,
    });
    const pointer = Object.fromEntries(checks.map((c) => [c.id, c.pointer]));
    expect(pointer).toMatchObject({
      'privacy-and-terms': '/content/pages/privacy',
      reviews: '/dealer/reviewsProviderToken',
      finance: '/finance/provider',
      'primary-location': '/dealer/locations/0/primary',
      'opening-hours': '/dealer/locations/0/openingHours',
      analytics: '/analytics/googleTagManagerId',
      'lead-delivery': '/leadDelivery/routes',
      stock: '/stockFeed',
    });
  });

  test('each check clears when the tenant has what it asks for', () => {
    const t = newDealer();
    t.content = { ...t.content, pages: { privacy: { title: 'Privacy', paragraphs: ['Ours.'] }, terms: { title: 'Terms', paragraphs: ['Ours.'] } } };
    t.dealer.reviewsProviderToken = 'reviews-account';
    t.finance = { provider: 'kia-finance', providerName: 'Kia Finance', disclaimer: 'Finance by Kia Finance.' };
    t.dealer.locations[0]!.primary = true;
    for (const l of t.dealer.locations) l.openingHours = [{ weekday: 1, status: 'Open', open: '08:30', close: '17:30' }];
    t.analytics = { googleTagManagerId: 'GTM-ABC123' };
    (t as { leadDelivery?: unknown }).leadDelivery = { routes: [{ email: ['sales@rangeroadkia.example.com.au'] }] };
    expect(Object.values(state(t)).every(Boolean)).toBe(true);
    expect(state(t, 2).contrast).toBe(false);
    t.dealer.dealerships[0]!.dealerLicenceNumber = ' ';
    expect(state(t).licence).toBe(false);
    // A route only for service leaves the sales leads nowhere.
    (t as { leadDelivery?: unknown }).leadDelivery = { routes: [{ departments: ['service'], email: ['service@rangeroadkia.example.com.au'] }] };
    expect(state(t)['lead-delivery']).toBe(false);
  });

  test("the stock check passes only on the platform's word that the dealer's stock was imported, and says how to import it", () => {
    const t = newDealer();
    expect(state(t, 0, false).stock).toBe(false);
    const unknown = launchChecklist(resolveTenant(t), 0).find((c) => c.id === 'stock')!;
    expect(unknown).toMatchObject({ ok: false, label: 'Stock imported from the dealer’s system', pointer: '/stockFeed' });
    expect(unknown.detail).toContain('npm run stock:import -- range-road-kia <file>');
    expect(unknown.detail).toContain('Our stock is being updated');
    expect(state(t, 0, true).stock).toBe(true);
  });

  test('acknowledging a check by name stops it blocking the launch', () => {
    const checks = launchChecklist(resolveTenant(newDealer()), 0);
    const open = checks.filter((c) => !c.ok).map((c) => c.id);
    expect(blockingChecks(checks, open)).toEqual([]);
    expect(blockingChecks(checks, open.slice(1)).map((c) => c.id)).toEqual([open[0]]);
  });

  test('the validator refuses a launched tenant with open, unacknowledged checks, naming them', () => {
    const t = newDealer();
    t.launch = { launched: true, acknowledged: ['privacy-and-terms', 'reviews', 'finance', 'primary-location', 'opening-hours', 'analytics'] };
    const refused = validateTenant(JSON.stringify(t), 'range-road-kia.json');
    const issue = refused.issues.find((i) => i.pointer === '/launch/launched');
    expect(issue?.severity).toBe('error');
    expect(issue?.message).toContain('Lead delivery configured (lead-delivery)');
    expect(issue?.message).not.toContain('(analytics)');
    expect(issue?.message).toContain('Stock imported from the dealer’s system (stock)');
    t.launch.acknowledged = [...t.launch.acknowledged!, 'lead-delivery', 'stock'];
    const accepted = validateTenant(JSON.stringify(t), 'range-road-kia.json');
    expect(accepted.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(accepted.config?.launch.launched).toBe(true);
  });
});
