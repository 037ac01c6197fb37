import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './scripts/lib/heavy-first-sequencer.ts';

/**
 * Component tests that need a page and modules no other file has touched: zod reading its
 * settings before it first loads, a library's live region that is made once per page, a module
 * replaced by `vi.mock` (another file may have loaded the real one), and the files that run the
 * page's held-input script, which installs itself on the document once per page and leans on the
 * page's animation frames.
 */
const FRESH_PAGE_TESTS = [
  'site/src/app/zod-jitless.test.ts',
  'site/src/features/sharing/sharing.test.tsx',
  'editor/renderer/src/components/schema-form-unread.test.tsx',
  'site/src/features/search/range-facet-hydration.test.tsx',
  'site/src/lib/hydration-replay.test.ts',
  'site/src/lib/choice-while-starting.test.tsx',
  'site/src/lib/hydrate-when-near.test.tsx',
];

/**
 * Node tests that need a process of their own: those that replace a module with `vi.mock`
 * (Electron's), which another file may have loaded, and the storage faults, which set the
 * process's file-size limit and kill and reopen its databases.
 */
const FRESH_NODE_TESTS = ['editor/main/security.test.ts', 'editor/preload/preload.test.ts', 'server/faults.test.ts'];

/**
 * Whether the run was asked to shuffle its files (`--sequence.shuffle` or `--sequence.shuffle.files`).
 * Vitest shuffles files only with its own sequencer: beside a configured one the flag does nothing
 * (it picks its random sequencer only when none is set), so the files ran heavy-first whatever the
 * seed. A shuffled run leaves the order to vitest.
 */
const SHUFFLE_FILES = process.argv.some((arg) => /^--sequence\.shuffle(\.files)?(=true)?$/.test(arg));

// One config for the whole repo: Node by default; React component tests (site, editor renderer)
// run in jsdom. Browser journeys live in e2e/ and run through Playwright, not vitest.
export default defineConfig({
  test: {
    // Vitest runs one file at a time on a two-core machine by default (cores - 1); the unit suite
    // is mostly waiting on servers and databases it starts, so two at a time nearly halves it.
    maxWorkers: 2,
    // Long files first, so no long file runs alone at the end (scripts/lib/heavy-first-sequencer.ts).
    ...(SHUFFLE_FILES ? {} : { sequence: { sequencer: HeavyFirstSequencer } }),
    projects: [
      {
        // Pure rules (no I/O, no timers, no mocks): one module graph per worker instead of one per
        // file, which cuts about a quarter of a second of start-up from each of these ~80 files.
        test: {
          name: 'pure',
          environment: 'node',
          include: ['{schema,site/src/domain}/**/*.test.ts'],
          isolate: false,
          pool: 'threads',
          // As the other projects: a first schema compile took 5.3 s at load 14, past vitest's 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{server,build,scripts,editor/core,editor/main,editor/preload}/**/*.test.ts'],
          exclude: [...FRESH_NODE_TESTS],
          // A migrated PGlite cluster that each test server's database is copied from (server/test-support).
          globalSetup: ['server/test-support/global-setup.ts'],
          // One module graph per worker: each file no longer loads the server's code afresh. The
          // files passed in shuffled order (docs/testing.md).
          isolate: false,
          testTimeout: 30_000,
          // `expect.poll` waits for what a server does in the background (a delivery, a sweep): up
          // to 10 s on a busy two-core machine, not vitest's 1 s. A real failure still fails.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'node-fresh',
          environment: 'node',
          include: [...FRESH_NODE_TESTS],
          globalSetup: ['server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['{site/src,editor/renderer}/**/*.test.{ts,tsx}'],
          exclude: ['site/src/domain/**', ...FRESH_PAGE_TESTS],
          setupFiles: ['scripts/lib/dom-test-setup.ts'],
          // One page and one module graph per worker: a fresh jsdom and React for each file cost
          // about five times the tests (a quiet run of this project went 400 → 35 s at load 25).
          // The setup file leaves the page as each file found it.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom-fresh',
          environment: 'jsdom',
          include: [...FRESH_PAGE_TESTS],
          setupFiles: ['scripts/lib/dom-test-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
