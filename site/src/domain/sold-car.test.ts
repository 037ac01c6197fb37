import { describe, expect, it } from 'vitest';
import { soldCarDescription, soldCarStockLinks } from './sold-car.ts';

describe('soldCarStockLinks', () => {
  it('leads to the search of the make and model, then of the make, as path segments', () => {
    expect(soldCarStockLinks({ make: 'Toyota', model: 'Corolla' })).toEqual([
      { label: 'Browse Toyota Corolla', href: '/search/toyota/corolla' },
      { label: 'Browse all Toyota', href: '/search/toyota' },
    ]);
  });
  it('slugs makes and models with spaces and capitals', () => {
    expect(soldCarStockLinks({ make: 'Land Rover', model: 'Range Rover Sport' }).map((link) => link.href)).toEqual(['/search/land-rover/range-rover-sport', '/search/land-rover']);
  });
});

describe('soldCarDescription', () => {
  it('says the car has been sold and where to look', () => {
    expect(soldCarDescription('2019 Toyota Corolla Ascent', 'Harbourside Motor Group')).toBe('The 2019 Toyota Corolla Ascent has been sold. See similar cars in stock at Harbourside Motor Group.');
  });
});
