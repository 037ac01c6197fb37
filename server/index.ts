import { eraseCreditCheckIdentities } from './api/credit-check.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createApp, type AppDeps } from './app.ts';
import { databaseOptionsFromEnv, isEmpty, openDatabase, type PlatformDatabase } from './db/database.ts';
import type { Database } from './db/types.ts';
import { loadSearchService, siteSearchRecords } from './search-bridge.ts';
import { markSiteStale, readSnapshot, readStaleSites, stockVersions, writeSnapshot } from './search-snapshot.ts';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { seedDatabase, type SeedSummary } from './seed/seed.ts';
import { syncDealerRecords } from './seed/dealer-records.ts';
import { loadTenantSet, watchTenants, type BrokenTenant, type HostedTenant } from './tenants.ts';
import { parseTrustedProxies } from './http/client-address.ts';
import { isLoopbackOrigin } from './http/input-guard.ts';
import { frameAncestorsFromEnv } from './http/security-headers.ts';
import { carIsPublic, carLeftSite } from './search-restrict.ts';
import type { ThreadedPGliteOptions } from './db/pglite-thread.ts';
import { toSearchRecord, siteCarsJson, SITE_CARS_PER_QUERY } from './repo/cars.ts';
import { startLeadDelivery, type LeadDelivery, type LeadDeliveryOptions, type ShopperEmail } from './lead-delivery/index.ts';
import { stockChanged } from './stock/generation.ts';
import { releaseExpiredHolds as releaseHolds } from './api/hold-sweep.ts';
import { sweepAccountEmails } from './api/account-links.ts';
import { sweepExpiredSessions } from './api/account.ts';
import { startStockWork, type StockWork } from './stock/work.ts';
import { type DatabaseMaintenance, startDatabaseMaintenance } from './db/maintenance.ts';
import { emailQuietFeeds, FEED_CHECK_EVERY_MINUTES } from './stock/feed-alerts.ts';
import { startPeriodic } from './periodic.ts';
import { inRestedParts } from './time-slice.ts';
import { feedPhotoOriginals } from './stock/photos.ts';
import { createAlgoliaPush } from './stock/algolia-push.ts';
import { serverRuntimeFile } from './runtime-file.ts';
import { createAccountMailer, type AccountMailer } from './accounts/mailer.ts';
import { createRenderPool, type RenderPool, type WarmEntry } from './http/render-pool.ts';
import { createEntryLoader } from './http/ssr.ts';

/*
 * The embedded platform: one node:http server for every tenant (Host-scoped), over PGlite on
 * disk or PostgreSQL (DATABASE_URL). startServer is what `npm start` and the tests call.
 */

/** Options of startServer. */
export interface StartOptions {
  /** Port; 0 picks a free one. Default PORT or 8080. */
  port?: number;
  /** Listen address (default 0.0.0.0 so *.localhost resolves on IPv4 and IPv6 hosts). */
  host?: string;
  /** Data directory (PGlite at <dataDir>/pglite, image cache at <dataDir>/image-cache). Default DATA_DIR or .data. */
  dataDir?: string;
  /** Built bundles (dist/<slug>/). Default ./dist. */
  distDir?: string;
  /** Tenant files. Default ./tenants. */
  tenantsDir?: string;
  /** Images uploaded for the tenants (default `<tenantsDir>/assets`; the editor's preview data server names the editor's own). */
  assetsDir?: string;
  /** PostgreSQL URL; default DATABASE_URL. When set, dataDir only holds the image cache. */
  databaseUrl?: string;
  /** Cars to seed into an empty database (default 6,000). */
  seedCars?: number;
  /** Lead endpoints per IP per window (default 20 per minute). */
  leadRateLimit?: { max: number; windowMs: number };
  /** Validator for tenant files (schema/validate.ts validateTenantSet), when the caller has it. */
  validate?: Parameters<typeof loadTenantSet>[1];
  /** Clock (tests). */
  now?: () => Date;
  /**
   * Proxies whose X-Forwarded-For/-Proto are believed: addresses or CIDR subnets, or `loopback`.
   * Default TRUSTED_PROXIES; TRUST_PROXY=1 alone means `loopback`. Empty: forwarded headers are ignored.
   */
  trustedProxies?: string | string[];
  /** Search queries per IP and site per window (default SEARCH_RATE_LIMIT or 600 per minute). */
  searchRateLimit?: { max: number; windowMs: number };
  /** Anonymous pages kept after rendering (time, sizes, clock), or false for none. */
  pageCache?: AppDeps['pageCache'];
  /** Renders at once and the deepest queue before pages are refused with 503. */
  renderQueue?: AppDeps['renderQueue'];
  /** Turning away a client address that keeps asking after being told to wait (refusals, window, block, hold), or false for never. */
  frontDoor?: AppDeps['frontDoor'];
  /** Render threads (default one per core, at most four), renders per thread, time limit. */
  renderPool?: AppDeps['renderPool'];
  /** Sign-ups per account per window (default 10 per 15 minutes); also failed sign-ins for one account from all unknown sources together (default 50 per 15 minutes). */
  accountRateLimit?: { max: number; windowMs: number };
  /** Database thread timeouts (fault tests shorten them). */
  dbThread?: ThreadedPGliteOptions;
  /** Watch the tenants directory for changes while running (default true). */
  watch?: boolean;
  /**
   * Accept state-changing requests from pages on this machine (http://127.0.0.1:*), for the
   * editor's demo data server behind the preview's proxy. Never for a public server.
   */
  allowLoopbackOrigins?: boolean;
  /**
   * Browser tests only (FC_TEST_CLOCK=1): a page, API or stock search request may set the clock
   * with the `x-forecourt-test-now` header (ISO time), so time-window rules can be tested on the
   * server, and a page and the searches after it list stock for the same instant.
   */
  testClock?: boolean;
  /** Hosted Algolia writes for tenants searching there: admin key (default ALGOLIA_ADMIN_API_KEY), hosts (tests). */
  algolia?: Parameters<typeof createAlgoliaPush>[0];
  /** Stock photos may be downloaded from private network addresses (tests serve them from 127.0.0.1). */
  allowPrivatePhotoAddresses?: boolean;
  /**
   * The database, already being opened by the caller (`npm start` opens it before loading the
   * rest of the platform, so the embedded database's creation overlaps the start-up); by default
   * startServer opens it. startServer owns it either way and closes it on failure and on close().
   */
  database?: Promise<PlatformDatabase>;
  /** Log progress lines (default true). */
  log?: (line: string) => void;
  /**
   * Start the render threads at once and have them import the tenants' server entries while the
   * database opens (`npm start`), so each tenant's first page is only a render. Default false:
   * a test server that renders few pages starts its threads on the first render.
   */
  warmRenderThreads?: boolean;
  /** Lead delivery: SMTP relay (default SMTP_URL; none: the local mailbox), worker limits and clocks (tests). */
  leadDelivery?: LeadDeliveryOptions;
}

/** A running server. */
export interface RunningServer {
  url: string;
  port: number;
  tenants: HostedTenant[];
  /** Tenants whose file is invalid (answered with a maintenance page). */
  brokenTenants: BrokenTenant[];
  db: Kysely<Database>;
  seeded: SeedSummary | null;
  /** Milliseconds from call to listening. */
  startupMs: number;
  /** Lead emails and webhooks: the worker, and the local mailbox when no SMTP relay is set. */
  leadDelivery: LeadDelivery;
  /** Emails about accounts (confirmation links, password resets); `idle()` resolves once queued ones are sent. */
  accountMail: AccountMailer;
  /**
   * Serves a new version of a hosted tenant's config without a file change (the editor's preview
   * calls it on each edit) and brings its dealer records in line; false when the tenant is not hosted.
   */
  applyTenant(config: ResolvedTenant): Promise<boolean>;
  /** Re-indexes cars for search after they changed in the database (stock feeds, tests). */
  reindex(tenantSlug: string, carIds: number[]): Promise<void>;
  /** Background stock work: other processes' imports, photo downloads. */
  stock: StockWork;
  /** The embedded database's vacuuming and analysing (null on PostgreSQL, which does its own). */
  databaseMaintenance: DatabaseMaintenance | null;
  /** Tenants whose search records this start read from the database (not from the last run's snapshot). */
  searchRebuilt: string[];
  /** Checks whether each site's stock feeds have stopped arriving, as the server does every FEED_CHECK_EVERY_MINUTES, and emails where due; the ids of the sites emailed. */
  checkStockFeeds(now?: Date): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * Starts the platform: opens and migrates the database, seeds it when empty, indexes stock for
 * search and listens.
 * @param options ports, directories and limits
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR ?? '.data');
  const distDir = path.resolve(options.distDir ?? 'dist');
  const tenantsDir = path.resolve(options.tenantsDir ?? 'tenants');
  const tenantSet = loadTenantSet(tenantsDir, options.validate);
  const tenants = tenantSet.tenants;
  if (tenants.length === 0 && tenantSet.broken.length === 0) throw new Error(`No tenant files in ${tenantsDir}`);
  for (const bad of tenantSet.broken) log(`Tenant file ${bad.file} is invalid; ${bad.slug}.localhost shows a maintenance page until it is fixed:\n  ${bad.errors.join('\n  ')}`);

  const dbOptions = options.databaseUrl
    ? { databaseUrl: options.databaseUrl }
    : options.dataDir
      ? { ...databaseOptionsFromEnv(dataDir), ...(process.env.DATABASE_URL ? {} : { pgliteDir: path.join(dataDir, 'pglite') }) }
      : databaseOptionsFromEnv();
  if (options.dbThread) Object.assign(dbOptions, { threadOptions: options.dbThread });
  const renderThreads = options.warmRenderThreads ? warmedRenderThreads(distDir, tenants, options.renderPool) : undefined;
  const tOpen = performance.now();
  const opening = options.database ?? openDatabase(dbOptions);
  // The search records kept by the last run (many megabytes of JSON) are read while the database
  // opens in its own thread, instead of after it: a restart's wait, not its work.
  const snapshotFile = path.join(dataDir, 'search-snapshot.json');
  const snapshot = readSnapshot(snapshotFile);
  const staleSites = readStaleSites(snapshotFile);
  let database: PlatformDatabase;
  try {
    database = await opening;
  } catch (error) {
    await renderThreads?.close();
    throw error;
  }
  const openMs = performance.now() - tOpen;
  const { db } = database;
  let seeded: SeedSummary | null = null;
  try {
    // Instances that start at once on one new database take turns: the first seeds, the others
    // wait for its commit and find the data (both seeding broke one with a duplicate key).
    seeded = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      if (!(await isEmpty(trx))) {
        await addNewTenants(trx, tenants, options.seedCars, log);
        return null;
      }
      log(`Seeding demo data for ${tenants.length} tenants…`);
      const summary = await seedDatabase(trx, tenants, { cars: options.seedCars });
      log(`Seeded ${summary.cars} cars, ${summary.locations} locations in ${(summary.ms / 1000).toFixed(1)} s`);
      return summary;
    });
  } catch (error) {
    await renderThreads?.close();
    await database.close();
    throw error;
  }

  const sites = await db.selectFrom('sites').select(['id', 'slug']).execute();
  const siteIds = new Map(sites.map((s) => [s.slug, s.id]));
  // Dealer records follow the tenant files (a location edited since the first seed shows as edited).
  const syncDealer = (tenant: HostedTenant) => {
    const id = siteIds.get(tenant.slug);
    return id === undefined ? Promise.resolve() : syncDealerRecords(db, id, tenant.config, { slug: tenant.slug, tenantIndex: tenants.indexOf(tenant) }).then(() => undefined);
  };
  for (const t of tenants) await syncDealer(t);

  const tIndex = performance.now();
  const search = await loadSearchService();
  const searchRebuilt: string[] = [];
  if (search) {
    const versions = await stockVersions(db);
    const fresh: Parameters<typeof writeSnapshot>[1] = { sites: {} };
    for (const t of tenants) {
      const id = siteIds.get(t.slug);
      if (id === undefined) continue;
      const version = versions.get(id) ?? 'empty';
      const saved = snapshot.sites[String(id)];
      const records = saved && saved.version === version && !staleSites.has(String(id)) ? saved.records : await siteSearchRecords(db, id);
      if (records !== saved?.records) searchRebuilt.push(t.slug);
      await search.setRecords(t.slug, records);
      // The tenant's synonyms ("ute" ↔ "pick-up") expand its shoppers' queries.
      await search.setSettings?.(t.slug, { synonyms: t.config.search.synonyms });
      fresh.sites[String(id)] = { version, records };
    }
    if (searchRebuilt.length > 0 || staleSites.size > 0) writeSnapshot(snapshotFile, fresh);
  }
  log(`Database ${database.kind === 'pglite' ? `PGlite at ${database.location}` : 'PostgreSQL'} opened in ${(openMs / 1000).toFixed(1)} s; stock indexed for search in ${((performance.now() - tIndex) / 1000).toFixed(1)} s`);
  if (!search) log('Stock search engine (server/search) not found: /1/* answers 503 until it is installed.');

  const now = options.now ?? (() => new Date());
  const adminToken = crypto.randomBytes(24).toString('base64url');
  // Reservations hold a car for limits.reserveHoldHours; when the hold lapses the car is free again (paid orders' holds excepted).
  const releaseExpiredHolds = () => releaseHolds(db, now(), services.reindexCars);
  const algoliaPush = createAlgoliaPush({ log, ...options.algolia });
  // A shopper's receipt: the lead emails' transport and sender address, sent at once (the caller
  // keeps what the relay answered with the order).
  const sendShopperEmail = (tenant: HostedTenant, mail: ShopperEmail) => {
    const host = new URL(tenant.config.siteUrl).hostname;
    return delivery.email.send({ ...mail, to: [mail.to], replyTo: mail.replyTo, from: delivery.emailFrom(tenant), messageId: `<receipt-${crypto.randomUUID()}@${host}>` }, AbortSignal.timeout(10_000));
  };
  // Sites marked stale in the snapshot since this start (one line each is enough).
  const markedStale = new Set<number>();
  const services: Parameters<typeof createApp>[0]['services'] = {
    now,
    reindexCars: async (siteId, carIds) => {
      const slug = sites.find((s) => s.id === siteId)?.slug;
      if (!search || !slug) return;
      // One query per thousand cars (a stock feed changes many at once), read as JSON text, with
      // a rest between two (inRestedParts); many cars' records are made in the stock worker, off
      // the thread that answers searches.
      const ids = [...carIds].sort((a, b) => a - b);
      const { searchRecordsOffThread, siteSearchRecordsOffThread, WORKER_CARS } = await import('./stock/feed-thread.ts');
      const arrived = (part: ReturnType<typeof toSearchRecord>[]) => search.shareHeldValues?.(slug, part);
      // On PostgreSQL the stock worker reads many cars' rows itself, over its own connection.
      const records =
        database.url !== null && ids.length >= WORKER_CARS
          ? await siteSearchRecordsOffThread(database.url, siteId, ids, arrived)
          : await inRestedParts(ids, SITE_CARS_PER_QUERY, async (part) => searchRecordsOffThread(await siteCarsJson(db, siteId, part), arrived));
      await search.upsertRecords(slug, records);
      if (!markedStale.has(siteId)) {
        markedStale.add(siteId);
        markSiteStale(snapshotFile, siteId);
      }
      stockChanged(slug);
      const tenant = tenants.find((t) => t.slug === slug);
      if (tenant) await algoliaPush.push(tenant, records);
    },
    carIsPublic: async (tenant, carId) => carIsPublic(search, tenant, carId, now()),
    carLeftSite: async (tenant, carId) => carLeftSite(search, tenant, carId, now()),
    deliveriesQueued: () => delivery.worker?.wake(),
    accountMail: { send: (tenant, mail) => accountMail.send(tenant, mail), idle: () => accountMail.idle() },
    sendShopperEmail: (tenant, mail) => sendShopperEmail(tenant, mail),
  };
  const tenantOfSite = (siteId: number) => {
    const slug = sites.find((s) => s.id === siteId)?.slug;
    return tenants.find((t) => t.slug === slug);
  };
  const delivery: LeadDelivery = await startLeadDelivery(db, tenantOfSite, { now: options.now, ...options.leadDelivery });
  const accountMail = createAccountMailer(delivery.email, delivery.emailFrom, log);

  let port = 0;
  const allowPrivatePhotoAddresses = options.allowPrivatePhotoAddresses ?? process.env.STOCK_PHOTOS_ALLOW_PRIVATE === '1';
  const app = createApp({
    db,
    tenants,
    siteIds,
    distDir,
    assetsDir: path.resolve(options.assetsDir ?? path.join(tenantsDir, 'assets')),
    imageCacheDir: path.join(dataDir, 'image-cache'),
    feedPhotos: feedPhotoOriginals(db, dataDir, { now, allowPrivateAddresses: allowPrivatePhotoAddresses, log }),
    port: () => port,
    search,
    leadRateLimit: options.leadRateLimit ?? { max: Number(process.env.LEAD_RATE_LIMIT ?? 20), windowMs: 60_000 },
    accountRateLimit: options.accountRateLimit,
    searchRateLimit: options.searchRateLimit ?? { max: Number(process.env.SEARCH_RATE_LIMIT ?? 600), windowMs: 60_000 },
    trustedProxies: parseTrustedProxies(options.trustedProxies ?? process.env.TRUSTED_PROXIES ?? (process.env.TRUST_PROXY === '1' ? 'loopback' : '')),
    frameAncestors: frameAncestorsFromEnv(process.env.FRAME_ANCESTORS),
    brokenTenants: tenantSet.broken,
    allowedOrigins: allowedOriginsFrom(process.env.ALLOWED_ORIGINS, options.allowLoopbackOrigins === true),
    testClock: options.testClock ?? process.env.FC_TEST_CLOCK === '1',
    localPages: delivery.mailbox ? (req, res, pathname) => isLoopbackAddress(req.socket.remoteAddress) && (delivery.mailbox?.handlePage(req, res, pathname) ?? false) : undefined,
    adminToken,
    services,
    pageCache: options.pageCache,
    renderQueue: options.renderQueue,
    renderPool: options.renderPool,
    renderThreads,
    frontDoor: options.frontDoor,
  });
  await releaseExpiredHolds();
  const stock = await startStockWork(db, dataDir, { reindexCars: services.reindexCars, now, allowPrivatePhotoAddresses });
  // Every ten minutes: lapsed holds end, account emails and sessions nothing needs any more are
  // deleted, and credit-check identities past their time are erased.
  const sweepAccounts = () =>
    Promise.all([sweepAccountEmails(db, now()), sweepExpiredSessions(db, now()), eraseCreditCheckIdentities(db, now())]).catch((error: unknown) =>
      console.error('[server] sweeping old account emails, sessions and credit-check identities failed:', error),
    );
  await sweepAccounts();
  // Sites whose stock feeds have stopped arriving (stockFeed.maxHoursBetweenFeeds): their people are emailed.
  const checkStockFeeds = async (at = now()) => {
    const quiet = tenants.flatMap((t) => {
      const id = siteIds.get(t.slug);
      const feed = t.config.stockFeed;
      return id === undefined ? [] : [{ id, name: t.config.name, timeZone: t.config.timeZone, to: feed.alertEmails, maxHours: feed.maxHoursBetweenFeeds, siteUrl: t.config.siteUrl }];
    });
    const emailed = await emailQuietFeeds(db, quiet, at);
    if (emailed.length > 0) delivery.worker?.wake();
    return emailed;
  };
  // Checked now (in the background: nothing waits on it) and every few minutes; closing waits for a check under way.
  const feedCheck = startPeriodic(() => checkStockFeeds(), FEED_CHECK_EVERY_MINUTES * 60_000, (error) =>
    console.error('[server] checking for stock feeds that stopped arriving failed:', error),
  );
  void feedCheck.runOnce();
  const sweep = setInterval(() => {
    releaseExpiredHolds().catch((error) => console.error('[server] releasing expired reservations failed:', error));
    void sweepAccounts();
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  // The embedded database has no autovacuum of its own: the server vacuums and analyses it.
  const maintenance = startDatabaseMaintenance(database);
  const watcher = options.watch === false ? null : watchTenants(tenantsDir, tenantSet, {
        validate: options.validate,
        log,
        known: () => new Set(siteIds.keys()),
        onChange: (t) => void syncDealer(t).catch((error: unknown) => log(`[tenants] ${t.slug}: could not update its locations: ${String(error)}`)),
      });
  // Requests being handled: closing waits for them, so none meets a closed database.
  const handling = new Set<Promise<void>>();
  const server = http.createServer((req, res) => {
    const handled = app(req, res);
    handling.add(handled);
    void handled.finally(() => handling.delete(handled));
  });
  server.keepAliveTimeout = 5_000;
  const requested = options.port ?? Number(process.env.PORT ?? 8080);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requested, options.host ?? '0.0.0.0', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  if (delivery.mailbox) log(`Leads stay on this computer (no SMTP_URL): emails at http://localhost:${port}/mailbox, webhooks at http://localhost:${port}/webhooks`);
  // Local tools find the running server here (npm run leads while npm start runs).
  const runtimeFile = serverRuntimeFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(runtimeFile, JSON.stringify({ pid: process.pid, port, adminToken }), { mode: 0o600 });
  const startupMs = Math.round(performance.now() - started);
  return {
    url: `http://localhost:${port}`,
    port,
    tenants,
    brokenTenants: tenantSet.broken,
    db,
    seeded,
    startupMs,
    leadDelivery: delivery,
    accountMail,
    applyTenant: async (config) => {
      const i = tenants.findIndex((t) => t.slug === config.slug);
      if (i < 0) return false;
      tenants[i] = { ...tenants[i]!, config };
      await syncDealer(tenants[i]!);
      return true;
    },
    reindex: async (slug, carIds) => {
      const id = siteIds.get(slug);
      if (id !== undefined) await services.reindexCars(id, carIds);
    },
    stock,
    databaseMaintenance: maintenance,
    searchRebuilt,
    checkStockFeeds,
    close: async () => {
      clearInterval(sweep);
      const feedCheckStopped = feedCheck.stop();
      const maintenanceStopped = maintenance?.stop();
      stock.close();
      watcher?.close();
      // Take no new requests, let those under way finish (up to 5 s), then close the rest.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.allSettled(handling), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
      clearTimeout(timer);
      server.closeAllConnections();
      await closed;
      await app.close();
      // Sends under way are cut off and recorded (due again at the next start) before the database closes.
      await delivery.close();
      fs.rmSync(runtimeFile, { force: true });
      await maintenanceStopped;
      await feedCheckStopped;
      await database.close();
    },
  };
}

/** The most server entries render threads import ahead of their first render (each thread holds its own copy). */
const WARM_ENTRIES_MAX = 8;

/**
 * Render threads started now, each importing the server entries of the first tenants (at most
 * WARM_ENTRIES_MAX distinct ones: tenants sharing a bundle share its entry), as the pages will
 * ask for them. The rest are imported on their first render, as before.
 */
function warmedRenderThreads(distDir: string, tenants: HostedTenant[], settings: StartOptions['renderPool']): RenderPool {
  const pool = createRenderPool(settings);
  const { entryFor } = createEntryLoader(distDir);
  const entries = new Map<string, WarmEntry>();
  for (const tenant of tenants) {
    if (entries.size >= WARM_ENTRIES_MAX) break;
    const loaded = entryFor(tenant.slug, tenant.config);
    if (loaded) entries.set(loaded.spec.url, { entry: loaded.spec, file: loaded.file, version: loaded.version });
  }
  pool.warm([...entries.values()]);
  return pool;
}

/** How often lapsed holds and old account emails are swept. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** How long closing the server waits for requests under way. */
const CLOSE_GRACE_MS = 5_000;

/** Seeds tenants that were added to tenants/ after the database was first seeded. */
/** The advisory lock the demo seed is taken under (any fixed number no other code uses). */
const SEED_LOCK = 4_713_001;

async function addNewTenants(db: Kysely<Database>, tenants: HostedTenant[], cars: number | undefined, log: (line: string) => void): Promise<void> {
  const known = new Set((await db.selectFrom('sites').select('slug').execute()).map((s) => s.slug));
  const fresh = tenants.filter((t) => !known.has(t.slug));
  if (fresh.length === 0) return;
  // Keep the new tenant's share in line with a default seed of the whole set.
  const share = Math.max(200, Math.round(((cars ?? 6000) * fresh.length) / tenants.length));
  const summary = await seedDatabase(db, fresh, { cars: share, skipGlobal: true });
  log(`Seeded new tenants ${fresh.map((t) => t.slug).join(', ')}: ${summary.cars} cars`);
}

/** Origins besides a tenant's own that may send state-changing requests. */
function allowedOriginsFrom(list: string | undefined, loopback: boolean): (origin: string) => boolean {
  const listed = new Set((list ?? '').split(/[\s,]+/).map((o) => o.trim().toLowerCase()).filter(Boolean));
  return (origin) => listed.has(origin) || (loopback && isLoopbackOrigin(origin));
}

function isLoopbackAddress(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
