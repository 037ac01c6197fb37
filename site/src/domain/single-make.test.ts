import { describe, expect, it } from 'vitest';
import { modelFacetLabel, primaryFacets, singleMakeOf } from './single-make.ts';

describe('singleMakeOf', () => {
  it('names the make of a one-make site, whatever the case or how many dealerships list it', () => {
    expect(singleMakeOf([['Kia']], 'Kia')).toBe('Kia');
    expect(singleMakeOf([['Kia'], ['kia ']])).toBe('Kia');
    expect(singleMakeOf([[]], 'Harley-Davidson')).toBe('Harley-Davidson');
  });

  it('is null for a group or a multi-brand store, and for a site with no makes', () => {
    expect(singleMakeOf([['Toyota'], ['Mazda']])).toBeNull();
    expect(singleMakeOf([['Yamaha', 'Kawasaki', 'Triumph', 'KTM']])).toBeNull();
    expect(singleMakeOf([['Kia']], 'Hyundai')).toBeNull();
    expect(singleMakeOf([[]])).toBeNull();
  });
});

describe('primaryFacets', () => {
  const configured = ['car_type', 'make', 'price', 'year', 'km', 'simple_body'];

  it('puts the model list first and drops the make facet on a single-make site', () => {
    expect(primaryFacets(configured, 'Kia')).toEqual(['make_model', 'car_type', 'price', 'year', 'km', 'simple_body']);
    // Range Road Kia configures neither make nor model: the model list is added.
    expect(primaryFacets(['car_type', 'price', 'year', 'km', 'simple_body', 'simple_fuel', 'colour'], 'Kia')[0]).toBe('make_model');
    expect(primaryFacets(['price', 'make_model', 'make'], 'Kia')).toEqual(['make_model', 'price']);
  });

  it('keeps the configured facets of a multi-make site', () => {
    expect(primaryFacets(configured, null)).toEqual(configured);
  });
});

describe('modelFacetLabel', () => {
  it('drops the make on a single-make site and keeps other makes (trade-ins) whole', () => {
    expect(modelFacetLabel('Kia Sportage', 'Kia')).toBe('Sportage');
    expect(modelFacetLabel('Kia EV6', 'kia')).toBe('EV6');
    expect(modelFacetLabel('Toyota Corolla', 'Kia')).toBe('Toyota Corolla');
    expect(modelFacetLabel('Kia Sportage', null)).toBe('Kia Sportage');
  });
});
