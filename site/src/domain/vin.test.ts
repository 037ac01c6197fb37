import { describe, expect, test } from 'vitest';
import { vinCheckDigitValid, vinFormatError } from './vin.ts';

describe('VIN', () => {
  test('published examples with a valid check digit pass', () => {
    // The worked example of the North American check digit (ninth character X).
    expect(vinCheckDigitValid('1M8GDM9AXKP042788')).toBe(true);
    // All ones: 1 × (sum of weights 89) mod 11 = 1, the ninth character.
    expect(vinCheckDigitValid('11111111111111111')).toBe(true);
  });
  test('a changed character fails the check digit', () => {
    expect(vinCheckDigitValid('1M8GDM9AXKP042789')).toBe(false);
    expect(vinCheckDigitValid('11111111211111111')).toBe(false);
  });
  test('form errors name what is wrong', () => {
    expect(vinFormatError('1M8GDM9AXKP04278')).toBe('a VIN has 17 characters, this one has 16');
    expect(vinFormatError('1M8GDM9AXKP04278O')).toBe('a VIN has no "O" (letters I, O and Q are never used)');
    expect(vinFormatError('1M8GDM9AXKP042788')).toBeNull();
  });
});
