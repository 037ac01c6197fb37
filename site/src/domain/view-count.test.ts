import { expect, test } from 'vitest';
import { viewCountText } from './view-count.ts';

test('a view count reads "123 views", with separators, and "1 view" for one', () => {
  expect(viewCountText(123)).toBe('123 views');
  expect(viewCountText(1234)).toBe('1,234 views');
  expect(viewCountText(1)).toBe('1 view');
  expect(viewCountText(0)).toBe('0 views');
});
