/*
 * When a refused stock feed is emailed to the people the site names for it (stockFeed.refusalEmails):
 * a dealer's system that sends a broken export every quarter of an hour must not fill an inbox,
 * yet a yard whose feeds stay refused must not go quiet either. So the first refusal after an
 * applied feed (or ever) is emailed, and while feeds keep being refused, one more a day.
 */

/** While feeds keep being refused, another email after this long. */
export const REFUSAL_EMAIL_EVERY_HOURS = 24;

/** How often the emails come while feeds keep being refused, in words: "a day". */
export function refusalEmailPace(): string {
  const hours = REFUSAL_EMAIL_EVERY_HOURS;
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
 * Whether a refused feed arriving `now` is emailed.
 * @param last the site's last refusal email, null for none
 * @param now when the refused feed arrived
 */
export function refusalEmailDue(last: LastRefusalEmail | null, now: Date): boolean {
  if (!last || last.appliedSince) return true;
  return now.getTime() - last.at.getTime() >= REFUSAL_EMAIL_EVERY_HOURS * 3_600_000;
}
