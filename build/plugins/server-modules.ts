import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { bytesPerFile } from '../source-map-bytes.ts';
import { moduleIdForReport } from './build-report.ts';

/*
 * Which modules' code is in a tenant's server entry, for the feature-absence check (a switched-
 * off feature must be absent on the server too). Like the browser report, it reads the minified
 * output's hidden source map: only code that survived dead-code elimination is mapped, so a
 * component kept by `false ? Component : null` until minification does not count. Written to
 * `server/modules.json`; the map itself is deleted.
 */

/** Where the list is written, relative to the tenant's dist folder. */
export const SERVER_MODULES_FILE = 'server/modules.json';

/** Vite plugin (server build): writes `modules.json` next to the entry. */
export function serverModulesPlugin(repoRoot: string): Plugin {
  return {
    name: 'forecourt:server-modules',
    apply: 'build',
    enforce: 'post',
    writeBundle(outputOptions, bundle) {
      const outDir = outputOptions.dir;
      if (!outDir) throw new Error('server-modules: output.dir is not set');
      const bytes = new Map<string, number>();
      for (const item of Object.values(bundle)) {
        if (item.fileName.endsWith('.map')) {
          rmSync(join(outDir, item.fileName), { force: true });
          continue;
        }
        if (item.type !== 'chunk' || !item.map) continue;
        for (const [file, n] of bytesPerFile(outDir, { fileName: item.fileName, code: item.code, map: item.map })) {
          const id = moduleIdForReport(file, repoRoot);
          bytes.set(id, (bytes.get(id) ?? 0) + n);
        }
      }
      const modules = [...bytes].filter(([, n]) => n > 0).map(([id]) => id).sort();
      writeFileSync(join(outDir, 'modules.json'), `${JSON.stringify({ modules }, null, 2)}\n`);
    },
  };
}
