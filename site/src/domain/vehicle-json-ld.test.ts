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
  test('sold cars are sold out; coming soon is a pre-order', () => {
    expect(offerAvailability({ status: 'sold' })).toBe('https://schema.org/SoldOut');
    expect(offerAvailability({ status: 'coming_soon' })).toBe('https://schema.org/PreOrder');
  });
});
