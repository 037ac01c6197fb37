import type { Kysely, SelectQueryBuilder } from 'kysely';
import { INBOX_PAGE_SIZE, type DealerLeadFilter, type DealerLeadStatus } from '../../schema/api/dealer-inbox.ts';
import { zonedDayRange } from '../../schema/zoned-time.ts';
import type { Database, LeadRow } from '../db/types.ts';

/*
 * The inbox's reads and its one write. Every query starts from the site of the request's host:
 * a lead of another site is never found, by id or by filter.
 */

/** A lead as the inbox lists it: the row and the name of the dealership it was routed to. */
export type InboxLead = LeadRow & { dealership_name: string | null };

function filtered(db: Kysely<Database>, siteId: number, filter: DealerLeadFilter, timeZone: string) {
  let query = db
    .selectFrom('leads')
    .leftJoin('dealerships', (join) => join.onRef('dealerships.id', '=', 'leads.dealership_id').onRef('dealerships.site_id', '=', 'leads.site_id'))
    .where('leads.site_id', '=', siteId);
  if (filter.form) query = query.where('leads.form', '=', filter.form);
  if (filter.department) query = query.where('leads.department', '=', filter.department);
  if (filter.status) query = query.where('leads.dealer_status', '=', filter.status);
  // The dates are calendar days where the dealer is (the site's time zone), not the server's.
  const { start, end } = zonedDayRange(filter, timeZone);
  if (start) query = query.where('leads.created_at', '>=', start);
  if (end) query = query.where('leads.created_at', '<', end);
  return query;
}

function newestFirst<O>(query: SelectQueryBuilder<Database & { dealerships: Database['dealerships'] }, 'leads' | 'dealerships', O>) {
  return query.orderBy('leads.created_at', 'desc').orderBy('leads.id', 'desc');
}

/**
 * One page of a site's leads matching the filter, newest first, and how many match in all.
 * @param db database
 * @param siteId the site of the request's host
 * @param filter the list filters (page 1 when none)
 * @param timeZone the site's time zone (the date filters' days)
 */
export async function listLeads(db: Kysely<Database>, siteId: number, filter: DealerLeadFilter, timeZone: string): Promise<{ leads: InboxLead[]; total: number }> {
  const page = filter.page ?? 1;
  const [rows, count] = await Promise.all([
    newestFirst(filtered(db, siteId, filter, timeZone).selectAll('leads').select('dealerships.name as dealership_name'))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE)
      .execute(),
    filtered(db, siteId, filter, timeZone).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { leads: rows, total: Number(count.n) };
}

/**
 * The newest `limit` leads matching the filter (every page), for the CSV download.
 * @param db database
 * @param siteId the site of the request's host
 * @param filter the list filters (the page is ignored)
 * @param timeZone the site's time zone
 * @param limit most rows
 */
export async function leadsForExport(db: Kysely<Database>, siteId: number, filter: DealerLeadFilter, timeZone: string, limit: number): Promise<InboxLead[]> {
  return newestFirst(filtered(db, siteId, filter, timeZone).selectAll('leads').select('dealerships.name as dealership_name'))
    .limit(limit)
    .execute();
}

/** A delivery of a lead with its attempts, oldest attempt first. */
export interface InboxDelivery {
  id: number;
  channel: 'email' | 'webhook';
  target: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  delivered_at: Date | null;
  tries: { attempted_at: Date; duration_ms: number; ok: boolean; status_code: number | null; error: string | null }[];
}

/**
 * One lead of a site, with its deliveries, or undefined when the site has no such lead.
 * @param db database
 * @param siteId the site of the request's host
 * @param leadId the lead
 */
export async function leadWithDeliveries(db: Kysely<Database>, siteId: number, leadId: number): Promise<{ lead: InboxLead; deliveries: InboxDelivery[] } | undefined> {
  const lead = await filtered(db, siteId, {}, 'UTC').selectAll('leads').select('dealerships.name as dealership_name').where('leads.id', '=', leadId).executeTakeFirst();
  if (!lead) return undefined;
  const deliveries = await db.selectFrom('lead_deliveries').selectAll().where('site_id', '=', siteId).where('lead_id', '=', leadId).orderBy('created_at').orderBy('id').execute();
  const attempts = deliveries.length === 0
    ? []
    : await db.selectFrom('lead_delivery_attempts').selectAll().where('delivery_id', 'in', deliveries.map((d) => d.id)).orderBy('attempted_at').orderBy('id').execute();
  return {
    lead,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      channel: d.channel,
      target: d.target,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: new Date(d.next_attempt_at),
      last_error: d.last_error,
      delivered_at: d.delivered_at ? new Date(d.delivered_at) : null,
      tries: attempts
        .filter((a) => a.delivery_id === d.id)
        .map((a) => ({ attempted_at: new Date(a.attempted_at), duration_ms: a.duration_ms, ok: a.ok, status_code: a.status_code, error: a.error })),
    })),
  };
}

/**
 * Gives a site's lead the dealer's status; false when the site has no such lead.
 * @param db database
 * @param siteId the site of the request's host
 * @param leadId the lead
 * @param status new, contacted or closed
 */
export async function setDealerStatus(db: Kysely<Database>, siteId: number, leadId: number, status: DealerLeadStatus): Promise<boolean> {
  const updated = await db.updateTable('leads').set({ dealer_status: status }).where('site_id', '=', siteId).where('id', '=', leadId).returning('id').executeTakeFirst();
  return updated !== undefined;
}

/**
 * The car a lead was about as the site lists it today (slug and whether its page is still up),
 * for leads whose snapshot is missing and for the link to its page.
 * @param db database
 * @param siteId the site
 * @param carId the lead's car
 */
export async function carOfLead(db: Kysely<Database>, siteId: number, carId: number) {
  return db
    .selectFrom('cars')
    .select(['id', 'slug', 'year', 'make', 'model', 'price', 'stocknum', 'vin', 'details', 'status', 'reserved'])
    .where('site_id', '=', siteId)
    .where('id', '=', carId)
    .executeTakeFirst();
}
