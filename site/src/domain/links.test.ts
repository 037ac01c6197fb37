import { describe, expect, it } from 'vitest';
import { classifyHref } from './links.ts';

describe('classifyHref', () => {
  it('routes site paths with query and hash in-app', () => {
    expect(classifyHref('/search/used-cars?make=Toyota&page=2#results')).toEqual({
      kind: 'internal',
      pathname: '/search/used-cars',
      search: { make: 'Toyota', page: '2' },
      hash: 'results',
    });
    expect(classifyHref('/service#service-booking')).toEqual({ kind: 'internal', pathname: '/service', search: {}, hash: 'service-booking' });
  });

  it('keeps the trailing slash of the default search path', () => {
    expect(classifyHref('/search/new-used-and-demo-cars/')).toMatchObject({ pathname: '/search/new-used-and-demo-cars/' });
  });

  it('treats absolute URLs as external and tel/mailto/anchors as document links', () => {
    expect(classifyHref('https://twg.com.au/tyres')).toEqual({ kind: 'external', href: 'https://twg.com.au/tyres' });
    expect(classifyHref('tel:0731234567').kind).toBe('document');
    expect(classifyHref('#finance-form').kind).toBe('document');
  });

  it('rejects unsafe or malformed hrefs with the href named', () => {
    expect(() => classifyHref('javascript:alert(1)')).toThrow("href: 'javascript:alert(1)' is not allowed");
    expect(() => classifyHref('//evil.example')).toThrow('not allowed');
    expect(() => classifyHref('finance')).toThrow("href: 'finance' must start with '/'");
    expect(() => classifyHref(' ')).toThrow('href: must not be empty');
  });
});
