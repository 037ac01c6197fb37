import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { markImportApplied } from './generation.ts';
import { withDatabaseInBackground } from './import-priority.ts';
import { createPhotoWorker, type PhotoWorker } from './photos.ts';

/*
 * A server's background stock work, once a second: imports committed by another process (the
 * import command against PostgreSQL, another instance's stock endpoint) are re-indexed here
 * (one cheap query when there are none), and due photos are downloaded.
 */

/** The running stock work. */
export interface StockWork {
  photos: PhotoWorker;
  /** Re-indexes imports other processes committed since the last poll. */
  pollImports(): Promise<number>;
  /** One round of both (what the timer runs). */
  tick(): Promise<void>;
  /** Waits for a round under way, then runs a full round (tests: everything due now is done). */
  drain(): Promise<void>;
  close(): void;
}

/**
 * Starts the stock work.
 * @param db database
 * @param dataDir where photo originals are stored
 * @param options re-indexing, clock, timer, private photo addresses (tests only)
 */
export async function startStockWork(
  db: Kysely<Database>,
  dataDir: string,
  options: { reindexCars: (siteId: number, carIds: number[]) => Promise<void>; now: () => Date; intervalMs?: number; allowPrivatePhotoAddresses?: boolean },
): Promise<StockWork> {
  // Imports already in the database at start are in the search snapshot or rebuilt from it.
  let last = Number((await db.selectFrom('stock_imports').select((e) => e.fn.max('id').as('max')).executeTakeFirst())?.max ?? 0);
  const photos = createPhotoWorker(db, dataDir, {
    now: options.now,
    allowPrivateAddresses: options.allowPrivatePhotoAddresses === true,
    carsChanged: async (cars) => {
      const bySite = new Map<number, number[]>();
      for (const c of cars) bySite.set(c.siteId, [...(bySite.get(c.siteId) ?? []), c.carId]);
      for (const [siteId, ids] of bySite) await options.reindexCars(siteId, ids);
    },
  });
  async function pollImports(): Promise<number> {
    const rows = await db.selectFrom('stock_imports').select(['id', 'site_id', 'car_ids']).where('id', '>', last).orderBy('id').execute();
    let applied = 0;
    for (const row of rows) {
      last = row.id;
      if (!markImportApplied(row.id)) continue;
      // Reading a whole feed's cars back for search is an import's work: the database thread stays behind shoppers' requests meanwhile.
      await withDatabaseInBackground(() => options.reindexCars(row.site_id, row.car_ids));
      applied++;
    }
    return applied;
  }
  let running: Promise<void> | null = null;
  const tick = () =>
    (running ??= (async () => {
      try {
        await pollImports();
        await photos.runOnce();
      } catch (error) {
        console.error('[stock] background work failed:', (error as Error).message);
      } finally {
        running = null;
      }
    })());
  const timer = setInterval(() => void tick(), options.intervalMs ?? 1_000);
  timer.unref();
  const drain = async () => {
    // A round under way may have looked for work before the caller's change: finish it, then run one more.
    for (let current = running; current; current = running) await current;
    await tick();
  };
  return { photos, pollImports, tick, drain, close: () => clearInterval(timer) };
}
