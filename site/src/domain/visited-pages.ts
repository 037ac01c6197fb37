/* This visit's pages, kept for a lead's lead_attributes (spec §3). */

/**
 * Appends a page to the visited list, skipping a repeat of the last one and keeping the newest `max`.
 * @param visited the list so far
 * @param path the page's path (and query)
 * @param max most pages kept
 */
export function withVisitedPage(visited: readonly string[], path: string, max = 50): string[] {
  if (visited[visited.length - 1] === path) return [...visited];
  return [...visited, path].slice(-max);
}
