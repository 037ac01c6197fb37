import { describe, expect, it } from 'vitest';
import { certifiedPreOwned } from './certified-pre-owned.ts';

const options = {
  enabled: true,
  brand: 'Certified Prestige Melbourne',
  benefits: ['150-point inspection', '2-year certified warranty', '12 months roadside assistance'],
  warrantyParagraphs: ['Every certified car carries a 2-year unlimited-kilometre certified pre-owned warranty.'],
};

describe('certifiedPreOwned', () => {
  it("shows the tenant's certified programme for a certified used car", () => {
    expect(certifiedPreOwned({ car_type: 'used', certified: true }, options)).toEqual({
      title: 'Certified Prestige Melbourne Certified Pre-Owned',
      benefits: ['150-point inspection', '2-year certified warranty', '12 months roadside assistance'],
      paragraphs: ['Every certified car carries a 2-year unlimited-kilometre certified pre-owned warranty.'],
    });
  });
  it('is named after the brand of a single-brand site', () => {
    expect(certifiedPreOwned({ car_type: 'used', certified: true }, { ...options, brand: 'Kia' })?.title).toBe('Kia Certified Pre-Owned');
  });
  it('is absent where switched off, for uncertified, new and demo cars, and without certified copy', () => {
    expect(certifiedPreOwned({ car_type: 'used', certified: true }, { ...options, enabled: false })).toBeNull();
    expect(certifiedPreOwned({ car_type: 'used', certified: false }, options)).toBeNull();
    expect(certifiedPreOwned({ car_type: 'new', certified: true }, options)).toBeNull();
    expect(certifiedPreOwned({ car_type: 'demo', certified: true }, options)).toBeNull();
    expect(certifiedPreOwned({ car_type: 'used', certified: true }, { ...options, benefits: [], warrantyParagraphs: [] })).toBeNull();
  });
});
