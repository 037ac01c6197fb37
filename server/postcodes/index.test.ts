import { describe, expect, test } from 'vitest';
import { deliveryEstimate, distanceKm, lookupPostcode, metroArea } from './index.ts';

describe('postcodes', () => {
  test('known postcodes have coordinates in their state', () => {
    expect(lookupPostcode('3000')).toMatchObject({ state: 'VIC', locality: 'Melbourne' });
    expect(lookupPostcode('0800')?.state).toBe('NT');
    expect(lookupPostcode('0000')).toBeUndefined();
  });

  test('distance uses the 6371 km Earth radius', () => {
    // Brisbane CBD to Sydney CBD is about 730 km in a straight line.
    expect(distanceKm({ lat: -27.4685, lng: 153.0225 }, { lat: -33.868, lng: 151.209 })).toBeGreaterThan(700);
  });

  test('delivery is free nearby, priced by distance, and names metro areas', () => {
    const origin = [{ lat: -27.4975, lng: 153.0351, state: 'QLD', city: 'Woolloongabba' }];
    expect(deliveryEstimate(lookupPostcode('4102')!, origin)?.price).toBe(0);
    const sydney = deliveryEstimate(lookupPostcode('2000')!, origin);
    expect(sydney?.region).toBe('Metro Sydney');
    expect(sydney?.price).toBeGreaterThan(800);
    expect(metroArea('4870')).toBeUndefined();
  });
});
