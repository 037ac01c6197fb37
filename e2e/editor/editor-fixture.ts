import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { BUNDLE_MARKER, BUNDLES_DIR } from '../../build/bundles.ts';
import { REPO_ROOT, startBrowserEditor } from '../../editor/core/editor-app.ts';
import { ensureRendererBuilt } from '../../editor/core/renderer-build.ts';
import { lookupPostcode } from '../../server/postcodes/index.ts';
import type { DemoDataServer } from '../../editor/core/preview-server.ts';
import { chromiumLaunchOptions } from '../lib/chromium.ts';

export interface EditorFixture {
  url: string;
  origin: string;
  token: string;
  /** The temp copy of tenants/ the editor works on (tests never touch tenants/). */
  tenantsDir: string;
  distDir: string;
  recoveryDir: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts the browser-mode editor on a temporary copy of tenants/ (with its own recovery, trash
 * and dist folders) and launches Debian's Chromium.
 */
export async function startEditorFixture(options: { startDataServer?: (() => Promise<DemoDataServer>) | null; previewRepoRoot?: string } = {}): Promise<EditorFixture> {
  await ensureRendererBuilt();
  const root = mkdtempSync(path.join(tmpdir(), 'forecourt-editor-e2e-'));
  const tenantsDir = path.join(root, 'tenants');
  cpSync(path.join(REPO_ROOT, 'tenants'), tenantsDir, { recursive: true });
  const distDir = path.join(root, 'dist');
  linkBuiltBundles(path.join(REPO_ROOT, 'dist'), distDir);
  const recoveryDir = path.join(root, 'recovery');
  const editor = await startBrowserEditor({
    tenantsDir,
    distDir,
    recoveryDir,
    trashDir: path.join(root, 'trash'),
    // Kept between runs so demo data is seeded once; separate from `npm run editor`'s database.
    previewDataDir: path.join(REPO_ROOT, '.data', 'editor-e2e', 'preview-data'),
    postcodes: lookupPostcode,
    ...(options.previewRepoRoot ? { previewRepoRoot: options.previewRepoRoot } : {}),
    // Lets a developer point the preview at a patched copy of the repo while debugging.
    ...(!options.previewRepoRoot && process.env.EDITOR_PREVIEW_REPO_ROOT ? { previewRepoRoot: process.env.EDITOR_PREVIEW_REPO_ROOT } : {}),
    ...(options.startDataServer !== undefined ? { startDataServer: options.startDataServer } : {}),
  });
  const browser = await chromium.launch(chromiumLaunchOptions());
  return {
    url: editor.bridge.url,
    origin: editor.bridge.origin,
    token: editor.bridge.token,
    tenantsDir,
    distDir,
    recoveryDir,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await editor.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Puts the repository's finished bundles beside the ones the editor's builds make, as they are in
 * the repository's own dist/ where `npm run editor` builds: a build then takes the compressed
 * copies of the files it shares with them instead of compressing those again, as it does for
 * staff. The folders are linked, not copied: a build only reads a finished bundle (one with the
 * same switches is kept as it is), and removing the journey's folder removes only the links.
 */
function linkBuiltBundles(fromDist: string, toDist: string): void {
  const from = path.join(fromDist, BUNDLES_DIR);
  if (!existsSync(from)) return;
  const to = path.join(toDist, BUNDLES_DIR);
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(from, entry.name, BUNDLE_MARKER))) symlinkSync(path.join(from, entry.name), path.join(to, entry.name), process.platform === 'win32' ? 'junction' : 'dir');
  }
}
