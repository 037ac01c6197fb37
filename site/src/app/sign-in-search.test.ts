import { describe, expect, it } from 'vitest';
import { signInSearchSchema } from './sign-in-search.ts';

describe('signInSearchSchema', () => {
  it('keeps valid type, redirect and back', () => {
    expect(signInSearchSchema.parse({ type: 'my-garage', redirect: '/my-garage', back: '/cars/abc' })).toEqual({
      type: 'my-garage',
      redirect: '/my-garage',
      back: '/cars/abc',
    });
  });

  it('drops an unknown type and off-site targets instead of failing', () => {
    expect(signInSearchSchema.parse({ type: 'admin', redirect: 'https://evil.example', back: '//evil.example' })).toEqual({
      type: undefined,
      redirect: undefined,
      back: undefined,
    });
  });

  it('drops backslash tricks and non-string values', () => {
    expect(signInSearchSchema.parse({ type: 42, redirect: '/\\evil.example', back: ['/'] })).toEqual({
      type: undefined,
      redirect: undefined,
      back: undefined,
    });
  });
});
