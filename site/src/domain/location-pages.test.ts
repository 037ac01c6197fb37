import { describe, expect, it } from 'vitest';
import { carouselLayout, directionsUrl, hoursTypeOptions, initialHoursType, locationPath, locationsHeadingText, placeCount, telHref, typesServed } from './location-pages.ts';

// Newstead showroom; the workshop four doors up (60 m); Eagle Farm 4.6 km away.
const loc = (slug: string, location_type: string, at: 'showroom' | 'workshop' | 'far' = 'showroom', dealership_id = 1) =>
  ({ slug, location_type, dealership_id, address: { showroom: { lat: -27.4446, long: 153.0452 }, workshop: { lat: -27.4441, long: 153.046 }, far: { lat: -27.4311, long: 153.0852 } }[at] });

describe('location pages', () => {
  it('canonical path', () => {
    expect(locationPath('harbourside-toyota-newstead')).toBe('/locations/harbourside-toyota-newstead');
  });
  it('service-and-parts serves both; empty means sales', () => {
    expect(typesServed('service-and-parts')).toEqual(['service', 'parts']);
    expect(typesServed('')).toEqual(['sales']);
  });
  it('the selector offers the types served on the same site (same dealership, within 500 m)', () => {
    const sales = loc('toyota', 'sales');
    const workshop = loc('toyota-service', 'service-and-parts', 'workshop');
    const elsewhere = loc('mazda', 'parts', 'far');
    const otherDealer = loc('hyundai', 'parts', 'showroom', 2);
    const options = hoursTypeOptions(sales, [sales, workshop, elsewhere, otherDealer]);
    expect(options.map((o) => [o.type, o.location.slug])).toEqual([
      ['sales', 'toyota'],
      ['service', 'toyota-service'],
      ['parts', 'toyota-service'],
    ]);
    expect(hoursTypeOptions(elsewhere, [sales, elsewhere]).map((o) => o.type)).toEqual(['parts']);
  });
  it('counts a showroom and its workshop next door as one place; another dealership or a yard 4.6 km away as another', () => {
    const sales = loc('toyota', 'sales');
    const workshop = loc('toyota-service', 'service-and-parts', 'workshop');
    const elsewhere = loc('mazda', 'parts', 'far');
    const otherDealer = loc('hyundai', 'parts', 'showroom', 2);
    expect(placeCount([])).toBe(0);
    expect(placeCount([sales, workshop])).toBe(1);
    expect(placeCount([sales, workshop, elsewhere])).toBe(2);
    expect(placeCount([sales, workshop, elsewhere, otherDealer])).toBe(3);
  });
  it("the locations heading: '{count} Big Locations' names the places; a heading without {count} is as written", () => {
    const yards = [loc('toyota', 'sales'), loc('toyota-service', 'service-and-parts', 'workshop'), loc('mazda', 'sales', 'far')];
    expect(locationsHeadingText('{count} Big Locations', placeCount(yards))).toBe('2 Big Locations');
    expect(locationsHeadingText('{count} Big Locations', placeCount([...yards, loc('toowong', 'sales', 'far', 3)]))).toBe('3 Big Locations');
    expect(locationsHeadingText('Find Us Here', placeCount(yards))).toBe('Find Us Here');
  });
  it('starts on the requested type when offered, else the page location’s own type', () => {
    const options = [{ type: 'sales' as const }, { type: 'service' as const }];
    expect(initialHoursType(options, 'sales', 'service')).toBe('service');
    expect(initialHoursType(options, 'service', 'parts')).toBe('service');
    expect(initialHoursType(options, 'sales', undefined)).toBe('sales');
  });
  it('links to directions and the phone', () => {
    expect(directionsUrl({ lat: -27.45, long: 153.04, text: 'x' })).toBe('https://www.google.com/maps/dir/?api=1&destination=-27.45%2C153.04');
    expect(telHref('07 3123 4567')).toBe('tel:0731234567');
  });
});

describe('carouselLayout (spec §9)', () => {
  it('3 or fewer: one column each, no scroll hint on large screens', () => {
    expect([1, 2, 3].map(carouselLayout)).toEqual([
      { columns: 1, hintOnLarge: false },
      { columns: 2, hintOnLarge: false },
      { columns: 3, hintOnLarge: false },
    ]);
  });
  it('more than 3: four columns and the hint; exactly 6: three columns', () => {
    expect(carouselLayout(4)).toEqual({ columns: 4, hintOnLarge: true });
    expect(carouselLayout(7)).toEqual({ columns: 4, hintOnLarge: true });
    expect(carouselLayout(6)).toEqual({ columns: 3, hintOnLarge: true });
  });
});
