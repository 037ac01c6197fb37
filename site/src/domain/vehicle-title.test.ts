import { describe, expect, test } from 'vitest';
import { vehicleBreadcrumbs } from './vehicle-breadcrumbs.ts';
import { vehicleTitle } from './vehicle-title.ts';

const car = { year: 2021, make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', series: 'ZWE211R', name: '2021 Toyota Corolla Ascent Sport ZWE211R Auto', car_type: 'used' as const, simple_body: 'Hatch' };

describe('vehicle title (spec §2 series display)', () => {
  test('year make model badge, or the full name with series display on', () => {
    expect(vehicleTitle(car, false)).toBe('2021 Toyota Corolla Ascent Sport');
    expect(vehicleTitle(car, true)).toBe('2021 Toyota Corolla Ascent Sport ZWE211R Auto');
    expect(vehicleTitle({ ...car, name: '' }, true)).toBe('2021 Toyota Corolla Ascent Sport ZWE211R');
    expect(vehicleTitle({ ...car, badge: null }, false)).toBe('2021 Toyota Corolla');
  });
});

describe('breadcrumbs (spec §2)', () => {
  test('Home, car type, make, model, simple body, title; each a narrower search', () => {
    const crumbs = vehicleBreadcrumbs(car, { newLabel: 'New', usedLabel: 'Used' }, { seriesInTitle: false, withModel: true });
    expect(crumbs.map((c) => c.label)).toEqual(['Home', 'Used', 'Toyota', 'Corolla', 'Hatch', '2021 Toyota Corolla Ascent Sport']);
    expect(crumbs[0]?.href).toBe('/');
    expect(crumbs[1]?.href).toBe('/search/used-cars');
    expect(crumbs[2]?.href).toBe('/search/used-cars/toyota');
    expect(crumbs[3]?.href).toBe('/search/used-cars/toyota/corolla');
    expect(crumbs[4]?.href).toMatch(/^\/search\/used-cars\/toyota\/corolla\?body=Hatch$/);
    expect(crumbs[5]?.href).toBeUndefined();
  });
  test('model optional; demo cars', () => {
    const crumbs = vehicleBreadcrumbs({ ...car, car_type: 'demo', simple_body: null }, { newLabel: 'New', usedLabel: 'Used' }, { seriesInTitle: true, withModel: false });
    expect(crumbs.map((c) => c.label)).toEqual(['Home', 'Demo', 'Toyota', '2021 Toyota Corolla Ascent Sport ZWE211R Auto']);
  });
});
