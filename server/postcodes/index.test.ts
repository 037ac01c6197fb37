import { describe, expect, test } from 'vitest';
import { lookupPostcode } from './index.ts';

describe('postcodes', () => {
  test('known postcodes have coordinates in their state', () => {
    expect(lookupPostcode('3000')).toMatchObject({ state: 'VIC', locality: 'Melbourne' });
    expect(lookupPostcode('0800')?.state).toBe('NT');
    expect(lookupPostcode('0000')).toBeUndefined();
  });

  test('lists every suburb of a postcode, not only its first (4215 is Southport and its neighbours)', () => {
    expect(lookupPostcode('4215')?.localities).toEqual(['Australia Fair', 'Chirn Park', 'Keebra Park', 'Labrador', 'Southport', 'Southport Park', 'Sundale']);
    expect(lookupPostcode('3000')?.localities).toContain('Melbourne');
  });
});
