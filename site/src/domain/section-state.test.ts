import { describe, expect, test } from 'vitest';
import { closedSections, sectionOpen, withSectionOpen } from './section-state.ts';

describe('vehicle page sections open and close (spec §4)', () => {
  test('every section starts open', () => {
    expect(sectionOpen([], 'key-information')).toBe(true);
    expect(sectionOpen(closedSections(null), 'features')).toBe(true);
  });

  test('a closed section stays closed until it is opened again', () => {
    const closed = withSectionOpen([], 'features', false);
    expect(closed).toEqual(['features']);
    expect(sectionOpen(closed, 'features')).toBe(false);
    expect(sectionOpen(closed, 'key-information')).toBe(true);
    expect(withSectionOpen(closed, 'features', true)).toEqual([]);
  });

  test('closing one twice keeps one entry', () => {
    expect(withSectionOpen(['features'], 'features', false)).toEqual(['features']);
  });

  test("the page's own anchor opens its section", () => {
    expect(sectionOpen(['vehicle-map'], 'vehicle-map', '#vehicle-map')).toBe(true);
    expect(sectionOpen(['vehicle-map'], 'vehicle-map', 'vehicle-map')).toBe(true);
    expect(sectionOpen(['vehicle-map'], 'vehicle-map', '#key-information')).toBe(false);
  });

  test('a stored value that is not a list of section ids reads as nothing closed', () => {
    expect(closedSections('features')).toEqual([]);
    expect(closedSections({ features: true })).toEqual([]);
    expect(closedSections([1, null, 'Features', '<img>', 'features', 'features'])).toEqual(['features']);
  });

  test('at most 40 ids are kept', () => {
    const many = Array.from({ length: 60 }, (_, index) => `section-${index}`);
    expect(closedSections(many)).toHaveLength(40);
  });
});
