import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsePlainly, plainFieldIssues } from './plain-issue.ts';

/** The message of the first issue when `schema` refuses `value` with the plain error map. */
function refused(schema: z.ZodType, value: unknown): string | undefined {
  const result = parsePlainly(schema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('plainIssueMessage: zod’s rules in words a shopper reads after a field’s label', () => {
  it('lengths, amounts and counts, with the numbers as Australians write them', () => {
    expect(refused(z.string().max(5000), 'x'.repeat(5001))).toBe('Use at most 5,000 characters.');
    expect(refused(z.string().min(8), 'short')).toBe('Use at least 8 characters.');
    expect(refused(z.string().min(1), '')).toBe('Please fill this in.');
    expect(refused(z.number().max(10_000_000), 10_000_001)).toBe('Must be 10,000,000 or less.');
    expect(refused(z.number().nonnegative(), -1)).toBe('Must be 0 or more.');
    expect(refused(z.number().positive(), 0)).toBe('Must be more than 0.');
    expect(refused(z.array(z.string()).max(50), Array.from({ length: 51 }, () => 'a'))).toBe('Choose at most 50.');
  });
  it('missing, wrong kind, format and choice', () => {
    expect(refused(z.object({ name: z.string() }), {})).toBe('Please fill this in.');
    expect(refused(z.string(), 12)).toBe('Please check this value.');
    expect(refused(z.email(), 'nope')).toBe('Please enter a valid email address.');
    expect(refused(z.iso.date(), '2026-13-45')).toBe('Please enter a valid date.');
    expect(refused(z.enum(['Phone', 'Email']), 'Fax')).toBe('Please choose one of the options.');
    expect(refused(z.strictObject({ name: z.string() }), { name: 'Ann', nmae: 'Ann' })).toBe('Not a field this takes: check its spelling.');
  });
  it('a message the schema wrote itself wins', () => {
    expect(refused(z.string().regex(/^\d{4}$/, 'Invalid postcode. Please enter a 4-digit number.'), '12')).toBe('Invalid postcode. Please enter a 4-digit number.');
  });

  it('a form\'s refused fields by their top-level names, in the schema\'s order; the whole form as "form"; none when the value passes', () => {
    const Order = z.object({ name: z.string().min(1), address: z.object({ postcode: z.string().regex(/^\d{4}$/, 'Invalid postcode. Please enter a 4-digit number.') }), comments: z.string().max(5000).optional() });
    expect(plainFieldIssues(Order, { name: '', address: { postcode: '30' }, comments: 'x'.repeat(5001) })).toEqual([
      { path: 'name', message: 'Please fill this in.' },
      { path: 'address', message: 'Invalid postcode. Please enter a 4-digit number.' },
      { path: 'comments', message: 'Use at most 5,000 characters.' },
    ]);
    expect(plainFieldIssues(Order, 'not a form')).toEqual([{ path: 'form', message: 'Please check this value.' }]);
    expect(plainFieldIssues(Order, { name: 'Sam', address: { postcode: '3000' } })).toEqual([]);
  });
});
