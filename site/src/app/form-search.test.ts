import { expect, test } from 'vitest';
import { carKey, formSearchSchema } from './form-search.ts';

test('a form route takes a car by id or slug; anything else is dropped', () => {
  expect(carKey(123)).toBe('123');
  expect(carKey('2021-Toyota-Corolla-123')).toBe('2021-toyota-corolla-123');
  expect(carKey('../api')).toBeUndefined();
  expect(carKey(-4)).toBeUndefined();
  expect(carKey(2 ** 40)).toBeUndefined();
  expect(formSearchSchema.parse({ car_id: 'x y', category: 'Careers Enquiry' })).toEqual({ car_id: undefined, category: 'Careers Enquiry' });
});
