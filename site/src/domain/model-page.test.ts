import { describe, expect, it } from 'vitest';
import { bodyTypesOf, modelPriceFrom, needsBodyTypeTabs, sortColoursByBodyType, variantAction, wrapIndex } from './model-page.ts';

const colour = (name: string, body_type: string | null) => ({ name, body_type });

describe('sortColoursByBodyType (spec §2: wagon, sedan, hatch and so on; unknown last)', () => {
  it('orders by body type, keeps the order within a body type, and puts unknown and missing body types last', () => {
    const sorted = sortColoursByBodyType([
      colour('Snow White', 'hatch'),
      colour('Gravity Grey', null),
      colour('Aurora Black', 'Sedan'),
      colour('Clear White', 'wagon'),
      colour('Runway Red', 'hovercraft'),
      colour('Steel Grey', 'hatch'),
      colour('Mineral Blue', 'wagon'),
    ]);
    expect(sorted.map((c) => c.name)).toEqual(['Clear White', 'Mineral Blue', 'Aurora Black', 'Snow White', 'Steel Grey', 'Gravity Grey', 'Runway Red']);
  });
  it('lists body types in that order, each once', () => {
    expect(bodyTypesOf([colour('a', 'hatch'), colour('b', null), colour('c', 'wagon'), colour('d', 'hatch')])).toEqual(['wagon', 'hatch', 'Other']);
  });
});

const many = (n: number, types: string[]) => Array.from({ length: n }, (_, i) => colour(`c${i}`, types[i % types.length]!));

describe('needsBodyTypeTabs (spec §2: 3 or more body types and more than 15 colours)', () => {
  it('shows the second tab row only with both', () => {
    expect(needsBodyTypeTabs(many(16, ['wagon', 'sedan', 'hatch']))).toBe(true);
    expect(needsBodyTypeTabs(many(15, ['wagon', 'sedan', 'hatch']))).toBe(false);
    expect(needsBodyTypeTabs(many(30, ['wagon', 'sedan']))).toBe(false);
  });
});

describe('wrapIndex (previous/next arrows wrap around)', () => {
  it('goes from the last to the first and from the first to the last', () => {
    expect(wrapIndex(8, 1, 9)).toBe(0);
    expect(wrapIndex(0, -1, 9)).toBe(8);
    expect(wrapIndex(3, 1, 9)).toBe(4);
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 0)).toBe(0);
  });
});

describe('variantAction (spec §4 model status)', () => {
  it('is Register Interest for a coming-soon model, else Test Drive', () => {
    expect(variantAction('coming_soon')).toBe('Register Interest');
    expect(variantAction('available')).toBe('Test Drive');
  });
});

describe('modelPriceFrom', () => {
  it('is the lowest variant price (spec §9 variant labels $39,990, $41,990, $45,990 → from $39,990)', () => {
    expect(modelPriceFrom([{ price: 41_990 }, { price: 39_990 }, { price: 45_990 }])).toBe(39_990);
    expect(modelPriceFrom([{ price: null }])).toBeNull();
  });
});
