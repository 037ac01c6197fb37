import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../auth.ts';
import type { Database } from '../db/types.ts';
import type { HostedTenant } from '../tenants.ts';
import { CARAVANS, CAR_MAKES, MOTORCYCLE_MAKES, TRUCK_MAKES } from './catalog.ts';
import { generateCar, type GeneratedCar, type StockContext } from './cars.ts';
import { brandDescription, generateBlogPosts, generateModels, generateOffers, modelMakes } from './content.ts';
import { demoHoursPattern, locationColumns, locationHours, locationSpecialHours } from './dealer-records.ts';
import { sampleReviews } from './locations.ts';
import { createRng, slugify } from './random.ts';
import { insertRows, insertRowsWithIds } from './bulk-insert.ts';
import { soldWindowDays, stockFilterInput } from '../../site/src/domain/stock-filter.ts';

/*
 * Fills an empty database with the demo data of every hosted tenant. Deterministic: the same
 * tenants, seed, car count and day give the same rows (ids included, on a fresh database).
 */

/** Seeding options. */
export interface SeedOptions {
  /** Total stock items across all tenants (default 6,000), besides about 3 % sold before the sold window (no longer listed). */
  cars?: number;
  /** Seed text (default 'forecourt'). */
  seed?: string;
  /** Reference time; defaults to the start of the current UTC day so a same-day reseed matches. */
  now?: number;
  /**
   * Password of a dealer user to create on each site (tests only). Without it no dealer account
   * exists: staff accounts are made with `npm run dealer-account`, which prints a generated
   * password once (no default credentials).
   */
  dealerPassword?: string;
  /** Skip manufacturers and model pages (already seeded; used when a tenant is added later). */
  skipGlobal?: boolean;
}

/** What was seeded, for the start-up log. */
export interface SeedSummary {
  sites: number;
  locations: number;
  cars: number;
  images: number;
  ms: number;
}

/** Default demo stock size. */
export const DEFAULT_CAR_COUNT = 6000;

function salesLocs(t: HostedTenant): number {
  return Math.max(1, t.config.dealer.locations.filter((l) => (l.type ?? 'sales') === 'sales').length);
}

function itemTypeFor(template: string, makes: string[]): StockContext['itemType'] {
  const lower = makes.map((m) => m.toLowerCase());
  const inPool = (pool: { make: string }[]) => lower.length > 0 && lower.every((m) => pool.some((p) => p.make.toLowerCase() === m));
  if (template === 'caravan' || inPool(CARAVANS)) return 'caravan';
  if (template === 'motorcycle' || (!inPool(CAR_MAKES) && inPool(MOTORCYCLE_MAKES))) return 'motorcycle';
  if (template === 'truck' || (!inPool(CAR_MAKES) && inPool(TRUCK_MAKES))) return 'truck';
  return 'car';
}

function code(name: string): string {
  const letters = name.split(/\s+/).filter(Boolean).map((w) => w[0]?.toUpperCase() ?? '').join('');
  return (letters.replace(/[^A-Z]/g, '') || 'FC').slice(0, 3);
}

/**
 * Seeds every tenant into an empty database.
 * @param db the database (migrated, empty)
 * @param tenants hosted tenants
 * @param options sizes, seed and reference time
 */
export async function seedDatabase(db: Kysely<Database>, tenants: readonly HostedTenant[], options: SeedOptions = {}): Promise<SeedSummary> {
  // One transaction: one commit instead of one per statement, and a seed cut short leaves the
  // database empty (seeded again at the next start) rather than half filled.
  if (db.isTransaction) return seedInto(db, tenants, options);
  return db.transaction().execute((trx) => seedInto(trx, tenants, options));
}

async function seedInto(db: Kysely<Database>, tenants: readonly HostedTenant[], options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const totalCars = options.cars ?? DEFAULT_CAR_COUNT;
  const seed = options.seed ?? 'forecourt';
  const day = new Date();
  const now = options.now ?? Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const dealerHash = options.dealerPassword ? await hashPassword(options.dealerPassword) : null;
  const summary: SeedSummary = { sites: 0, locations: 0, cars: 0, images: 0, ms: 0 };

  // Global manufacturers and model pages.
  const manufacturerIds = new Map<string, number>();
  const allMakes = [
    ...CAR_MAKES.map((m) => ({ make: m.make, kind: 'car', country: m.country })),
    ...MOTORCYCLE_MAKES.map((m) => ({ make: m.make, kind: 'motorcycle', country: m.country })),
    ...TRUCK_MAKES.map((m) => ({ make: m.make, kind: 'truck', country: m.country })),
    ...[...new Set(CARAVANS.map((c) => c.make))].map((make) => ({ make, kind: 'caravan', country: 'Australia' })),
  ];
  if (options.skipGlobal) {
    for (const r of await db.selectFrom('manufacturers').select(['id', 'name']).execute()) manufacturerIds.set(r.name, r.id);
  }
  // A make listed twice (Honda builds cars and motorcycles) is one manufacturer: its first kind.
  const seenMakes = new Set(manufacturerIds.keys());
  const newMakes = allMakes.filter((m) => !seenMakes.has(m.make) && seenMakes.add(m.make));
  const makeIds = await insertRowsWithIds(db, 'manufacturers', newMakes.map((m) => ({ slug: slugify(m.make), name: m.make, kind: m.kind, country: m.country })));
  newMakes.forEach((m, i) => manufacturerIds.set(m.make, makeIds[i] ?? 0));
  const modelRng = createRng(`${seed}:models`);
  const models = (options.skipGlobal ? [] : modelMakes()).flatMap((make) => generateModels(modelRng, make).map((model) => ({ make, model })));
  const modelIds = await insertRowsWithIds(
    db,
    'models',
    models.map(({ make, model }) => ({
      manufacturer_id: manufacturerIds.get(make.make) ?? 0,
      slug: model.slug,
      name: model.name,
      full_name: model.full_name,
      status: model.status,
      short_description: model.short_description,
      brochure_url: model.brochure_url,
      specifications: model.specifications,
      driver_assistance: model.driver_assistance,
    })),
  );
  await insertRows(db, 'model_colours', models.flatMap(({ model }, i) => model.colours.map((c) => ({ model_id: modelIds[i], name: c.name, hex: c.hex, oem_id: c.oem_id, variant_name: c.variant_name, body_type: c.body_type }))));
  await insertRows(db, 'model_variants', models.flatMap(({ model }, i) => model.variants.map((v) => ({ model_id: modelIds[i], full_name: v.full_name, series: v.series, name: v.name, price: v.price, features: v.features }))));

  // Share of stock per tenant: by number of sales locations.
  const weightTotal = tenants.reduce((s, t) => s + salesLocs(t), 0);
  let carsLeft = totalCars;

  for (const [tenantIndex, tenant] of tenants.entries()) {
    const cfg = tenant.config;
    const rng = createRng(`${seed}:${tenant.slug}`);
    const share = tenantIndex === tenants.length - 1 ? carsLeft : Math.round((totalCars * salesLocs(tenant)) / weightTotal);
    carsLeft -= share;

    const site = await db
      .insertInto('sites')
      .values({ slug: tenant.slug, name: cfg.name, url: cfg.siteUrl, production_host: tenant.hosts[1] ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    summary.sites++;
    const soldWindow = soldWindowDays(stockFilterInput(cfg));

    const dealershipIds = new Map<string, number>();
    for (const d of cfg.dealer.dealerships) {
      const row = await db
        .insertInto('dealerships')
        .values({ site_id: site.id, slug: d.slug, name: d.name, manufacturer: cfg.dealer.manufacturer ?? d.makes[0] ?? null, include_sold_cars_days: soldWindow })
        .returning('id')
        .executeTakeFirstOrThrow();
      dealershipIds.set(d.slug, row.id);
    }

    const salesByDealership = new Map<string, { id: number; state: string; city: string; postcode: string }[]>();
    for (const [i, loc] of cfg.dealer.locations.entries()) {
      const dealership = cfg.dealer.dealerships.find((d) => d.slug === loc.dealershipSlug);
      const dealershipId = dealershipIds.get(loc.dealershipSlug);
      if (!dealership || dealershipId === undefined) throw new Error(`tenants/${tenant.slug}.json: location ${loc.slug} names unknown dealership ${loc.dealershipSlug}`);
      const columns = locationColumns(loc, dealership);
      const type = columns.location_type;
      const row = await db
        .insertInto('locations')
        .values({ site_id: site.id, dealership_id: dealershipId, ...columns, landline_phone: null, place_id: null, image_url: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      summary.locations++;
      const hours = locationHours(loc, demoHoursPattern(type, tenantIndex, i));
      await db.insertInto('opening_hours').values(hours.map((h) => ({ location_id: row.id, ...h }))).execute();
      const special = locationSpecialHours(loc, now, cfg.launch.launched);
      if (special.length) await db.insertInto('special_hours').values(special.map((h) => ({ location_id: row.id, ...h }))).execute();
      await db.insertInto('reviews').values(sampleReviews(rng, now).map((r) => ({ location_id: row.id, ...r }))).execute();
      if (type === 'sales') {
        const list = salesByDealership.get(loc.dealershipSlug) ?? [];
        list.push({ id: row.id, state: loc.address.state, city: loc.address.suburb, postcode: loc.address.postcode });
        salesByDealership.set(loc.dealershipSlug, list);
      }
    }
    // A dealership with only service/parts locations still stocks cars at its first location.
    for (const d of cfg.dealer.dealerships) {
      if (salesByDealership.has(d.slug)) continue;
      const first = await db.selectFrom('locations').select(['id', 'state', 'city', 'postcode']).where('site_id', '=', site.id).where('dealership_id', '=', dealershipIds.get(d.slug) ?? -1).orderBy('id').executeTakeFirst();
      if (first) salesByDealership.set(d.slug, [first]);
    }

    // Brand directory: the makes this site sells, plus the group's own brand.
    const siteMakes = [...new Set(cfg.dealer.dealerships.flatMap((d) => d.makes))];
    const brandRows = siteMakes.map((make) => {
      const known = allMakes.find((m) => m.make.toLowerCase() === make.toLowerCase());
      return {
        site_id: site.id,
        manufacturer_id: known ? manufacturerIds.get(known.make) ?? null : null,
        slug: slugify(make),
        title: known?.make ?? make,
        kind: known?.kind === 'caravan' ? 'own' : known?.kind ?? 'car',
        description: JSON.stringify(brandDescription(known?.make ?? make, known?.country ?? 'Australia', cfg.name)),
        skip_page: false,
      };
    });
    if (cfg.template === 'dealer-group') {
      brandRows.push({ site_id: site.id, manufacturer_id: null, slug: slugify(cfg.name), title: cfg.name, kind: 'own', description: JSON.stringify([`${cfg.name} is a family of dealerships across Australia.`, 'Every one of our locations shares the same promise: honest prices and service you can rely on.']), skip_page: true });
    }
    const seenBrand = new Set<string>();
    await db.insertInto('brand_directory').values(brandRows.filter((b) => !seenBrand.has(b.slug) && seenBrand.add(b.slug))).execute();

    // Stock.
    const cars: (GeneratedCar & { dealership_id: number; location_id: number })[] = [];
    const dealerships = cfg.dealer.dealerships.filter((d) => salesByDealership.has(d.slug));
    const slots = dealerships.flatMap((d) => (salesByDealership.get(d.slug) ?? []).map((loc) => ({ d, loc })));
    const serials = new Map<string, number>();
    const stockContext = (d: (typeof slots)[number]['d'], loc: (typeof slots)[number]['loc']): StockContext => ({
      template: cfg.template,
      financeProvider: cfg.finance.provider,
      financeProviderName: cfg.finance.providerName,
      soldWindowDays: soldWindow,
      dealershipSlug: d.slug,
      dealershipCode: code(d.name),
      makes: d.makes,
      state: loc.state,
      city: loc.city,
      postcode: loc.postcode,
      itemType: itemTypeFor(cfg.template, d.makes),
      certifiedOnly: cfg.template === 'certified-pre-owned' || cfg.search.certifiedOnly === true,
      usedOnly: cfg.stockFilter.usedOnly,
    });
    for (let i = 0; i < share && slots.length > 0; i++) {
      const { d, loc } = slots[i % slots.length] as (typeof slots)[number];
      const serial = (serials.get(d.slug) ?? 0) + 1;
      serials.set(d.slug, serial);
      const car = generateCar(rng, stockContext(d, loc), serial, now);
      cars.push({ ...car, dealership_id: dealershipIds.get(d.slug) ?? 0, location_id: loc.id });
    }
    // Sold stock from before the sold window (about 3 %, at least 3 cars): the site no longer
    // lists it and its pages answer 410 Gone. Its own random source, so the listed stock above is
    // the same with or without it.
    const archiveRng = createRng(`${seed}:${tenant.slug}:sold-archive`);
    const archived = slots.length > 0 ? Math.max(3, Math.round(share * 0.03)) : 0;
    for (let i = 0; i < archived; i++) {
      const { d, loc } = slots[i % slots.length] as (typeof slots)[number];
      const serial = (serials.get(d.slug) ?? 0) + 1;
      serials.set(d.slug, serial);
      const car = generateCar(archiveRng, { ...stockContext(d, loc), soldBeforeWindow: true }, serial, now);
      cars.push({ ...car, show_on_dealer_website: true, dealership_id: dealershipIds.get(d.slug) ?? 0, location_id: loc.id });
    }
    // Slugs must be unique per site even if two generated titles and stock numbers collide.
    const seenSlugs = new Set<string>();
    for (const car of cars) {
      let slug = car.slug;
      for (let n = 2; seenSlugs.has(slug); n++) slug = `${car.slug}-${n}`;
      seenSlugs.add(slug);
      car.slug = slug;
    }
    const carIds = await insertRowsWithIds(db, 'cars', cars.map(({ images: _images, ...c }) => ({ ...c, site_id: site.id, updated_at: c.created_at })));
    const images = cars.flatMap((car, i) => car.images.map((img) => ({ car_id: carIds[i], ...img })));
    // One statement of four arrays: the photo rows are most of the seed's rows, and typed arrays are the cheapest form PostgreSQL reads them in.
    await sql`insert into car_images (car_id, position, kind, angle) select * from unnest(${images.map((i) => i.car_id)}::int[], ${images.map((i) => i.position)}::int[], ${images.map((i) => i.kind)}::text[], ${images.map((i) => i.angle)}::text[])`.execute(db);
    summary.cars += cars.length;
    summary.images += images.length;

    // Content.
    const sample = cars.find((c) => c.item_type === 'car') ?? cars[0];
    const adventures = siteMakes.some((m) => ['Isuzu', 'Toyota', 'Ford', 'Mitsubishi', 'Nissan'].includes(m)) || cfg.template === 'caravan';
    const posts = generateBlogPosts(rng, now, sample?.make ?? siteMakes[0] ?? 'Toyota', sample?.model ?? 'HiLux', adventures);
    await db.insertInto('blog_posts').values(posts.map((p) => ({ ...p, site_id: site.id }))).execute();
    const offerBase = [...new Map(cars.filter((c) => c.car_type === 'new').map((c) => [`${c.make} ${c.model}`, { make: c.make, model: c.model, price: c.price }])).values()];
    const offers = generateOffers(rng, now, offerBase.length > 0 ? offerBase : cars.slice(0, 6).map((c) => ({ make: c.make, model: c.model, price: c.price })));
    if (offers.length > 0) await db.insertInto('offers').values(offers.map((o) => ({ ...o, site_id: site.id }))).execute();

    if (dealerHash) {
      await db
        .insertInto('users')
        .values({ site_id: site.id, email: `dealer@${tenant.slug}.localhost`, name: `${cfg.name} sales team`, phone: null, role: 'dealer', password_hash: dealerHash })
        .execute();
    }
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
