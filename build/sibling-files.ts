import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BUILD_REPORT_FILE, type BuildReport } from './plugins/build-report.ts';

/*
 * Work already done on identical files by the bundles beside the one being built. A feature
 * switch changes the chunks that read the switch and those that import them; the rest (React,
 * the router, most of the site) come out byte for byte as in the bundles already built, under
 * the same content-hashed names. Compressing such a chunk again (brotli at its highest quality is
 * most of a bundle's compression time) would give the same bytes, so the finished sibling's
 * compressed files and measured sizes are taken instead — only after comparing the file's bytes,
 * so a name that happens to match never brings in another file's figures.
 */

/** Finished bundles beside `outDir` (its parent's other folders holding a build report). */
export function siblingBundles(outDir: string): string[] {
  const parent = dirname(outDir);
  if (!existsSync(parent)) return [];
  const self = basename(outDir);
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.name !== self && !entry.name.startsWith('.') && (entry.isDirectory() || entry.isSymbolicLink()))
    .map((entry) => join(parent, entry.name))
    .filter((dir) => existsSync(join(dir, BUILD_REPORT_FILE)));
}

/** Lookups of identical files in sibling bundles, with each sibling's report read once. */
export interface SiblingFiles {
  /** A sibling bundle holding the same bytes at the same path (relative to the bundle), if any. */
  identical(file: string, bytes: Buffer): string | undefined;
  /** The raw, gzip and brotli sizes a sibling's report measured for the same bytes at the same path. */
  sizes(file: string, bytes: Buffer): { raw: number; gzip: number; brotli: number } | undefined;
}

/**
 * Looks for identical files in the given finished bundles.
 * @param siblings bundle folders (siblingBundles)
 */
export function siblingFiles(siblings: readonly string[]): SiblingFiles {
  const reports = new Map<string, Map<string, { raw: number; gzip: number; brotli: number }> | null>();
  const reportOf = (dir: string) => {
    if (!reports.has(dir)) {
      try {
        const report = JSON.parse(readFileSync(join(dir, BUILD_REPORT_FILE), 'utf8')) as BuildReport;
        reports.set(dir, new Map([...report.chunks, ...report.assets].map((c) => [c.file, { raw: c.raw, gzip: c.gzip, brotli: c.brotli }])));
      } catch {
        reports.set(dir, null);
      }
    }
    return reports.get(dir) ?? null;
  };
  const identical = (file: string, bytes: Buffer, accept: (dir: string) => boolean = () => true): string | undefined => {
    for (const dir of siblings) {
      const candidate = join(dir, file);
      if (!accept(dir) || !existsSync(candidate)) continue;
      try {
        if (readFileSync(candidate).equals(bytes)) return dir;
      } catch {
        // removed meanwhile (a bundle no tenant links to any more): look further
      }
    }
    return undefined;
  };
  return {
    identical: (file, bytes) => identical(file, bytes),
    sizes(file, bytes) {
      const dir = identical(file, bytes, (d) => reportOf(d)?.has(file) === true);
      const found = dir === undefined ? undefined : reportOf(dir)?.get(file);
      return found && found.raw === bytes.byteLength ? found : undefined;
    },
  };
}
