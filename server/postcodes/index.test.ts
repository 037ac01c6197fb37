import { describe, expect, test } from 'vitest';
import { lookupPostcode } from './index.ts';

describe('postcodes', () => {
  test('known postcodes have coordinates in their state', () => {
    expect(lookupPostcode('3000')).toMatchObject({ state: 'VIC', locality: 'Melbourne' });
    expect(lookupPostcode('0800')?.state).toBe('NT');
    expect(lookupPostcode('0000')).toBeUndefined();
  });
});
