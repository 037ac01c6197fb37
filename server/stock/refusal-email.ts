import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { zonedDateTimeText } from '../../schema/zoned-time.ts';
import { refusalEmailDue, refusalEmailPace } from '../../site/src/domain/refusal-email.ts';
import type { Database } from '../db/types.ts';
import { html } from '../dealer-inbox/html.ts';

/*
 * A stock feed the dealer's system sent and the platform refused (a file cut short, too many
 * unreadable rows) leaves the website showing the stock from before it, and nobody watches an
 * overnight export. So the refusal is emailed to the people the site names for it
 * (stockFeed.refusalEmails), through the leads' outbox: written in the refusal's own transaction,
 * sent by the delivery worker, tried again while the relay is down. Not every refusal: the rule
 * of refusalEmailDue keeps a system that sends a broken file every quarter of an hour from
 * filling an inbox. A feed refused from the import command is not emailed: whoever ran it read
 * the refusal on the spot.
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

/** The site, as the email needs it. */
export interface RefusalEmailSite {
  id: number;
  /** The site's name as its visitors read it. */
  name: string;
  timeZone: string;
  /** Who is told (stockFeed.refusalEmails). */
  to: readonly string[];
  /** The dealer area's stock feed page, as an absolute address. */
  pageUrl: string;
}

/** An email ready for the outbox. */
export interface RefusalEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The email telling of a refused feed: when it came, why it was refused, that the site still
 * shows the stock from before it, what to do, and where every feed is listed.
 * @param site the site
 * @param feed the refused feed
 */
export function refusedFeedEmail(site: Pick<RefusalEmailSite, 'name' | 'timeZone' | 'pageUrl'>, feed: Omit<RefusedFeed, 'reportId'>): RefusalEmail {
  const when = zonedDateTimeText(feed.receivedAt, site.timeZone);
  const kind = feed.mode === 'full' ? 'full stock list' : 'list of changes';
  const intro = `The ${kind} your stock system sent to the ${site.name} website on ${when} was refused, so the website still shows the cars as they were before it.`;
  const why = `Why: ${feed.reason}.`;
  const todo = 'What to do: fix the export in your stock system and send it again. Nothing on the website needs undoing.';
  const page = 'Every feed, with the rows that could not be read, is listed on the stock feed page:';
  const often = `While feeds keep being refused, you will get at most one of these emails ${refusalEmailPace()}.`;
  const text = [intro, '', why, '', todo, '', page, site.pageUrl, '', often, ''].join('\n');
  const body = html`<!doctype html><html lang="en-AU"><body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a">
<p>${intro}</p>
<p><strong>Why:</strong> ${feed.reason}.</p>
<p><strong>What to do:</strong> fix the export in your stock system and send it again. Nothing on the website needs undoing.</p>
<p>${page} <a href="${site.pageUrl}">${site.pageUrl}</a></p>
<p style="color: #555555">${often}</p>
</body></html>`;
  return { subject: `Stock feed refused: the ${site.name} website still shows the stock from before it`, text, html: body.text };
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
  const delivery = await tx
    .insertInto('lead_deliveries')
    .values({
      site_id: site.id,
      lead_id: null,
      delivery_key: `feed-refused-${crypto.randomUUID()}`,
      channel: 'email',
      target: JSON.stringify({ to: site.to }),
      next_attempt_at: feed.receivedAt,
      message: JSON.stringify(refusedFeedEmail(site, feed)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return note('emailed', delivery.id);
}
