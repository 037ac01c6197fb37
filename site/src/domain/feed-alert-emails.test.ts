import { describe, expect, test } from 'vitest';
import { feedAlertEmailPace, feedsOverdue, quietFeedEmailDue, quietForText, refusalEmailDue } from './feed-alert-emails.ts';

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
    expect(feedAlertEmailPace()).toBe('a day');
  });
});

describe('feeds that stop arriving', () => {
  // A nightly export at 02:00 UTC, the longest gap set to 26 hours.
  const lastFeed = new Date('2026-12-04T02:00:00Z');
  test('overdue once the longest gap has passed since the last feed, not before', () => {
    expect(feedsOverdue(lastFeed, 26, new Date('2026-12-05T03:59:59Z'))).toBe(false);
    expect(feedsOverdue(lastFeed, 26, new Date('2026-12-05T04:00:00Z'))).toBe(true);
  });
  test('never overdue without a gap set, nor before the first feed', () => {
    expect(feedsOverdue(lastFeed, undefined, new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(feedsOverdue(null, 1, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });
  test('emailed once when overdue, then a day after that email, until a feed arrives', () => {
    const overdueAt = new Date('2026-12-05T04:00:00Z');
    expect(quietFeedEmailDue(lastFeed, 26, null, new Date('2026-12-05T03:50:00Z'))).toBe(false);
    expect(quietFeedEmailDue(lastFeed, 26, null, overdueAt)).toBe(true);
    const told = { at: overdueAt, lastFeedAt: lastFeed };
    expect(quietFeedEmailDue(lastFeed, 26, told, new Date('2026-12-05T04:10:00Z'))).toBe(false);
    expect(quietFeedEmailDue(lastFeed, 26, told, new Date('2026-12-06T03:59:59Z'))).toBe(false);
    expect(quietFeedEmailDue(lastFeed, 26, told, new Date('2026-12-06T04:00:00Z'))).toBe(true);
  });
  test('a feed arriving ends the silence: the next one is news again, a full gap after that feed', () => {
    const told = { at: new Date('2026-12-05T04:00:00Z'), lastFeedAt: lastFeed };
    const nextFeed = new Date('2026-12-05T06:00:00Z');
    expect(quietFeedEmailDue(nextFeed, 26, told, new Date('2026-12-06T07:59:59Z'))).toBe(false);
    expect(quietFeedEmailDue(nextFeed, 26, told, new Date('2026-12-06T08:00:00Z'))).toBe(true);
  });
  test('how long in words', () => {
    expect(quietForText(0)).toBe('less than an hour');
    expect(quietForText(3_599_999)).toBe('less than an hour');
    expect(quietForText(3_600_000)).toBe('1 hour');
    expect(quietForText(26.9 * 3_600_000)).toBe('26 hours');
    expect(quietForText(47.99 * 3_600_000)).toBe('47 hours');
    expect(quietForText(48 * 3_600_000)).toBe('2 days');
    expect(quietForText(8 * 24 * 3_600_000 + 5)).toBe('8 days');
  });
});
