/**
 * The p-th percentile of ascending numbers (nearest rank); NaN when there are none.
 * @param sorted values in ascending order
 * @param p percentile, 0–100
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
