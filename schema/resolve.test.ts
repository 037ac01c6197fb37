import { describe, expect, it } from 'vitest';
import { featureFlagDefines, featureFlagName, resolveTenant } from './resolve.ts';
import type { TenantConfig } from './tenant.gen.ts';

function minimal(): TenantConfig {
  return {
    slug: 'test-motors',
    name: 'Test Motors',
    template: 'brand',
    siteUrl: 'https://www.test-motors.example.com.au',
    dealer: {
      dealerships: [{ slug: 'test-kia', name: 'Test Kia', makes: ['Kia'], dealerLicenceNumber: '1' }],
      locations: [{
        slug: 'test-kia-toowoomba', name: 'Test Kia Toowoomba', dealershipSlug: 'test-kia', phone: '07 5550 0000',
        address: { street: '1 Ruthven Street', suburb: 'Toowoomba', state: 'QLD', postcode: '4350', lat: -27.56, long: 151.95 },
      }],
    },
    promotions: [{ id: 'p', title: 'P', start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00', node: { heading: 'P' } }],
    search: { promoCardPosition: { randomise: {}, position: 2 } },
    features: { compare: false },
  };
}

describe('resolveTenant', () => {
  it('applies the spec defaults deeply', () => {
    const resolved = resolveTenant(minimal());

    expect(resolved.timeZone).toBe('Australia/Brisbane');
    expect(resolved.defaultState).toBe('qld');
    expect(resolved.search.pageSize).toBe(21);
    // The values the server and site read instead of restating them: held 48 hours, $200 deposit
    // (spec §9), sold cars listed 3 days (spec §4), the EOFY page's own heading.
    expect(resolved.limits.reserveHoldHours).toBe(48);
    expect(resolved.limits.reserveDepositFallback).toBe(200);
    expect(resolved.stockFilter.soldWithinDays).toBe(3);
    expect(resolved.content.eofySale.heading).toBe('EOFY Sale');
    expect(resolved.search.makeListCount).toBe(7);
    expect(resolved.search.sliders.debounceMs).toBe(400);
    expect(resolved.search.sortOptions).toEqual(['relevance', 'latest', 'price_desc', 'price_asc']);
    expect(resolved.stockFilter.soldWithinDays).toBe(3);
    expect(resolved.labels.noPrice).toBe('Enquire for price.');
    expect(resolved.labels.enquiryFormTitle).toBe('Enquire Now');
    expect(resolved.limits.distanceOptionsKm).toEqual([25, 50, 75, 100, 150, 250, 500, 750, 1000]);
    expect(resolved.limits.reserveDepositFallback).toBe(200);
    expect(resolved.finance.calculator.termYears).toEqual({ min: 1, max: 7, step: 0.5, default: 6 });
    expect(resolved.finance.calculator.frequencies).toEqual([
      { label: 'Weekly', perYear: 52 }, { label: 'Fortnightly', perYear: 26 }, { label: 'Monthly', perYear: 12 },
    ]);
    expect(resolved.theme.colours.primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(resolved.routes.financePath).toBe('/finance');
  });

  it('keeps given values and fills defaults inside arrays and oneOf objects', () => {
    const resolved = resolveTenant(minimal());

    expect(resolved.features.compare).toBe(false);
    expect(resolved.features.print).toBe(true);
    expect(resolved.promotions[0]).toMatchObject({ strictDisplay: false, display: ['new', 'demo', 'used'] });
    expect(resolved.dealer.locations[0]).toMatchObject({ type: 'sales', visible: true, primary: false });
    expect(resolved.search.promoCardPosition).toEqual({ randomise: { min: 3, max: 5 }, position: 2 });
  });

  it('leaves optional objects without defaults absent', () => {
    const resolved = resolveTenant(minimal());

    expect(resolved.search.algolia).toBeUndefined();
    expect(resolved.theme.logo).toBeUndefined();
  });

  it('never mutates its input and shares no objects with it', () => {
    const input = minimal();
    const before = JSON.stringify(input);

    const resolved = resolveTenant(input);
    resolved.dealer.dealerships[0]!.name = 'Changed';
    resolved.limits.distanceOptionsKm.push(5);

    expect(JSON.stringify(input)).toBe(before);
    expect(resolveTenant(minimal()).limits.distanceOptionsKm).toHaveLength(9);
  });
});

describe('featureFlagName', () => {
  it('turns a features key into its constant', () => {
    expect(featureFlagName('compare')).toBe('__FEATURE_COMPARE__');
    expect(featureFlagName('similarCarsLayout')).toBe('__FEATURE_SIMILAR_CARS_LAYOUT__');
    expect(featureFlagName('gatedSpinToWin')).toBe('__FEATURE_GATED_SPIN_TO_WIN__');
  });
});

describe('featureFlagDefines', () => {
  it('gives every feature as a JSON literal, defaults included', () => {
    const defines = featureFlagDefines(minimal());

    expect(defines).toMatchObject({
      __FEATURE_COMPARE__: 'false',
      __FEATURE_PRINT__: 'true',
      __FEATURE_SIMILAR_CARS_LAYOUT__: '"carousel"',
      __FEATURE_FAVOURITES_MECHANISM__: '"favourites"',
    });
    expect(Object.values(defines).every((v) => v === 'true' || v === 'false' || /^"[a-z-]+"$/.test(v))).toBe(true);
  });
});
