/*
 * Text cut to a preview length (spec §9): dealer comments at 400 characters, blog card titles
 * at 80 and descriptions at 100, terms and the finance disclaimer at 197.
 */

/** Dealer comments preview length (spec §9). */
export const DEALER_COMMENTS_LENGTH = 400;

/** Finance disclaimer / terms preview length (spec §9). */
export const TERMS_PREVIEW_LENGTH = 197;

/** A text and its preview. */
export interface Truncation {
  /** The preview ('…' appended when cut), or the whole text when it fits. */
  preview: string;
  /** True when the preview is shorter than the text (a more/less toggle is needed). */
  truncated: boolean;
}

/**
 * Cuts `text` to at most `limit` characters (whitespace trimmed), ending with '…' when cut.
 * A text of exactly `limit` characters is whole. Cuts back to the last word break when one is
 * within the last fifth of the limit, so a word is not split in two.
 */
export function truncateText(text: string, limit: number): Truncation {
  const whole = text.trim();
  if (whole.length <= limit) return { preview: whole, truncated: false };
  let cut = whole.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  if (space >= limit * 0.8) cut = cut.slice(0, space);
  return { preview: `${cut.trimEnd()}…`, truncated: true };
}

/**
 * The dealer comments a vehicle page shows: the pending text when empty, the whole text when
 * the tenant shows full comments, else the preview at the tenant's limit (400 by default).
 */
export function dealerCommentsView(comments: string, options: { full: boolean; limit: number; emptyText: string }): Truncation & { empty: boolean } {
  const text = comments.trim();
  if (text === '') return { preview: options.emptyText, truncated: false, empty: true };
  if (options.full) return { preview: text, truncated: false, empty: false };
  return { ...truncateText(text, options.limit), empty: false };
}

/** The first `shown` items and whether a Show All / Show More toggle is needed (features 8, specs 4). */
export function visibleItems<T>(items: readonly T[], shown: number, expanded: boolean): { items: T[]; hasMore: boolean } {
  const hasMore = items.length > shown;
  return { items: expanded || !hasMore ? [...items] : items.slice(0, shown), hasMore };
}
