/**
 * Responsive breakpoints of spec §9, in CSS pixels.
 *
 * `min` values are mobile-first `min-width` thresholds; `maxDown` values are the
 * matching `max-width` variants (sm-down 576, md-down 768, lg-down 992, xl-down 1200).
 * The global stylesheet repeats these numbers in its media queries (CSS cannot import
 * TS); `breakpoints.test.ts` keeps the two in step.
 */
export const BREAKPOINTS = {
  xs: 400,
  sm: 576,
  md: 768,
  lg: 992,
  xl: 1200,
  xxl: 1400,
} as const;

/** Name of a min-width breakpoint. */
export type BreakpointName = keyof typeof BREAKPOINTS;

/** Max-width ("down") breakpoints of spec §9. */
export const BREAKPOINTS_DOWN = {
  smDown: 576,
  mdDown: 768,
  lgDown: 992,
  xlDown: 1200,
} as const;

/** Name of a max-width breakpoint. */
export type BreakpointDownName = keyof typeof BREAKPOINTS_DOWN;

/**
 * Media query for "at least this breakpoint", e.g. `minWidthQuery('md')` →
 * `(min-width: 768px)`.
 */
export function minWidthQuery(name: BreakpointName): string {
  return `(min-width: ${BREAKPOINTS[name]}px)`;
}

/**
 * Media query for "below this breakpoint". The bound is exclusive (width < 768 px for
 * `mdDown`) so a width is never inside both `md` and `mdDown`.
 */
export function maxWidthQuery(name: BreakpointDownName): string {
  return `(max-width: ${BREAKPOINTS_DOWN[name] - 0.02}px)`;
}

/**
 * The largest min-width breakpoint a viewport width reaches, or `null` below xs.
 */
export function breakpointForWidth(width: number): BreakpointName | null {
  let found: BreakpointName | null = null;
  for (const [name, min] of Object.entries(BREAKPOINTS) as [BreakpointName, number][]) {
    if (width >= min) found = name;
  }
  return found;
}
