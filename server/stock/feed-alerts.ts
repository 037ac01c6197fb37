import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { zonedDateTimeText } from '../../schema/zoned-time.ts';
import { feedAlertEmailPace, quietFeedEmailDue, quietForText, refusalEmailDue } from '../../site/src/domain/feed-alert-emails.ts';
import type { Database } from '../db/types.ts';
import { html, type Html } from '../dealer-inbox/html.ts';
import { lastFeed } from './feed-reports.ts';

/*
 * Emails to the people a site names for its stock feeds (stockFeed.alertEmails) when the feeds go
 * wrong, so that the website does not go on showing yesterday's stock with nobody the wiser:
 * - a feed the dealer's system sent and the platform refused (a file cut short, too many
 *   unreadable rows), written in the refusal's own transaction; a feed refused from the import
 *   command is not emailed, as whoever ran it read the refusal on the spot;
 * - feeds that stopped arriving (stockFeed.maxHoursBetweenFeeds), found by the server's check
 *   every few minutes.
 * Both go through the leads' outbox: sent by the delivery worker, tried again while the relay is
 * down. Not every time: the rules of site/src/domain/feed-alert-emails.ts keep a system that sends
 * a broken file every quarter of an hour, or none for a week, from filling an inbox.
 */

/** What the dealer's page says of a refused feed's email. */
export type RefusalEmailState = 'emailed' | 'nobody' | 'already-told';

/** A refused feed, as its email tells of it. */
export interface RefusedFeed {
  /** Its report (stock_feed_reports). */
  reportId: number;
  /** Why it was refused, in the dealer's words. */
  reason: string;
  mode: 'full' | 'delta';
  receivedAt: Date;
}

/** The site, as its feeds' emails need it. */
export interface FeedAlertSite {
  id: number;
  /** The site's name as its visitors read it. */
  name: string;
  timeZone: string;
  /** Who is told (stockFeed.alertEmails). */
  to: readonly string[];
}

/** The site, as a refused feed's email needs it. */
export interface RefusalEmailSite extends FeedAlertSite {
  /** The dealer area's stock feed page, as an absolute address. */
  pageUrl: string;
}

/** An email ready for the outbox. */
export interface FeedAlertEmail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of an alert email: its words, after a label (bold in HTML) if it has one. */
interface Paragraph {
  label?: string;
  words: string;
}

/** A paragraph as HTML. */
const para = (p: Paragraph): Html => (p.label ? html`<p><strong>${p.label}</strong> ${p.words}</p>` : html`<p>${p.words}</p>`);

/** An email of paragraphs, as text and as HTML, then the stock feed page's link and a footer. */
function alertEmail(subject: string, paragraphs: Paragraph[], pageUrl: string, footer: string): FeedAlertEmail {
  const page = 'Every feed, with the rows that could not be read, is listed on the stock feed page:';
  const text = [...paragraphs.flatMap((p) => [p.label ? `${p.label} ${p.words}` : p.words, '']), page, pageUrl, '', footer, ''].join('\n');
  const body = html`<!doctype html><html lang="en-AU"><body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a">
${paragraphs.map(para)}
<p>${page} <a href="${pageUrl}">${pageUrl}</a></p>
<p style="color: #555555">${footer}</p>
</body></html>`;
  return { subject, text, html: body.text };
}

/**
 * The email telling of a refused feed: when it came, why it was refused, that the site still
 * shows the stock from before it, what to do, and where every feed is listed.
 * @param site the site
 * @param feed the refused feed
 */
export function refusedFeedEmail(site: Pick<RefusalEmailSite, 'name' | 'timeZone' | 'pageUrl'>, feed: Omit<RefusedFeed, 'reportId'>): FeedAlertEmail {
  const when = zonedDateTimeText(feed.receivedAt, site.timeZone);
  const kind = feed.mode === 'full' ? 'full stock list' : 'list of changes';
  return alertEmail(
    `Stock feed refused: the ${site.name} website still shows the stock from before it`,
    [
      { words: `The ${kind} your stock system sent to the ${site.name} website on ${when} was refused, so the website still shows the cars as they were before it.` },
      { label: 'Why:', words: `${feed.reason}.` },
      { label: 'What to do:', words: 'fix the export in your stock system and send it again. Nothing on the website needs undoing.' },
    ],
    site.pageUrl,
    `While feeds keep being refused, you will get at most one of these emails ${feedAlertEmailPace()}.`,
  );
}

/** Adds an email to the outbox, due now; its delivery's id. */
async function queueAlertEmail(tx: Transaction<Database> | Kysely<Database>, siteId: number, to: readonly string[], kind: string, email: FeedAlertEmail, now: Date): Promise<number> {
  const delivery = await tx
    .insertInto('lead_deliveries')
    .values({ site_id: siteId, lead_id: null, delivery_key: `${kind}-${crypto.randomUUID()}`, channel: 'email', target: JSON.stringify({ to }), next_attempt_at: now, message: JSON.stringify(email) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return delivery.id;
}

/**
 * Tells of a refused feed, in the transaction that keeps its report: queues the email (the
 * delivery worker sends it) when refusalEmailDue says so, and notes on the report what was done.
 * @param tx the refusal's transaction
 * @param site the site and who to tell
 * @param feed the refused feed, its report already written
 */
export async function tellOfRefusal(tx: Transaction<Database> | Kysely<Database>, site: RefusalEmailSite, feed: RefusedFeed): Promise<RefusalEmailState> {
  const note = async (state: RefusalEmailState, deliveryId: number | null) => {
    await tx.updateTable('stock_feed_reports').set({ refusal_email: state, refusal_delivery_id: deliveryId }).where('id', '=', feed.reportId).execute();
    return state;
  };
  if (site.to.length === 0) return note('nobody', null);
  // Two refusals of one site at once take turns here, so both cannot find no email before them.
  await sql`select pg_advisory_xact_lock(hashtext(${`refusal-email|${site.id}`}))`.execute(tx);
  const last = await tx
    .selectFrom('stock_feed_reports')
    .select(['id', 'received_at'])
    .where('site_id', '=', site.id)
    .where('refusal_email', '=', 'emailed')
    .where('id', '!=', feed.reportId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const appliedSince = last
    ? Boolean(await tx.selectFrom('stock_feed_reports').select('id').where('site_id', '=', site.id).where('refused', 'is', null).where('id', '>', last.id).limit(1).executeTakeFirst())
    : false;
  if (!refusalEmailDue(last ? { at: new Date(last.received_at), appliedSince } : null, feed.receivedAt)) return note('already-told', null);
  return note('emailed', await queueAlertEmail(tx, site.id, site.to, 'feed-refused', refusedFeedEmail(site, feed), feed.receivedAt));
}

/** Emails kept per site that its feeds had stopped (at most one a day is written), older ones pruned. */
export const QUIET_FEED_EMAILS_KEPT = 30;

/**
 * The email telling that a site's feeds have stopped arriving: since when, what shoppers see
 * meanwhile, what to check, and where every feed is listed.
 * @param site the site and its stock feed page
 * @param lastFeedAt when its last feed arrived
 * @param maxHours the longest gap set for it (stockFeed.maxHoursBetweenFeeds)
 * @param now when the email is written
 */
export function quietFeedEmail(site: Pick<RefusalEmailSite, 'name' | 'timeZone' | 'pageUrl'>, lastFeedAt: Date, maxHours: number, now: Date): FeedAlertEmail {
  const quietFor = quietForText(now.getTime() - lastFeedAt.getTime());
  return alertEmail(
    `No stock feed for ${quietFor}: the ${site.name} website may be showing old stock`,
    [
      { words: `No stock feed has reached the ${site.name} website since ${zonedDateTimeText(lastFeedAt, site.timeZone)}, ${quietFor} ago; one is expected at least every ${maxHours === 1 ? 'hour' : `${maxHours} hours`}. Until one arrives, the website shows the cars as they were then: cars sold since may still be advertised, and cars that came in since are missing.` },
      { label: 'What to do:', words: 'check that your stock system is running and still sending its feed to the website, with a key that has not been revoked. The next feed that arrives brings the website up to date; nothing on the website needs undoing.' },
    ],
    site.pageUrl,
    `While no feed arrives, you will get at most one of these emails ${feedAlertEmailPace()}.`,
  );
}

/** How often the server checks whether sites' feeds have stopped arriving, in minutes. */
export const FEED_CHECK_EVERY_MINUTES = 10;

/** A site as the check of its feeds' arrival needs it. */
export interface QuietFeedSite extends FeedAlertSite {
  /** stockFeed.maxHoursBetweenFeeds (undefined: not set, nothing to check). */
  maxHours: number | undefined;
  /** The site's public address (siteUrl): its stock feed page's address when no feed from its system has named another. */
  siteUrl: string;
}

/**
 * Checks whether each site's feeds have stopped arriving, and queues an email where
 * quietFeedEmailDue says so, linking to the dealer area at the address the site's last feed from
 * its stock system reached (its public address before any). One transaction a site, under a lock
 * of its own, so servers checking at once write one email between them; a site whose check fails
 * is told of in the log and the others are still checked.
 * @param db the database
 * @param sites the sites with who to tell and the longest gap set
 * @param now the time to judge at
 * @param log where a site's failed check is told
 * @returns the ids of the sites emailed
 */
export async function emailQuietFeeds(db: Kysely<Database>, sites: readonly QuietFeedSite[], now: Date, log: (line: string) => void = (line) => console.error(line)): Promise<number[]> {
  const emailed: number[] = [];
  for (const site of sites) {
    if (site.maxHours === undefined || site.to.length === 0) continue;
    const maxHours = site.maxHours;
    const sent = await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`quiet-feed-email|${site.id}`}))`.execute(tx);
      const lastFeedAt = (await lastFeed(tx, site.id))?.receivedAt;
      if (!lastFeedAt) return false;
      const last = await tx.selectFrom('stock_feed_quiet_emails').select(['sent_at', 'last_feed_at']).where('site_id', '=', site.id).orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (!quietFeedEmailDue(lastFeedAt, maxHours, last ? { at: new Date(last.sent_at), lastFeedAt: new Date(last.last_feed_at) } : null, now)) return false;
      const reached = await tx.selectFrom('stock_feed_reports').select('link_origin').where('site_id', '=', site.id).where('link_origin', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
      const pageUrl = `${reached?.link_origin ?? new URL(site.siteUrl).origin}/dealer/stock`;
      const deliveryId = await queueAlertEmail(tx, site.id, site.to, 'feeds-stopped', quietFeedEmail({ ...site, pageUrl }, lastFeedAt, maxHours, now), now);
      await tx.insertInto('stock_feed_quiet_emails').values({ site_id: site.id, last_feed_at: lastFeedAt, sent_at: now, delivery_id: deliveryId }).execute();
      await sql`delete from stock_feed_quiet_emails where site_id = ${site.id} and id <= (
        select id from stock_feed_quiet_emails where site_id = ${site.id} order by id desc offset ${QUIET_FEED_EMAILS_KEPT} limit 1)`.execute(tx);
      return true;
    }).catch((error: unknown) => {
      log(`[stock] checking whether ${site.name}'s stock feeds have stopped failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    });
    if (sent) emailed.push(site.id);
  }
  return emailed;
}
