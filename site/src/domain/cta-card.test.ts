import { describe, expect, it } from 'vitest';
import { ctaCardSlot } from './cta-card.ts';

describe('ctaCardSlot (spec §9: car card call-to-action position 30)', () => {
  it('follows the 30th car: ninth on page two at 21 a page, sixth at 24 a page', () => {
    expect(ctaCardSlot(30, 0, 21, 21)).toBeNull();
    expect(ctaCardSlot(30, 1, 21, 21)).toBe(9);
    expect(ctaCardSlot(30, 2, 21, 21)).toBeNull();
    expect(ctaCardSlot(30, 1, 24, 24)).toBe(6);
  });
  it('is absent when fewer than 30 cars are found, and when switched off (0)', () => {
    expect(ctaCardSlot(30, 1, 21, 8)).toBeNull();
    expect(ctaCardSlot(30, 1, 21, 9)).toBe(9);
    expect(ctaCardSlot(0, 0, 21, 21)).toBeNull();
  });
  it('a position inside the first page shows there', () => {
    expect(ctaCardSlot(6, 0, 21, 21)).toBe(6);
  });
});
