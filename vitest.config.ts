import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One config for the whole repo: Node by default; React component tests (site, editor renderer)
// run in jsdom. Browser journeys live in e2e/ and run through Playwright, not vitest.
export default defineConfig({
  test: {
    // Vitest runs one file at a time on a two-core machine by default (cores - 1); the unit suite
    // is mostly waiting on servers and databases it starts, so two at a time nearly halves it.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{schema,server,build,scripts,editor/core,editor/main,editor/preload,site/src/domain}/**/*.test.ts'],
          // A migrated PGlite cluster that each test server's database is copied from (server/test-support).
          globalSetup: ['server/test-support/global-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['{site/src,editor/renderer}/**/*.test.{ts,tsx}'],
          exclude: ['site/src/domain/**'],
          setupFiles: ['scripts/lib/dom-test-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
