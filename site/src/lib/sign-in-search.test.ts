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

describe('redirect targets must stay on this origin', () => {
  it('drops tab and newline tricks that browsers turn into another origin', () => {
    for (const target of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\t\\evil.example', '/%09/evil.example'.replace('%09', '\t')]) {
      expect({ target, ...signInSearchSchema.parse({ redirect: target, back: target }) }).toEqual({ target, type: undefined, redirect: undefined, back: undefined });
    }
  });

  it('keeps same-origin paths with their query and hash', () => {
    expect(signInSearchSchema.parse({ redirect: '/cars/abc?x=1#top', back: '/search/used-cars' })).toMatchObject({ redirect: '/cars/abc?x=1#top', back: '/search/used-cars' });
  });
});
