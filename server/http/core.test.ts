import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { HttpError, parseInput } from './core.ts';

/** What parseInput threw for `value`. */
function refusal(schema: z.ZodType, value: unknown): HttpError {
  try {
    parseInput(schema, value, 'body');
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseInput: programs keep zod’s detail, forms get plain words', () => {
  const schema = z.object({ name: z.string().max(200), email: z.email('Please enter a valid email address.'), term: z.number().int().max(7) });

  test('the summary keeps zod’s own wording; each field’s message is plain English', () => {
    const error = refusal(schema, { name: 'N'.repeat(201), email: 'ana@example.com', term: 8 });
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid body: name: Too big: expected string to have <=200 characters; term: Too big: expected number to be <=7');
    expect(error.fields).toEqual([
      { path: 'name', message: 'Use at most 200 characters.' },
      { path: 'term', message: 'Must be 7 or less.' },
    ]);
  });

  test('a message the schema wrote is the same in both', () => {
    const error = refusal(schema, { name: 'Ana', email: 'not an address', term: 1 });
    expect(error.message).toBe('Invalid body: email: Please enter a valid email address.');
    expect(error.fields).toEqual([{ path: 'email', message: 'Please enter a valid email address.' }]);
  });

  test('a missing field: zod’s detail for programs, "Please fill this in." for the form', () => {
    const error = refusal(schema, { email: 'ana@example.com', term: 1 });
    expect(error.message).toBe('Invalid body: name: Invalid input: expected string, received undefined');
    expect(error.fields).toEqual([{ path: 'name', message: 'Please fill this in.' }]);
  });
});
