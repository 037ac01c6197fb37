import type { Kysely } from 'kysely';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import type { Database } from '../db/types.ts';
import { holidayHours, openingHoursPattern, sampleReviews, type HoursRow } from './locations.ts';
import { createRng } from './random.ts';
import { soldWindowDays, stockFilterInput } from '../../site/src/domain/stock-filter.ts';

/*
 * The dealer records the API serves (dealerships, locations, their hours) come from the tenant
 * file. Seeding writes them once; this module keeps them equal to the file afterwards, so a
 * location renamed, re-timed or added in the editor shows on the site (and in the editor's
 * preview, which calls it on every edit) instead of the values of the first seed.
 */

type DealerConfig = ResolvedTenant['dealer'];
type LocationConfig = DealerConfig['locations'][number];
type DealershipConfig = DealerConfig['dealerships'][number];

/**
 * The stored columns of a configured location (everything the tenant file says about it).
 * @param loc the location as configured
 * @param dealership its dealership as configured
 */
export function locationColumns(loc: LocationConfig, dealership: DealershipConfig) {
  return {
    slug: loc.slug,
    name: loc.name,
    location_type: loc.type ?? 'sales',
    location_subtype: loc.subtype ?? null,
    is_primary: loc.primary ?? false,
    visible: loc.visible ?? true,
    street: loc.address.street,
    city: loc.address.suburb,
    state: loc.address.state,
    postcode: loc.address.postcode,
    lat: loc.address.lat,
    long: loc.address.long,
    phone: loc.phone,
    dealer_license_number: dealership.dealerLicenceNumber,
    motor_vehicle_repairer: dealership.motorVehicleRepairer ?? null,
    manufacturers: JSON.stringify(loc.manufacturers ?? dealership.makes),
  };
}

/**
 * A location's regular hours: those configured, or (none configured) a demo pattern picked by
 * its position so the demo sites show every kind of week.
 * @param loc the location as configured
 * @param pattern demo pattern number when none are configured
 */
export function locationHours(loc: LocationConfig, pattern: number): HoursRow[] {
  if (loc.openingHours && loc.openingHours.length > 0) {
    return loc.openingHours.map((h) => ({ weekday: h.weekday, status: h.status, open: h.open ?? null, close: h.close ?? null }));
  }
  return openingHoursPattern(pattern);
}

/** One stored special-hours row (a date whose hours differ from the usual week). */
export type SpecialHoursRow = { date: string; name: string; status: 'Open' | 'Closed'; start_hour: string | null; end_hour: string | null };

/**
 * A location's special and holiday hours: those configured (an empty list means none), or (none
 * configured) the sample public-holiday hours, which a launched site never shows.
 * @param loc the location as configured
 * @param now reference time (which holidays are upcoming)
 * @param launched whether the site is live for shoppers
 */
export function locationSpecialHours(loc: LocationConfig, now: number, launched: boolean): SpecialHoursRow[] {
  if (loc.specialHours) {
    return loc.specialHours.map((h) => ({ date: h.date, name: h.name, status: h.status, start_hour: h.status === 'Open' ? (h.open ?? null) : null, end_hour: h.status === 'Open' ? (h.close ?? null) : null }));
  }
  return launched ? [] : holidayHours(now);
}

/** The demo pattern of a location without configured hours (sales yards vary; service counters keep weekday hours). */
export function demoHoursPattern(type: string, tenantIndex: number, locationIndex: number): number {
  return type === 'sales' ? ((tenantIndex + locationIndex) % 4 === 2 ? 0 : (tenantIndex + locationIndex) % 4) : 2;
}

/** What a sync changed. */
export interface DealerSyncSummary {
  dealerships: number;
  locationsUpdated: number;
  locationsAdded: number;
  locationsHidden: number;
}

/**
 * Makes a site's dealerships, locations and regular hours equal to its tenant file: existing
 * rows (matched by slug) are updated in place so cars, leads and reviews keep their links, new
 * ones are added (with demo holiday hours and the sample review set, as at seeding), and
 * locations no longer in the file are hidden rather than deleted (cars and leads still name them).
 * @param db database
 * @param siteId the site's id
 * @param config the resolved tenant (its dealer and stock filter)
 * @param options tenant slug (demo randomness), position among tenants (demo hours) and reference time
 */
export async function syncDealerRecords(
  db: Kysely<Database>,
  siteId: number,
  config: Pick<ResolvedTenant, 'dealer' | 'stockFilter' | 'search'> & { launch?: { launched: boolean } },
  options: { slug: string; tenantIndex?: number; now?: number },
): Promise<DealerSyncSummary> {
  const dealer = config.dealer;
  const summary: DealerSyncSummary = { dealerships: 0, locationsUpdated: 0, locationsAdded: 0, locationsHidden: 0 };
  return db.transaction().execute(async (trx) => {
    const existingDealerships = await trx.selectFrom('dealerships').select(['id', 'slug', 'name', 'manufacturer']).where('site_id', '=', siteId).execute();
    const dealershipIds = new Map(existingDealerships.map((d) => [d.slug, d.id]));
    for (const d of dealer.dealerships) {
      const manufacturer = dealer.manufacturer ?? d.makes[0] ?? null;
      const known = existingDealerships.find((x) => x.slug === d.slug);
      if (known) {
        if (known.name !== d.name || known.manufacturer !== manufacturer) {
          await trx.updateTable('dealerships').set({ name: d.name, manufacturer }).where('id', '=', known.id).execute();
          summary.dealerships++;
        }
        continue;
      }
      const row = await trx
        .insertInto('dealerships')
        .values({ site_id: siteId, slug: d.slug, name: d.name, manufacturer, include_sold_cars_days: soldWindowDays(stockFilterInput(config)) })
        .returning('id')
        .executeTakeFirstOrThrow();
      dealershipIds.set(d.slug, row.id);
      summary.dealerships++;
    }

    const existing = await trx.selectFrom('locations').selectAll().where('site_id', '=', siteId).execute();
    const [hours, specials] = existing.length
      ? await Promise.all([
          trx.selectFrom('opening_hours').selectAll().where('location_id', 'in', existing.map((l) => l.id)).orderBy('weekday').execute(),
          trx.selectFrom('special_hours').select(['location_id', 'date', 'name', 'status', 'start_hour', 'end_hour']).where('location_id', 'in', existing.map((l) => l.id)).orderBy('date').orderBy('id').execute(),
        ])
      : [[], []];
    const launched = config.launch?.launched ?? false;
    const now = options.now ?? Date.now();
    for (const [i, loc] of dealer.locations.entries()) {
      const dealership = dealer.dealerships.find((d) => d.slug === loc.dealershipSlug);
      const dealershipId = dealershipIds.get(loc.dealershipSlug);
      if (!dealership || dealershipId === undefined) continue; // the validator reports an unknown dealership
      const columns = { ...locationColumns(loc, dealership), dealership_id: dealershipId };
      const wantedHours = locationHours(loc, demoHoursPattern(columns.location_type, options.tenantIndex ?? 0, i));
      const row = existing.find((l) => l.slug === loc.slug);
      if (!row) {
        const added = await trx
          .insertInto('locations')
          .values({ site_id: siteId, ...columns, landline_phone: null, place_id: null, image_url: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('opening_hours').values(wantedHours.map((h) => ({ location_id: added.id, ...h }))).execute();
        const special = locationSpecialHours(loc, now, launched);
        if (special.length) await trx.insertInto('special_hours').values(special.map((h) => ({ location_id: added.id, ...h }))).execute();
        await trx.insertInto('reviews').values(sampleReviews(createRng(`forecourt:${options.slug}:${loc.slug}`), now).map((r) => ({ location_id: added.id, ...r }))).execute();
        summary.locationsAdded++;
        continue;
      }
      const stored = { ...row, manufacturers: JSON.stringify(row.manufacturers) };
      const changed = (Object.keys(columns) as (keyof typeof columns)[]).some((k) => stored[k] !== columns[k]);
      if (changed) await trx.updateTable('locations').set(columns).where('id', '=', row.id).execute();
      const had = hours.filter((h) => h.location_id === row.id).map((h) => ({ weekday: h.weekday, status: h.status, open: h.open, close: h.close }));
      // Configured hours replace what is stored; without any, the stored (demo) week stays as it is.
      const hoursChanged = Boolean(loc.openingHours?.length) && JSON.stringify(had) !== JSON.stringify([...wantedHours].sort((a, b) => a.weekday - b.weekday));
      if (hoursChanged) {
        await trx.deleteFrom('opening_hours').where('location_id', '=', row.id).execute();
        await trx.insertInto('opening_hours').values(wantedHours.map((h) => ({ location_id: row.id, ...h }))).execute();
      }
      // Configured special hours (or, on a launched site, none instead of the samples) replace what is stored.
      const hadSpecial = specials.filter((h) => h.location_id === row.id).map(({ location_id: _id, ...h }) => h);
      const wantedSpecial = loc.specialHours || launched ? locationSpecialHours(loc, now, launched) : hadSpecial;
      const specialChanged = JSON.stringify(hadSpecial) !== JSON.stringify([...wantedSpecial].sort((a, b) => a.date.localeCompare(b.date)));
      if (specialChanged) {
        await trx.deleteFrom('special_hours').where('location_id', '=', row.id).execute();
        if (wantedSpecial.length) await trx.insertInto('special_hours').values(wantedSpecial.map((h) => ({ location_id: row.id, ...h }))).execute();
      }
      if (changed || hoursChanged || specialChanged) summary.locationsUpdated++;
    }
    const configured = new Set(dealer.locations.map((l) => l.slug));
    const gone = existing.filter((l) => !configured.has(l.slug) && l.visible).map((l) => l.id);
    if (gone.length) {
      await trx.updateTable('locations').set({ visible: false, is_primary: false }).where('id', 'in', gone).execute();
      summary.locationsHidden = gone.length;
    }
    return summary;
  });
}
