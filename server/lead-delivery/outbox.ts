import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CarSnapshot } from '../../schema/api/lead-delivery.ts';
import { isAvailable } from '../../site/src/domain/availability.ts';
import { leadDepartment } from '../../site/src/domain/lead-department.ts';
import { priceDisplay } from '../../site/src/domain/price-display.ts';
import { vehicleTitle } from '../../site/src/domain/vehicle-title.ts';
import type { Database, LeadRow } from '../db/types.ts';
import type { Context } from '../http/core.ts';
import { loadCar } from '../repo/cars.ts';
import type { HostedTenant } from '../tenants.ts';
import { deliveryTargets } from './routing.ts';

/*
 * The outbox's write side, inside the transaction that writes the lead: the lead is filed under
 * its dealership and department with the car as the shopper saw it, and once it is complete one
 * delivery row per destination is added. The rows commit with the lead or not at all, so a
 * crash between the answer and the send loses nothing; the worker (worker.ts) sends them.
 */

type Tx = Transaction<Database> | Kysely<Database>;

/** What filing a lead needs from the request. */
export interface LeadFiling {
  tenant: HostedTenant;
  siteId: number;
  /** The site's origin as the shopper used it (links in the snapshot are absolute). */
  origin: string;
  now: Date;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v)) return Number(v);
  return undefined;
}

/**
 * The dealership a lead is for: the one the shopper picked (dealership_slug or dealership_id),
 * else that of the location they picked, else the car's, else the site's only or primary one.
 */
async function leadDealershipId(tx: Tx, filing: LeadFiling, lead: LeadRow): Promise<number | null> {
  const f = lead.fields;
  const ofSite = tx.selectFrom('dealerships').select(['id', 'slug']).where('site_id', '=', filing.siteId);
  if (typeof f.dealership_slug === 'string') {
    const d = await ofSite.where('slug', '=', f.dealership_slug).executeTakeFirst();
    if (d) return d.id;
  }
  const picked = num(f.dealership_id) ?? num(f.car_dealership_id);
  if (picked !== undefined) {
    const d = await ofSite.where('id', '=', picked).executeTakeFirst();
    if (d) return d.id;
  }
  const locationId = num(f.location_id) ?? num(f.location);
  const locationSlug = typeof f.location === 'string' && num(f.location) === undefined ? f.location : undefined;
  if (locationId !== undefined || locationSlug !== undefined) {
    let q = tx.selectFrom('locations').select('dealership_id').where('site_id', '=', filing.siteId);
    q = locationId !== undefined ? q.where('id', '=', locationId) : q.where('slug', '=', locationSlug as string);
    const l = await q.executeTakeFirst();
    if (l) return l.dealership_id;
  }
  if (lead.car_id !== null) {
    const c = await tx.selectFrom('cars').select('dealership_id').where('site_id', '=', filing.siteId).where('id', '=', lead.car_id).executeTakeFirst();
    if (c) return c.dealership_id;
  }
  const all = await ofSite.execute();
  if (all.length === 1) return all[0]!.id;
  const primary = filing.tenant.config.dealer.dealerships.find((d) => d.primary)?.slug;
  return all.find((d) => d.slug === primary)?.id ?? null;
}

/**
 * The car as the shopper saw it: its vehicle-page title and the price its page showed.
 * @param tx transaction
 * @param filing tenant, site and origin
 * @param carId the lead's car
 */
export async function carSnapshot(tx: Tx, filing: LeadFiling, carId: number): Promise<CarSnapshot | null> {
  const car = await loadCar(tx, filing.siteId, { id: carId });
  if (!car) return null;
  const cfg = filing.tenant.config;
  const shown = priceDisplay(car, { mode: 'cash', subscriptionLayout: false, noPrice: cfg.labels.noPrice, preorder: cfg.labels.preorder, enquireForFinance: cfg.labels.enquireForFinance });
  const priced = shown.kind === 'price' || shown.kind === 'offer';
  return {
    id: car.id,
    slug: car.slug,
    title: vehicleTitle(car, cfg.features.seriesInTitle),
    url: `${filing.origin}/cars/${car.slug}`,
    price: priced ? shown.amount : null,
    price_text: !isAvailable(car) ? 'SOLD' : `${shown.text}${shown.kind === 'offer' ? ` (was ${shown.wasText})` : ''}`,
    stock_number: car.stocknum,
    vin: car.vin ?? null,
    year: car.year,
    make: car.make,
    model: car.model,
    car_type: car.car_type,
    photo_url: car.primary_image_url ? `${filing.origin}${car.primary_image_url}` : null,
  };
}

/**
 * Files a lead just written (created or continued): its dealership, its department and, when it
 * names a car it did not name before, the car as the shopper sees it now. When the lead is
 * complete and has no deliveries yet, adds one per destination of the tenant's routes.
 * @param tx the transaction that wrote the lead
 * @param filing tenant, site, origin and time
 * @param lead the lead as written
 * @returns the number of deliveries added (0 when none are due)
 */
export async function fileLead(tx: Tx, filing: LeadFiling, lead: LeadRow): Promise<number> {
  const department = leadDepartment(lead.form, lead.category);
  const dealershipId = await leadDealershipId(tx, filing, lead);
  const snapshotCarId = lead.car_snapshot && typeof lead.car_snapshot.id === 'number' ? lead.car_snapshot.id : null;
  const snapshot = lead.car_id === null ? null : snapshotCarId === lead.car_id ? lead.car_snapshot : await carSnapshot(tx, filing, lead.car_id);
  await tx
    .updateTable('leads')
    .set({ department, dealership_id: dealershipId, car_snapshot: snapshot ? JSON.stringify(snapshot) : null })
    .where('id', '=', lead.id)
    .execute();
  if (lead.status !== 'Complete') return 0;
  const existing = await tx.selectFrom('lead_deliveries').select('id').where('lead_id', '=', lead.id).executeTakeFirst();
  if (existing) return 0;
  const dealershipSlug = dealershipId === null ? null : ((await tx.selectFrom('dealerships').select('slug').where('id', '=', dealershipId).executeTakeFirst())?.slug ?? null);
  const targets = deliveryTargets(filing.tenant.config.leadDelivery.routes, dealershipSlug, department);
  if (targets.length === 0) return 0;
  await tx
    .insertInto('lead_deliveries')
    .values(
      targets.map((t) => ({
        site_id: filing.siteId,
        lead_id: lead.id,
        // Standard Webhooks' message id shape; random, so ids never repeat across databases.
        delivery_key: `msg_${crypto.randomBytes(18).toString('base64url')}`,
        channel: t.channel,
        target: JSON.stringify(t.target),
        next_attempt_at: filing.now,
        created_at: filing.now,
      })),
    )
    .execute();
  return targets.length;
}

/**
 * Files the lead with this id (see fileLead) for the request's site, once the request has written it.
 * @param tx the transaction that wrote the lead
 * @param ctx the request (tenant, site, origin, clock)
 * @param leadId the lead
 */
export async function fileLeadOfRequest(tx: Tx, ctx: Context, leadId: number): Promise<number> {
  const lead = await tx.selectFrom('leads').selectAll().where('site_id', '=', ctx.siteId).where('id', '=', leadId).executeTakeFirstOrThrow();
  const origin = `${ctx.secure ? 'https' : 'http'}://${ctx.req.headers.host ?? ctx.tenant.hosts[0]}`;
  return fileLead(tx, { tenant: ctx.tenant, siteId: ctx.siteId, origin, now: ctx.services.now() }, lead);
}
