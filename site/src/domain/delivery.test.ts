import { describe, expect, test } from 'vitest';
import { DELIVERY_NO_ESTIMATE, DELIVERY_POSTCODE_REQUIRED, deliveryEstimate, deliveryPostcodeError, deliveryPrice, metroArea } from './delivery.ts';

// Places: postcode centroids of server/postcodes/au-postcodes.tsv and sales locations of the
// sample tenants. Distances were worked out separately (spherical law of cosines, R = 6371 km,
// not the haversine the rule uses) and the prices by hand from them.
const auburn = { lat: -33.8528, lng: 151.0386, state: 'NSW', city: 'Auburn' };
const penrith = { lat: -33.7569, lng: 150.6835, state: 'NSW', city: 'Penrith' };
const richmondVic = { lat: -37.8108, lng: 144.9968, state: 'VIC', city: 'Richmond' };
const sydneyYards = [auburn, penrith];
const place = (postcode: string, state: string, lat: number, lng: number) => ({ postcode, state, lat, lng });

describe('delivery calculator messages (spec §5)', () => {
  test('the spec strings, exactly', () => {
    expect(DELIVERY_POSTCODE_REQUIRED).toBe('Please enter a postcode.');
    expect(DELIVERY_NO_ESTIMATE).toBe("Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.");
  });

  test('a postcode is required, then exactly 4 digits', () => {
    expect(deliveryPostcodeError('')).toBe('Please enter a postcode.');
    expect(deliveryPostcodeError('   ')).toBe('Please enter a postcode.');
    expect(deliveryPostcodeError('400')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(deliveryPostcodeError('40a0')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(deliveryPostcodeError('40000')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(deliveryPostcodeError('0800')).toBeNull();
    expect(deliveryPostcodeError(' 4000 ')).toBeNull();
  });
});

describe('delivery price', () => {
  test('free within 25 km; then $150 + $1.10 a km, to the nearest $10', () => {
    expect(deliveryPrice(0, false)).toBe(0);
    expect(deliveryPrice(25, false)).toBe(0);
    expect(deliveryPrice(26, false)).toBe(180); // 150 + 28.60 = 178.60
    expect(deliveryPrice(100, false)).toBe(260); // 150 + 110
    expect(deliveryPrice(337, false)).toBe(520); // 150 + 370.70 = 520.70
  });

  test('crossing Bass Strait adds $450', () => {
    expect(deliveryPrice(596, true)).toBe(1260); // 150 + 655.60 + 450 = 1,255.60
    expect(deliveryPrice(596, false)).toBe(810);
  });
});

describe('delivery estimate from the nearest sales location', () => {
  test('a postcode 5 km from Auburn is free, in Auburn’s local area', () => {
    expect(deliveryEstimate(place('2150', 'NSW', -33.8145, 151.0065), sydneyYards)).toEqual({ price: 0, region: 'Auburn local area', distanceKm: 5 });
  });

  test('Melbourne from the Sydney yards: the nearer one (Penrith, 684 km), Metro Melbourne, $900', () => {
    expect(deliveryEstimate(place('3000', 'VIC', -37.8144, 144.9826), sydneyYards)).toEqual({ price: 900, region: 'Metro Melbourne', distanceKm: 684 });
  });

  test('Hobart from Richmond VIC crosses Bass Strait: 596 km, $1,260', () => {
    expect(deliveryEstimate(place('7000', 'TAS', -42.8784, 147.308), [richmondVic])).toEqual({ price: 1260, region: 'Metro Hobart', distanceKm: 596 });
  });

  test('outside a capital: Regional within 1,500 km, Remote beyond', () => {
    expect(deliveryEstimate(place('2650', 'NSW', -35.0727, 147.3678), sydneyYards)).toEqual({ price: 520, region: 'Regional NSW', distanceKm: 337 });
    expect(deliveryEstimate(place('0872', 'NT', -23.0805, 131.0704), sydneyYards)).toEqual({ price: 2620, region: 'Remote NT', distanceKm: 2249 });
    expect(deliveryEstimate(place('6000', 'WA', -31.9488, 115.8599), sydneyYards)).toEqual({ price: 3720, region: 'Metro Perth', distanceKm: 3244 });
  });

  test('no estimate beyond 4,500 km (Christmas Island) or without a sales location', () => {
    expect(deliveryEstimate(place('6798', 'WA', -10.4871, 105.6407), [...sydneyYards, richmondVic])).toBeNull();
    expect(deliveryEstimate(place('3000', 'VIC', -37.8144, 144.9826), [])).toBeNull();
  });

  test('metro areas by postcode range', () => {
    expect(metroArea('2000')).toBe('Sydney');
    expect(metroArea('0800')).toBe('Darwin');
    expect(metroArea('2611')).toBe('Canberra');
    expect(metroArea('4870')).toBeUndefined();
  });
});
