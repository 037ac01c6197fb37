import { describe, expect, it } from 'vitest';
import { directionsUrl, hoursTypeOptions, initialHoursType, locationPath, telHref, typesServed } from './location-pages.ts';

const loc = (slug: string, location_type: string, street = '1 Main St', dealership_id = 1) => ({ slug, location_type, dealership_id, address: { street, postcode: '4006' } });

describe('location pages', () => {
  it('canonical path', () => {
    expect(locationPath('harbourside-toyota-newstead')).toBe('/locations/harbourside-toyota-newstead');
  });
  it('service-and-parts serves both; empty means sales', () => {
    expect(typesServed('service-and-parts')).toEqual(['service', 'parts']);
    expect(typesServed('')).toEqual(['sales']);
  });
  it('the selector offers the types served at the same address by the same dealership', () => {
    const sales = loc('toyota', 'sales');
    const workshop = loc('toyota-service', 'service-and-parts');
    const elsewhere = loc('mazda', 'parts', '9 Other Rd');
    const otherDealer = loc('hyundai', 'parts', '1 Main St', 2);
    const options = hoursTypeOptions(sales, [sales, workshop, elsewhere, otherDealer]);
    expect(options.map((o) => [o.type, o.location.slug])).toEqual([
      ['sales', 'toyota'],
      ['service', 'toyota-service'],
      ['parts', 'toyota-service'],
    ]);
    expect(hoursTypeOptions(elsewhere, [sales, elsewhere]).map((o) => o.type)).toEqual(['parts']);
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
