import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './lib/chromium.ts';
import { E2E_DATA_DIR, E2E_PORT, loadResolvedTenants, tenantOrigin } from './lib/tenants.ts';

// One shared suite run against every tenant: a project per tenant, each with the tenant's
// own origin as baseURL. Tenant-specific specs (*.tenant.spec.ts) are the exception and pick
// their tenant themselves. The embedded server serves the bundles `npm run build` produced.
const tenants = loadResolvedTenants();

export default defineConfig<object, { tenantSlug: string }>({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  // The editor's journey runs on its own (scripts/e2e.ts); matched from e2e/ so a checkout whose
  // own path contains "editor" still finds the other specs.
  testIgnore: [/[\\/]e2e[\\/]editor[\\/]/],
  outputDir: `../test-results/e2e-artifacts-${E2E_PORT}`,
  fullyParallel: true,
  // Two workers on the two-core machine. A third was tried (docs/testing.md): on a quiet machine
  // it took as long (Redline's 184 tests: 101 s with two, 102 s with three) and one no-script
  // gallery test missed its wheel scroll under the extra contention. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions(),
    // A trace records every action's DOM snapshot: about a sixth of each test's time. CI and
    // `npm test` (E2E_LEAN) keep only the log, so they record none; E2E_TRACE=1 records them there too.
    trace: (process.env.CI || process.env.E2E_LEAN) && !process.env.E2E_TRACE ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // One browser context and page per worker, reset between tests, instead of a new context for
    // each test. A new context starts a new renderer process with nothing compiled: a car dealer's
    // home page took ~780 ms to load and hydrate in one against ~260 ms in the page before it
    // (what it saves the whole suite is measured in docs/testing.md). Between tests Playwright
    // clears cookies, the cache and every visited site's storage, closes other pages, removes
    // routes and init scripts and sets the viewport back; the page fixture (lib/fixtures.ts) puts
    // the connection and permissions back, which Playwright leaves. Tests that need other context
    // options (scripts off) still get a context of their own. E2E_FRESH_CONTEXT=1 gives every test
    // a new context, to tell whether a failure comes from an earlier test.
    reuseContext: !process.env.E2E_FRESH_CONTEXT,
  },
  projects: tenants.map((t) => ({
    name: t.slug,
    use: { baseURL: tenantOrigin(t.slug), tenantSlug: t.slug },
  })),
  webServer: {
    // E2E_NO_BUILD=1 serves dist/ as it is (while the sources change under a running session);
    // otherwise every tenant is served from its own bundle, never the stand-in (--wait-builds).
    // `npm start` itself: the compiled server code (build/compiled-code.mjs) with its Node options.
    command: `npm start --silent -- ${process.env.E2E_NO_BUILD ? '--no-build' : '--wait-builds'}`,
    cwd: '..',
    url: `http://localhost:${E2E_PORT}/`,
    // Every browser test submits leads and searches from one address: the per-address lead and
    // search limits (proved by the server tests) would otherwise throttle the suite itself.
    env: { PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR, FC_TEST_CLOCK: '1', LEAD_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000000' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
