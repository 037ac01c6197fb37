import { describe, expect, it } from 'vitest';
import { REGISTER_INTEREST_CATEGORY, registerInterestPayload } from './register-interest.tsx';

describe('registerInterestPayload (spec §4: a coming-soon model asks for Register Interest)', () => {
  it('is an enquiry lead about the model, with the shopper’s contact fields', () => {
    const payload = registerInterestPayload({ manufacturer_slug: 'kia', name: 'Seltos', full_name: 'Kia Seltos', status: 'coming_soon' })({
      fields: { name: ' Sam ', email: 'sam@example.com', phone: '0412 345 678', postcode: '4000', message: 'Call me', dealership_slug: 'range-road-kia', opt_in: 'on' },
      additional_services: [],
    });
    expect(payload).toMatchObject({
      category: REGISTER_INTEREST_CATEGORY,
      name: 'Sam',
      email: 'sam@example.com',
      postcode: '4000',
      message: 'Call me',
      dealership_slug: 'range-road-kia',
      opt_in: true,
      manufacturer_slug: 'kia',
      'Vehicle Make': 'Kia',
      'Vehicle Model': 'Seltos',
      car_type: 'new',
      vehicle_status: 'coming_soon',
    });
    expect(REGISTER_INTEREST_CATEGORY).toBe('Register Interest');
  });
});
