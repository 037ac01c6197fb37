import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, BREAKPOINTS_DOWN, breakpointForWidth, maxWidthQuery, minWidthQuery } from './breakpoints.ts';

describe('breakpoints', () => {
  it('uses the spec §9 min-width values', () => {
    expect(BREAKPOINTS).toEqual({ xs: 400, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
    expect(BREAKPOINTS_DOWN).toEqual({ smDown: 576, mdDown: 768, lgDown: 992, xlDown: 1200 });
  });

  it('builds media queries that never overlap at the boundary', () => {
    expect(minWidthQuery('md')).toBe('(min-width: 768px)');
    expect(maxWidthQuery('mdDown')).toBe('(max-width: 767.98px)');
  });

  it('finds the breakpoint for a width', () => {
    expect(breakpointForWidth(390)).toBeNull();
    expect(breakpointForWidth(400)).toBe('xs');
    expect(breakpointForWidth(1280)).toBe('xl');
    expect(breakpointForWidth(1400)).toBe('xxl');
  });
});
