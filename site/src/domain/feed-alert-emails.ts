/*
 * When the people a site names for it (stockFeed.alertEmails) are emailed that its stock feeds
 * went wrong: a feed refused, or feeds that stopped arriving. A dealer's system that sends a broken
 * export every quarter of an hour, or has been switched off for a week, must not fill an inbox, yet
 * a yard whose feeds stay wrong must not go quiet either. So the first email of each trouble goes at
 * once, and while it lasts, one more a day.
 */

const HOUR_MS = 3_600_000;

/** While the trouble lasts, another email after this long. */
export const FEED_ALERT_EMAIL_EVERY_HOURS = 24;

/** How often the emails come while the trouble lasts, in words: "a day". */
export function feedAlertEmailPace(): string {
  const hours = FEED_ALERT_EMAIL_EVERY_HOURS;
  if (hours === 24) return 'a day';
  return hours % 24 === 0 ? `every ${hours / 24} days` : `every ${hours} hours`;
}

/** The site's last refusal email, as far as the rule needs it. */
export interface LastRefusalEmail {
  /** When the refused feed it told of arrived. */
  at: Date;
  /** A feed was applied after it. */
  appliedSince: boolean;
}

/**
 * Whether a refused feed arriving `now` is emailed: the first refusal after an applied feed (or
 * ever), then one a day while feeds keep being refused.
 * @param last the site's last refusal email, null for none
 * @param now when the refused feed arrived
 */
export function refusalEmailDue(last: LastRefusalEmail | null, now: Date): boolean {
  if (!last || last.appliedSince) return true;
  return now.getTime() - last.at.getTime() >= FEED_ALERT_EMAIL_EVERY_HOURS * HOUR_MS;
}

/**
 * Whether a site's feeds have stopped arriving: it has had a feed (applied or refused), a longest
 * gap is set, and the last feed is at least that long ago.
 * @param lastFeedAt when the site's last feed arrived, null for never
 * @param maxHours stockFeed.maxHoursBetweenFeeds (undefined: not set)
 * @param now the time to judge at
 */
export function feedsOverdue(lastFeedAt: Date | null, maxHours: number | undefined, now: Date): boolean {
  if (lastFeedAt === null || maxHours === undefined) return false;
  return now.getTime() - lastFeedAt.getTime() >= maxHours * HOUR_MS;
}

/** The site's last email that feeds had stopped arriving. */
export interface LastQuietFeedEmail {
  /** When it was written. */
  at: Date;
  /** When the last feed before it had arrived. */
  lastFeedAt: Date;
}

/**
 * Whether to email now that a site's feeds have stopped arriving: once when they are overdue
 * (feedsOverdue), then one a day until a feed arrives; a feed arriving ends that silence, and the
 * next one is news again.
 * @param lastFeedAt when the site's last feed arrived, null for never
 * @param maxHours stockFeed.maxHoursBetweenFeeds (undefined: not set)
 * @param last the site's last such email, null for none
 * @param now the time to judge at
 */
export function quietFeedEmailDue(lastFeedAt: Date | null, maxHours: number | undefined, last: LastQuietFeedEmail | null, now: Date): boolean {
  if (!feedsOverdue(lastFeedAt, maxHours, now)) return false;
  if (!last || last.lastFeedAt.getTime() < lastFeedAt!.getTime()) return true;
  return now.getTime() - last.at.getTime() >= FEED_ALERT_EMAIL_EVERY_HOURS * HOUR_MS;
}

/**
 * How long the site has gone without a feed, in words: "less than an hour", whole hours under two
 * days ("1 hour", "30 hours"), whole days from then ("2 days").
 * @param sinceMs milliseconds since the last feed
 */
export function quietForText(sinceMs: number): string {
  const hours = Math.max(0, Math.floor(sinceMs / HOUR_MS));
  if (hours === 0) return 'less than an hour';
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}
