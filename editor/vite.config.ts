import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Where `npm run editor` serves (browser mode) or loads (Electron) the built renderer from. */
export const RENDERER_OUT_DIR = here('../.cache/editor-renderer');

// The editor renderer: one React app, Monaco and its workers bundled locally (nothing loads from
// the internet), relative asset URLs so the same build works over http:// and Electron's file://.
export default defineConfig({
  root: here('./renderer'),
  base: './',
  plugins: [react()],
  resolve: {
    // Monaco's contributions are imported one by one (see renderer/src/monaco/contributions.ts);
    // its package exports map cannot address the CSS files, so alias the ESM tree directly.
    alias: [{ find: /^monaco-esm\//, replacement: here('../node_modules/monaco-editor/esm/vs/') }],
  },
  logLevel: 'warn',
  clearScreen: false,
  worker: { format: 'es' },
  build: {
    outDir: RENDERER_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 6000,
    modulePreload: { polyfill: false },
  },
});
