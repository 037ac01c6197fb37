import { describe, expect, test } from 'vitest';
import { dealerCommentsView, truncateText, visibleItems } from './text-truncation.ts';

const pending = 'Dealer comments are pending. Please check back here later.';

describe('dealer comments (spec §4, §9)', () => {
  test('400 characters fit whole; 401 are cut with a toggle', () => {
    const exact = 'a'.repeat(400);
    expect(dealerCommentsView(exact, { full: false, limit: 400, emptyText: pending })).toEqual({ preview: exact, truncated: false, empty: false });
    const long = 'word '.repeat(100);
    const view = dealerCommentsView(long, { full: false, limit: 400, emptyText: pending });
    expect(view.truncated).toBe(true);
    expect(view.preview.length).toBeLessThanOrEqual(401);
    expect(view.preview.endsWith('word…')).toBe(true);
  });
  test('full text per tenant; the pending text when empty', () => {
    const long = 'x'.repeat(900);
    expect(dealerCommentsView(long, { full: true, limit: 400, emptyText: pending }).preview).toBe(long);
    expect(dealerCommentsView('  ', { full: false, limit: 400, emptyText: pending })).toEqual({ preview: pending, truncated: false, empty: true });
  });
  test('the 197-character disclaimer preview', () => {
    const text = 'y'.repeat(250);
    expect(truncateText(text, 197).preview).toBe(`${'y'.repeat(197)}…`);
  });
});

describe('visibleItems (features 8, specs 4)', () => {
  const items = Array.from({ length: 10 }, (_, i) => i);
  test('the first N, and whether there are more', () => {
    expect(visibleItems(items, 8, false)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7], hasMore: true });
    expect(visibleItems(items, 8, true).items).toHaveLength(10);
    expect(visibleItems(items.slice(0, 4), 4, false)).toEqual({ items: [0, 1, 2, 3], hasMore: false });
  });
});
