import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../db/types.ts';

/*
 * Photos of imported cars, downloaded from the feed's URLs in the background: a few at a time,
 * each checked (size, type, a decodable image of a sensible size), retried with a growing pause
 * when the dealer's server fails, and stored once as a 1920-wide original that the image route
 * resizes like any other image. A car lists only the photos already stored, in the feed's
 * order, so a page never links a photo that is not there; its first available photo leads.
 * An instance that shares the database but not the folder fetches a stored photo again when first
 * asked for it (feedPhotoOriginals).
 */

/** Limits and pacing of the downloads. */
export const PHOTO_LIMITS = {
  /** Downloads at once. */
  concurrency: 4,
  /** Bytes of one photo. */
  bytes: 15 * 1024 * 1024,
  /** Smallest width or height accepted, in pixels. */
  minSide: 200,
  /** Tries before a photo is given up. */
  attempts: 4,
  /** Pause before the second try; doubles each time. */
  retryMs: 5_000,
  /** One download's time limit. */
  timeoutMs: 15_000,
  /** Redirects followed. */
  redirects: 3,
  /**
   * A stored photo missing from this instance's folder and fetched again from its feed address
   * (below): how long a failed fetch is answered 404 without asking the dealer's server again.
   */
  refetchPauseMs: 60_000,
  /** Missing photos waiting to be fetched again at once; beyond it a request answers 404. */
  refetchWaiting: 200,
  /** Failed fetches remembered for their pause; past it the oldest is forgotten. */
  refetchFailuresKept: 1_000,
} as const;

const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

/** Where stored originals live under the data directory. */
export function photoStore(dataDir: string): string {
  return path.join(dataDir, 'photos');
}

class PermanentFailure extends Error {}

function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = address.toLowerCase();
  return v6 === '::1' || v6 === '::' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80') || v6.startsWith('::ffff:') && isPrivateAddress(v6.slice(7));
}

/**
 * Downloads one photo with the limits above. Addresses inside private networks are refused
 * (a feed must not make the server read its own network) unless `allowPrivate` (tests).
 */
function download(url: string, allowPrivate: boolean, redirects: number = PHOTO_LIMITS.redirects): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return reject(new PermanentFailure('not a web address'));
    }
    const client = parsed.protocol === 'https:' ? https : parsed.protocol === 'http:' ? http : null;
    if (!client) return reject(new PermanentFailure('only http and https addresses are fetched'));
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: false }, (error, address, family) => {
        if (!error && !allowPrivate && isPrivateAddress(String(address))) return callback(new PermanentFailure(`${hostname} is a private network address`), '', 4);
        callback(error, address as string, family as number);
      });
    };
    const req = client.get(parsed, { lookup, timeout: PHOTO_LIMITS.timeoutMs, headers: { accept: 'image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8', 'user-agent': 'Forecourt stock photo fetcher' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (redirects <= 0) return reject(new PermanentFailure('too many redirects'));
        return resolve(download(new URL(res.headers.location, parsed).toString(), allowPrivate, redirects - 1));
      }
      if (status !== 200) {
        res.resume();
        // The dealer's server may recover from these; the others will not change on a retry.
        const retry = status === 408 || status === 429 || status >= 500;
        return reject(retry ? new Error(`the photo server answered ${status}`) : new PermanentFailure(`the photo server answered ${status}`));
      }
      const type = String(res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!TYPES.has(type)) {
        res.resume();
        return reject(new PermanentFailure(`not a photo (content type ${type || 'missing'})`));
      }
      if (Number(res.headers['content-length'] ?? 0) > PHOTO_LIMITS.bytes) {
        res.resume();
        return reject(new PermanentFailure(`larger than the limit of ${PHOTO_LIMITS.bytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > PHOTO_LIMITS.bytes) {
          req.destroy(new PermanentFailure(`larger than the limit of ${PHOTO_LIMITS.bytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${PHOTO_LIMITS.timeoutMs / 1000} s`)));
    req.on('error', reject);
  });
}

/** Checks a downloaded photo and makes its 1920-wide original. */
async function originalOf(bytes: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new PermanentFailure('the file is not a readable image');
  }
  if (!meta.width || !meta.height || Math.min(meta.width, meta.height) < PHOTO_LIMITS.minSide) {
    throw new PermanentFailure(`the photo is ${meta.width ?? 0}×${meta.height ?? 0} pixels, smaller than ${PHOTO_LIMITS.minSide} on a side`);
  }
  return sharp(bytes).rotate().resize({ width: 1920, withoutEnlargement: true }).webp({ quality: 90 }).toBuffer();
}

/** Writes an original under its stored name, whole or not at all (a reader never sees half a file). */
async function writeOriginal(file: string, original: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  await fs.promises.writeFile(tmp, original);
  await fs.promises.rename(tmp, file);
}

/** Checks a downloaded photo and writes its 1920-wide original; returns the stored name. */
async function store(dataDir: string, carId: number, position: number, bytes: Buffer): Promise<string> {
  const original = await originalOf(bytes);
  const name = path.join(String(carId), `${position}-${crypto.createHash('sha256').update(original).digest('hex').slice(0, 12)}.webp`);
  await writeOriginal(path.join(photoStore(dataDir), name), original);
  return name;
}

/** The stored originals of cars' photos, as the image route reads them. */
export interface FeedPhotoOriginals {
  /**
   * The stored original of a car's photo at a position (1-based), or null when it is not (yet)
   * there. A photo the database calls stored but this instance's folder lacks (another instance
   * downloaded it) is fetched again from its feed address first.
   */
  file(carId: number, position: number): Promise<string | null>;
}

/**
 * The stored originals, for the image route. Any instance's stock work may download a photo, into
 * its own folder. An instance whose folder lacks one (it shares the database, not the folder)
 * fetches it again from the feed's address when a shopper first asks, with the downloads' checks
 * and limits, and keeps it under the same name. A photo asked for by several shoppers at once is
 * fetched once; at most PHOTO_LIMITS.concurrency are fetched at a time. One that cannot be fetched
 * is a 404, and its address is not asked again for PHOTO_LIMITS.refetchPauseMs.
 * @param db database
 * @param dataDir the server's data directory
 * @param options clock, private addresses (tests), log line
 */
export function feedPhotoOriginals(db: Kysely<Database>, dataDir: string, options: { now: () => Date; allowPrivateAddresses: boolean; log: (line: string) => void }): FeedPhotoOriginals {
  const root = path.resolve(photoStore(dataDir));
  const fetching = new Map<string, Promise<string | null>>();
  const failedUntil = new Map<string, number>();
  const waiting: (() => void)[] = [];
  let running = 0;

  // A slot a fetch ends with passes straight to the next waiting, so no more run at once than the limit.
  const takeSlot = async () => {
    if (running < PHOTO_LIMITS.concurrency) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const giveSlot = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  async function fetchAgain(file: string, sourceUrl: string): Promise<string | null> {
    await takeSlot();
    try {
      await writeOriginal(file, await originalOf(await download(sourceUrl, options.allowPrivateAddresses)));
      return file;
    } catch (error) {
      // The photo stays stored in the database: the instance that has it still serves it, and a
      // dealer's server that was down may answer after the pause.
      failedUntil.delete(file);
      failedUntil.set(file, options.now().getTime() + PHOTO_LIMITS.refetchPauseMs);
      if (failedUntil.size > PHOTO_LIMITS.refetchFailuresKept) failedUntil.delete(failedUntil.keys().next().value!);
      options.log(`[stock] a stored photo missing from this instance could not be fetched again from ${sourceUrl}: ${(error as Error).message}`);
      return null;
    } finally {
      giveSlot();
    }
  }

  return {
    async file(carId, position) {
      const row = await db.selectFrom('car_images').select(['file', 'source_url']).where('car_id', '=', carId).where('kind', '=', 'photo').where('position', '=', position).where('state', '=', 'ready').executeTakeFirst();
      if (!row?.file) return null;
      const file = path.resolve(root, row.file);
      if (!file.startsWith(`${root}${path.sep}`)) return null;
      if (fs.existsSync(file)) return file;
      if (!row.source_url || (failedUntil.get(file) ?? 0) > options.now().getTime()) return null;
      const under = fetching.get(file);
      if (under) return under;
      if (fetching.size >= PHOTO_LIMITS.refetchWaiting) return null;
      const fetched = fetchAgain(file, row.source_url).finally(() => fetching.delete(file));
      fetching.set(file, fetched);
      return fetched;
    },
  };
}

/** The photo downloader of a server. */
export interface PhotoWorker {
  /** Downloads every photo due now; resolves with the cars whose photos changed. */
  runOnce(): Promise<number[]>;
}

/**
 * Creates the downloader.
 * @param db database
 * @param dataDir where originals are stored
 * @param options clock, private addresses (tests), what to do with the cars whose photos changed
 */
export function createPhotoWorker(
  db: Kysely<Database>,
  dataDir: string,
  options: { now: () => Date; allowPrivateAddresses: boolean; carsChanged: (cars: { siteId: number; carId: number }[]) => Promise<void> },
): PhotoWorker {
  async function runOnce(): Promise<number[]> {
    const touched = new Map<number, number>();
    for (;;) {
      const now = options.now();
      // Claim a batch: a claim lapses after two minutes, so a crashed process's photos are retried.
      // The batch is chosen once (a materialised subquery), then claimed: written as "id in (the
      // batch)", PostgreSQL may run the batch's query again for each due row (a semi-join), which
      // claims more than the batch and sorts the due photos once per row.
      const claimed = await db
        .with((w) => w('batch').materialized(), (q) =>
          q.selectFrom('car_images').select('id').where('kind', '=', 'photo').where('source_url', 'is not', null)
            .where((w) => w.or([w.and([w('state', '=', 'pending'), w('next_attempt_at', '<=', now)]), w.and([w('state', '=', 'fetching'), w('next_attempt_at', '<=', now)])]))
            .orderBy('next_attempt_at').orderBy('id').limit(PHOTO_LIMITS.concurrency * 4)
            .forUpdate().skipLocked(),
        )
        .updateTable('car_images')
        .from('batch')
        .set({ state: 'fetching', next_attempt_at: new Date(now.getTime() + 120_000) })
        .whereRef('car_images.id', '=', 'batch.id')
        .returning(['car_images.id', 'car_images.car_id', 'car_images.position', 'car_images.source_url', 'car_images.attempts'])
        .execute();
      if (claimed.length === 0) break;
      let next = 0;
      const lane = async () => {
        while (next < claimed.length) {
          const photo = claimed[next++]!;
          const attempts = photo.attempts + 1;
          try {
            const bytes = await download(photo.source_url ?? '', options.allowPrivateAddresses);
            const file = await store(dataDir, photo.car_id, photo.position, bytes);
            await db.updateTable('car_images').set({ state: 'ready', file, attempts, error: null, next_attempt_at: null }).where('id', '=', photo.id).execute();
          } catch (error) {
            const message = (error as Error).message.slice(0, 300);
            const last = error instanceof PermanentFailure || attempts >= PHOTO_LIMITS.attempts;
            await db
              .updateTable('car_images')
              .set(last ? { state: 'failed', attempts, error: message, next_attempt_at: null } : { state: 'pending', attempts, error: message, next_attempt_at: new Date(options.now().getTime() + PHOTO_LIMITS.retryMs * 2 ** (attempts - 1)) })
              .where('id', '=', photo.id)
              .execute();
          }
          touched.set(photo.car_id, 0);
        }
      };
      await Promise.all(Array.from({ length: PHOTO_LIMITS.concurrency }, lane));
    }
    if (touched.size === 0) return [];
    const ids = [...touched.keys()];
    // Each car lists its stored photos in the feed's order; more photos rank it a little higher.
    // Only cars whose list changed are updated and re-indexed: a failed attempt changes nothing
    // a shopper sees, and touching the car would make the next start rebuild the site's search.
    const rows = await sql<{ id: number; site_id: number }>`
      update cars c set
        details = c.details || jsonb_build_object('feed_photos', coalesce(r.positions, '[]'::jsonb), 'photos_count', coalesce(jsonb_array_length(r.positions), 0)),
        rank = case when c.status = 'sold' then 0 else 1000 + least(coalesce(jsonb_array_length(r.positions), 0), 20) * 10 end,
        updated_at = ${options.now()}
      from (select c2.id, (select jsonb_agg(i.position order by i.position) from car_images i where i.car_id = c2.id and i.kind = 'photo' and i.state = 'ready') as positions
            from cars c2 where c2.id in (${sql.join(ids)})) r
      where c.id = r.id and c.source = 'feed'
        and c.details->'feed_photos' is distinct from coalesce(r.positions, '[]'::jsonb)
      returning c.id, c.site_id`.execute(db);
    await options.carsChanged(rows.rows.map((r) => ({ siteId: r.site_id, carId: r.id })));
    return ids;
  }
  return { runOnce };
}
