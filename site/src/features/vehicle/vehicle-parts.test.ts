import { describe, expect, it } from 'vitest';
import { sameValue } from './vehicle-parts.tsx';

const onSaved = () => 1;

describe('sameValue (HydratedLater props)', () => {
  it('compares plain objects and arrays by their contents', () => {
    expect(sameValue({ car: { id: 1, title: 'A' }, offset: 500 }, { car: { id: 1, title: 'A' }, offset: 500 })).toBe(true);
    expect(sameValue([{ label: 'Call Now', href: 'tel:1' }], [{ label: 'Call Now', href: 'tel:1' }])).toBe(true);
    expect(sameValue({ cta: null }, { cta: null })).toBe(true);
  });

  it('tells a changed value, a missing key or a longer list apart', () => {
    expect(sameValue({ car: { id: 1, title: 'A' } }, { car: { id: 1, title: 'B' } })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue({ cta: null }, { cta: { label: 'x' } })).toBe(false);
  });

  it('compares functions and class instances by identity', () => {
    expect(sameValue({ onSaved }, { onSaved })).toBe(true);
    expect(sameValue({ onSaved }, { onSaved: () => 1 })).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(false);
  });
});
