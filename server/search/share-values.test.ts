import { describe, expect, it } from 'vitest';
import type { SearchRecord } from './columns.ts';
import { createSearchService } from './service.ts';
import { shareHeldValues } from './share-values.ts';

/*
 * Records arriving from the stock worker are copies; their values that equal the held record's
 * are pointed at the held ones. What they say must not change, and a list or object that differs
 * must stay the arriving one.
 */

const held = () => ({
  objectID: '7',
  make: 'Toyota',
  price: 30000,
  thumbnails: ['https://photos.example/7/1.jpg', 'https://photos.example/7/2.jpg'],
  categories: ['Family'],
  youxQuote: { weeklyRepaymentAmount: 120, termMonths: 60 },
  location_name: 'Harbourside Toyota Newstead',
}) satisfies SearchRecord;

describe('shareHeldValues', () => {
  it('points lists and objects equal to the held record at the held ones, and leaves every value as it came', () => {
    const before = held();
    const arriving = structuredClone({ ...held(), price: 29000 });
    const expected = structuredClone(arriving);
    shareHeldValues([arriving], new Map([['7', before]]));
    expect(arriving).toEqual(expected);
    expect(arriving.thumbnails).toBe(before.thumbnails);
    expect(arriving.categories).toBe(before.categories);
    expect(arriving.youxQuote).toBe(before.youxQuote);
    expect(arriving.price).toBe(29000);
  });

  it('keeps the arriving list or object where it differs from the held one', () => {
    const before = held();
    const arriving = structuredClone({ ...held(), thumbnails: ['https://photos.example/7/1.jpg'], categories: ['Family', 'Work'], youxQuote: { weeklyRepaymentAmount: 118, termMonths: 60 } });
    shareHeldValues([arriving], new Map([['7', before]]));
    expect(arriving.thumbnails).not.toBe(before.thumbnails);
    expect(arriving.thumbnails).toEqual(['https://photos.example/7/1.jpg']);
    expect(arriving.categories).toEqual(['Family', 'Work']);
    expect(arriving.youxQuote).toEqual({ weeklyRepaymentAmount: 118, termMonths: 60 });
    expect(before.youxQuote).toEqual({ weeklyRepaymentAmount: 120, termMonths: 60 });
  });

  it('leaves a new car (nothing held) as it came, nested lists included', () => {
    const arriving = structuredClone({ ...held(), objectID: '8', extras: [['a', 'b'], { x: 1 }] });
    const expected = structuredClone(arriving);
    shareHeldValues([arriving, structuredClone(arriving)], new Map([['7', held()]]));
    expect(arriving).toEqual(expected);
  });

  it('leaves a frozen record as it came', () => {
    const arriving = Object.freeze(structuredClone(held()));
    expect(() => shareHeldValues([arriving], new Map([['7', held()]]))).not.toThrow();
    expect(arriving).toEqual(held());
  });

  it('is what the engine does before upserting: the search answers the arriving values', async () => {
    const service = createSearchService();
    await service.setRecords('t', [held()]);
    const arriving = structuredClone({ ...held(), price: 25500, location_name: 'Harbourside Mazda Springwood' });
    service.shareHeldValues('t', [arriving]);
    await service.upsertRecords('t', [arriving]);
    const answer = (await service.handle('t', 'GET', '/1/indexes/cars/7', undefined, {})).json as Record<string, unknown>;
    expect(answer.price).toBe(25500);
    expect(answer.location_name).toBe('Harbourside Mazda Springwood');
    expect(answer.thumbnails).toEqual(held().thumbnails);
  });
});
