import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, parseHexColour, readableOn, toHex } from './colour.ts';

describe('parseHexColour', () => {
  it('reads short and long hex', () => {
    expect(parseHexColour('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHexColour('#EB0A1E')).toEqual({ r: 235, g: 10, b: 30 });
  });

  it('names the field on bad input', () => {
    expect(() => parseHexColour('red', 'theme.colors.primary')).toThrow("theme.colors.primary: 'red' is not a hex colour");
  });
});

describe('contrast', () => {
  it('gives 21:1 for black on white', () => {
    expect(contrastRatio(parseHexColour('#000'), parseHexColour('#fff'))).toBeCloseTo(21, 5);
  });

  it('puts white text on a dark brand colour and dark text on a pale one', () => {
    expect(toHex(readableOn(parseHexColour('#003478')))).toBe('#ffffff');
    expect(toHex(readableOn(parseHexColour('#ffd200')))).toBe('#111418');
  });

  it('darkens a pale link colour until it reaches 4.5:1 on white', () => {
    const white = parseHexColour('#ffffff');
    const fixed = ensureContrast(parseHexColour('#ffd200'), white);
    expect(contrastRatio(fixed, white)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already passes', () => {
    const navy = parseHexColour('#003478');
    expect(ensureContrast(navy, parseHexColour('#ffffff'))).toEqual(navy);
  });
});
