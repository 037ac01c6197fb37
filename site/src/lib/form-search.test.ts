import { expect, test } from 'vitest';
import { carKey, carParam, formSearchSchema } from './form-search.ts';

test('a form route takes a car by id or slug; anything else is dropped', () => {
  expect(carKey(123)).toBe('123');
  expect(carKey('2021-Toyota-Corolla-123')).toBe('2021-toyota-corolla-123');
  expect(carKey('../api')).toBeUndefined();
  expect(carKey(-4)).toBeUndefined();
  expect(carKey(2 ** 40)).toBeUndefined();
  expect(formSearchSchema.parse({ car_id: 'x y', category: 'Careers Enquiry' })).toEqual({ car_id: undefined, category: 'Careers Enquiry' });
});

test('an id stays a number in the route, so the router writes it back as ?car_id=516, not as a JSON string', () => {
  expect(formSearchSchema.parse({ car_id: 516 })).toEqual({ car_id: 516, category: undefined });
  expect(formSearchSchema.parse({ car_id: 'Kia-EV6-12' }).car_id).toBe('kia-ev6-12');
  expect(formSearchSchema.parse({ car_id: 2 ** 40 }).car_id).toBeUndefined();
  expect(carKey(carParam(516))).toBe('516');
});

test('a finance link’s preferredDealership and vehiclePriceBudget are kept for the form; bad values are dropped', () => {
  // The router parses ?vehiclePriceBudget=32990 as a number; a hand-typed one may stay text.
  expect(formSearchSchema.parse({ car_id: 12, preferredDealership: 'harbourside-toyota', vehiclePriceBudget: 32990 })).toEqual({
    car_id: 12,
    category: undefined,
    preferredDealership: 'harbourside-toyota',
    vehiclePriceBudget: 32990,
  });
  expect(formSearchSchema.parse({ vehiclePriceBudget: '45000' }).vehiclePriceBudget).toBe(45000);
  expect(formSearchSchema.parse({ preferredDealership: '../x', vehiclePriceBudget: -5 })).toEqual({ car_id: undefined, category: undefined });
  expect(formSearchSchema.parse({ vehiclePriceBudget: 1.5 }).vehiclePriceBudget).toBeUndefined();
  expect(formSearchSchema.parse({ vehiclePriceBudget: 'lots' }).vehiclePriceBudget).toBeUndefined();
});
