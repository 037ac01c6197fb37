import { describe, expect, test } from 'vitest';
import { refusalEmailDue, refusalEmailPace } from './refusal-email.ts';

describe('refusalEmailDue', () => {
  const at = new Date('2026-12-04T02:00:00Z');
  test('the first refusal is emailed', () => {
    expect(refusalEmailDue(null, at)).toBe(true);
  });
  test('refusals in a row: one email a day', () => {
    expect(refusalEmailDue({ at, appliedSince: false }, new Date('2026-12-04T02:15:00Z'))).toBe(false);
    expect(refusalEmailDue({ at, appliedSince: false }, new Date('2026-12-05T01:59:59Z'))).toBe(false);
    expect(refusalEmailDue({ at, appliedSince: false }, new Date('2026-12-05T02:00:00Z'))).toBe(true);
  });
  test('a feed applied in between: the next refusal is news again', () => {
    expect(refusalEmailDue({ at, appliedSince: true }, new Date('2026-12-04T02:15:00Z'))).toBe(true);
  });
  test('the pace in words', () => {
    expect(refusalEmailPace()).toBe('a day');
  });
});
