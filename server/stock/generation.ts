/*
 * A counter per tenant that moves whenever its stock changed in this process (a feed, a photo
 * downloaded, a reservation): caches built from the stock (sitemaps, marketplace feeds) key on
 * it, so they are rebuilt on the next request after a change rather than after a timeout.
 */

const generations = new Map<string, { n: number }>();
const applied = new Set<number>();

/**
 * The tenant's stock generation (0 before any change in this process).
 * @param slug tenant slug
 */
export function stockGeneration(slug: string): { n: number } {
  let g = generations.get(slug);
  if (!g) {
    g = { n: 0 };
    generations.set(slug, g);
  }
  return g;
}

/**
 * Records that a tenant's stock changed.
 * @param slug tenant slug
 */
export function stockChanged(slug: string): void {
  generations.set(slug, { n: stockGeneration(slug).n + 1 });
}

/**
 * Marks a stock import as already re-indexed by this process (so the poll for imports written
 * by other processes skips it). Returns false when it was already marked.
 * @param importId stock_imports id
 */
export function markImportApplied(importId: number): boolean {
  if (applied.has(importId)) return false;
  applied.add(importId);
  return true;
}
