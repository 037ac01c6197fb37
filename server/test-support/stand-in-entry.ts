import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a stand-in server entry for a tenant into a test's dist folder, with a router manifest
 * that has the root route (the real entries are built by Vite and covered by the browser suite).
 * @param distDir the test's dist folder
 * @param slug the tenant
 * @param source the entry's JavaScript (an ES module exporting `render`)
 */
export function writeStandInEntry(distDir: string, slug: string, source: string): void {
  const dir = path.join(distDir, slug, 'server');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'entry-server.js'), source);
  fs.writeFileSync(path.join(dir, 'router-manifest.json'), JSON.stringify({ routes: { __root__: { preloads: [] } } }));
}
