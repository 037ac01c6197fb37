import { describe, expect, test } from 'vitest';
import { offerAvailability, vehicleJsonLd } from './vehicle-json-ld.ts';

describe('Vehicle/Offer JSON-LD', () => {
  const input = {
    siteUrl: 'https://www.example.com.au',
    path: '/cars/x-7',
    title: '2022 Kia Sportage',
    description: 'd',
    images: ['/images/cars/7/1.webp'],
    car: { make: 'Kia', model: 'Sportage', year: 2022, km: 40_000, car_type: 'used', status: 'in_stock', vin: null, colour: 'White' },
    price: 30_000,
    sellerName: 'Range Road Kia',
  };
  test('price and availability are what the page shows', () => {
    const json = vehicleJsonLd(input);
    expect(json.offers).toMatchObject({ price: 30_000, priceCurrency: 'AUD', availability: 'https://schema.org/InStock' });
    expect(json.url).toBe('https://www.example.com.au/cars/x-7');
    expect(json.image).toEqual(['https://www.example.com.au/images/cars/7/1.webp']);
    expect(json).not.toHaveProperty('vehicleIdentificationNumber');
    expect(vehicleJsonLd({ ...input, price: null }).offers).not.toHaveProperty('price');
  });
  test("carries what Google's Car rich result asks for, under the spec's field names", () => {
    const json = vehicleJsonLd({
      ...input,
      car: { ...input.car, vin: 'KNAPU81BMN7123456', badge: 'SX', series: 'NQ5', simple_body: 'SUV', simple_fuel: 'Petrol', simple_transmission: 'Automatic', simple_drive: 'FWD' },
    });
    expect(json).toMatchObject({
      name: '2022 Kia Sportage',
      brand: { '@type': 'Brand', name: 'Kia' },
      model: 'Sportage',
      vehicleModelDate: '2022',
      vehicleIdentificationNumber: 'KNAPU81BMN7123456',
      image: ['https://www.example.com.au/images/cars/7/1.webp'],
      offers: { price: 30_000, priceCurrency: 'AUD', availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/UsedCondition' },
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 40_000, unitCode: 'KMT' },
      vehicleConfiguration: 'SX NQ5',
      bodyType: 'SUV',
      color: 'White',
      fuelType: 'Petrol',
      vehicleTransmission: 'Automatic',
      driveWheelConfiguration: 'FWD',
    });
  });
  test('sold cars are sold out; coming soon is a pre-order', () => {
    expect(offerAvailability({ status: 'sold' })).toBe('https://schema.org/SoldOut');
    expect(offerAvailability({ status: 'coming_soon' })).toBe('https://schema.org/PreOrder');
  });
});
