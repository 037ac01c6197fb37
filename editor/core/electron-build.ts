import path from 'node:path';
import { REPO_ROOT } from './editor-app.ts';

/** Where the bundled Electron entry points go. main.mjs sits two levels below the repo root on purpose: REPO_ROOT is derived from its location. */
export const ELECTRON_OUT_DIR = path.join(REPO_ROOT, '.cache', 'editor-electron');

/**
 * Bundles the Electron main process (ESM) and the sandboxed preload (a single CommonJS file, as
 * sandboxed preloads cannot load modules) from TypeScript. Returns the main entry path.
 */
export async function buildElectronEntry(): Promise<string> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: path.join(REPO_ROOT, 'editor/main/main.ts'),
      outDir: ELECTRON_OUT_DIR,
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: { output: { format: 'es', entryFileNames: 'main.mjs' }, external: ['electron', /^node:/] },
    },
  });
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: path.join(REPO_ROOT, 'editor/preload/preload.ts'),
      outDir: ELECTRON_OUT_DIR,
      emptyOutDir: false,
      target: 'node22',
      rollupOptions: { output: { format: 'cjs', entryFileNames: 'preload.cjs' }, external: ['electron'] },
    },
  });
  return path.join(ELECTRON_OUT_DIR, 'main.mjs');
}
