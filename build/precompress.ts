import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { SiblingFiles } from './sibling-files.ts';

/*
 * Writes `.br` and `.gz` siblings of a tenant's text assets at build time, at the highest
 * settings (brotli 11, gzip 9). The embedded server (server/http/static.ts) and a CDN serve them
 * as they are; compressing a 300 KB script at brotli 11 on its first request instead held the
 * server's one thread for most of a second, so the first shopper after a deploy waited for every
 * other response (a car photo among them) behind it.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text formats, above one TCP packet. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

async function filesUnder(dir: string, skip: ReadonlySet<string>): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(file)) out.push(...(await filesUnder(file, skip)));
    } else if (TEXT.test(entry.name)) out.push(file);
  }
  return out;
}

/**
 * Copies a finished sibling's compressed file (of the same bytes); false when it is gone. A copy,
 * not a link: the copy is newer than the file it compresses, which the static server checks.
 */
async function reuse(from: string, to: string): Promise<boolean> {
  return fs.copyFile(from, to).then(() => true, () => false);
}

/**
 * Compresses every text asset of `outDir` (not the server entry's folder, which is never sent)
 * into `<file>.br` and `<file>.gz`. A file identical to one of a finished bundle beside it
 * (`siblings`, build/sibling-files.ts) takes that bundle's compressed files instead of being
 * compressed again. Resolves with the number of files compressed or reused.
 */
export async function precompressAssets(outDir: string, options: { siblings?: SiblingFiles } = {}): Promise<number> {
  const files = await filesUnder(outDir, new Set([path.join(outDir, 'server')]));
  let done = 0;
  // zlib's async calls run on libuv's thread pool: a few at a time keeps every thread busy.
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const raw = await fs.readFile(file);
      if (raw.length < MIN_BYTES) continue;
      const rel = path.relative(outDir, file);
      const sibling = options.siblings?.identical(rel, raw);
      if (sibling !== undefined) {
        const from = path.join(sibling, rel);
        const reused = await Promise.all([reuse(`${from}.br`, `${file}.br`), reuse(`${from}.gz`, `${file}.gz`)]);
        if (reused.every(Boolean)) {
          done += 1;
          continue;
        }
        // One of them is missing (a bundle being removed): compress this file after all.
        await Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
      }
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzip(raw, { level: 9 }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      done += 1;
    }
  };
  await Promise.all([worker(), worker()]);
  return done;
}
