import { describe, expect, it } from 'vitest';
import { fitMapView, formatDistanceKm, greatCircleKm, nearby, scaleBar, toPixel } from './geo.ts';

const brisbane = { lat: -27.4698, lng: 153.0251 };
const sydney = { lat: -33.8688, lng: 151.2093 };
const toowoomba = { lat: -27.5598, lng: 151.9507 };
const goldCoast = { lat: -28.0167, lng: 153.4 };
const cairns = { lat: -16.9186, lng: 145.7781 };

describe('greatCircleKm (Earth radius 6371 km)', () => {
  it('Brisbane to Sydney is about 732 km', () => {
    expect(greatCircleKm(brisbane, sydney)).toBeCloseTo(732.1, 0);
  });
  it('is 0 for the same point and symmetric', () => {
    expect(greatCircleKm(brisbane, brisbane)).toBe(0);
    expect(greatCircleKm(sydney, brisbane)).toBeCloseTo(greatCircleKm(brisbane, sydney), 9);
  });
  it('one degree of latitude is 6371·π/180 km', () => {
    expect(greatCircleKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((6371 * Math.PI) / 180, 9);
  });
});

describe('nearby (spec §9: within 250 km, up to 5)', () => {
  it('keeps places within 250 km, nearest first', () => {
    const places = [{ name: 'Sydney', ...sydney }, { name: 'Toowoomba', ...toowoomba }, { name: 'Gold Coast', ...goldCoast }, { name: 'Cairns', ...cairns }];
    const found = nearby(brisbane, places);
    expect(found.map((p) => p.name)).toEqual(['Gold Coast', 'Toowoomba']);
    expect(found[0]?.distanceKm).toBeCloseTo(greatCircleKm(brisbane, goldCoast), 9);
  });
  it('offers at most 5', () => {
    const places = Array.from({ length: 9 }, (_, i) => ({ id: i, lat: brisbane.lat + i * 0.01, lng: brisbane.lng }));
    expect(nearby(brisbane, places).map((p) => p.id)).toEqual([0, 1, 2, 3, 4]);
  });
  it('formats distances', () => {
    expect(formatDistanceKm(12.345)).toBe('12.3 km');
    expect(formatDistanceKm(1234.4)).toBe('1,234 km');
  });
});

describe('map view', () => {
  it('fits every point inside the drawing, margins kept', () => {
    const view = fitMapView([brisbane, toowoomba, goldCoast], 600, 400, { marginPx: 40 });
    for (const p of [brisbane, toowoomba, goldCoast]) {
      const px = toPixel(view, p);
      expect(px.x).toBeGreaterThanOrEqual(39.9);
      expect(px.x).toBeLessThanOrEqual(560.1);
      expect(px.y).toBeGreaterThanOrEqual(39.9);
      expect(px.y).toBeLessThanOrEqual(360.1);
    }
    // North is up: Toowoomba (west) left of Brisbane, Gold Coast (south) below it.
    expect(toPixel(view, toowoomba).x).toBeLessThan(toPixel(view, brisbane).x);
    expect(toPixel(view, goldCoast).y).toBeGreaterThan(toPixel(view, brisbane).y);
  });
  it('centres a single location with a minimum span and a matching scale bar', () => {
    const view = fitMapView([brisbane], 400, 300, { marginPx: 20, minSpanKm: 4 });
    const centre = toPixel(view, brisbane);
    expect(centre.x).toBeCloseTo(200, 6);
    expect(centre.y).toBeCloseTo(150, 6);
    // 4 km across the shorter side (260 px inside the margins).
    expect(view.kmPerPixel * 260).toBeCloseTo(4, 1);
    const bar = scaleBar(view, 120);
    expect([0.5, 1, 2]).toContain(bar.km);
    expect(bar.px).toBeLessThanOrEqual(120);
  });
});
