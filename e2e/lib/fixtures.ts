import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { axeViolations } from './axe.ts';
import { loadResolvedTenants } from './tenants.ts';

const bySlug = new Map(loadResolvedTenants().map((t) => [t.slug, t]));

/** Fixtures for the shared suite: the project's tenant config and an axe check. */
export const test = base.extend<
  { tenant: ResolvedTenant; expectNoAxeViolations: (page: Page) => Promise<void>; oneTenantGate: void; cookieChoice: 'granted' | 'denied' | null },
  { tenantSlug: string }
>({
  tenantSlug: ['', { option: true, scope: 'worker' }],
  // The shopper's answer to the cookie banner of a tenant with analytics tags, kept on the device
  // before the first page: declined, so journeys meet no banner over the page and load no tag
  // (there is no internet). The banner's own journeys (e2e/analytics) set null: no choice yet.
  cookieChoice: ['denied', { option: true }],
  // A test declared with onOneTenant() that another tenant runs is skipped here, before its
  // browser context and page are made (automatic fixtures are set up first).
  oneTenantGate: [
    async ({ tenant }, use, testInfo) => {
      const key = testInfo.annotations.find((a) => a.type === ONE_TENANT)?.description;
      const rule = key === undefined ? undefined : oneTenantRules.get(key);
      if (key !== undefined && !rule) throw new Error(`No onOneTenant() rule "${key}" in this worker`);
      if (rule && !runsOnTenant(tenant, testInfo.title, rule)) testInfo.skip(true, `the same for every tenant: it runs on ${chosenTenant(tenant, testInfo.title, rule)}`);
      await use();
    },
    { auto: true },
  ],
  // When a test fails, what the page was doing: its console, and the state of its start-up (held
  // input, hydration, pages still starting). A race seen once in a hundred runs is diagnosed from
  // the run that showed it, with no logging that changes the timing of the runs that pass.
  page: async ({ page, context, tenant, cookieChoice }, use, testInfo) => {
    if (cookieChoice) {
      // Only where nothing is stored yet: a choice the test makes itself stands.
      await page.addInitScript(
        ([key, value]) => {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        },
        [`forecourt:${tenant.slug}:cookie-consent`, JSON.stringify({ choice: cookieChoice, at: Date.now() })] as const,
      );
    }
    // The shopper's input as the page received it (before the held-input script decides), with
    // whether React had the control and what was held then: read only when a test fails.
    await page.addInitScript(traceInput);
    const consoleLines: string[] = [];
    page.on('console', (message) => {
      if (consoleLines.length < 200) consoleLines.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    // Every URL the page had (history pushes and replaces included), with when.
    const started = Date.now();
    const urls: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && urls.length < 100) urls.push(`${Date.now() - started} ms ${frame.url()}`);
    });
    await use(page);

    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const state = await page
        .evaluate(startupState)
        .then(async (startup) => ({ ...startup, historyListeners: await historyListeners(page) }))
        .catch((error: unknown) => ({ unavailable: String(error) }));
      const report = JSON.stringify({ url: page.url(), urls, state, console: consoleLines }, null, 2);
      // Printed too: CI keeps the log, not the attachments.
      console.error(`Page state at the failure of "${testInfo.title}":\n${report}`);
      await testInfo.attach('page-state.json', { body: report, contentType: 'application/json' });
    }
    // What Playwright leaves as it was when the next test reuses this context (playwright.config.ts).
    await context.setOffline(false);
    await context.clearPermissions();
  },
  tenant: async ({ tenantSlug }, use) => {
    const t = bySlug.get(tenantSlug);
    if (!t) throw new Error(`No tenant "${tenantSlug}" in tenants/`);
    await use(t);
  },
  expectNoAxeViolations: async ({ tenantSlug }, use, testInfo) => {
    await use(async (page: Page) => {
      // E2E_AXE_LOG names a file that lists every page state axe checks (which test, address and
      // width): how docs/testing.md finds a state checked twice, or a page kind left unchecked.
      if (process.env.E2E_AXE_LOG) {
        const state = { tenant: tenantSlug, test: `${path.relative(process.cwd(), testInfo.file)} :: ${testInfo.title}`, url: page.url(), width: page.viewportSize()?.width ?? null, title: await page.title() };
        appendFileSync(process.env.E2E_AXE_LOG, `${JSON.stringify(state)}\n`);
      }
      const summary = await axeViolations(page);
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

/**
 * Listeners on the router's history: the router's own and one per live InstantSearch (its URL
 * routing). A second InstantSearch left over from a render React threw away would rewrite the
 * URL without the refinements it has no widget for. (TanStack Router puts itself on
 * `window.__TSR_ROUTER__` in the browser.)
 */
export function historyListeners(page: Page): Promise<number | null> {
  return page.evaluate(() => (window as unknown as Record<string, { history?: { subscribers?: Set<unknown> } } | undefined>)['__TSR_ROUTER__']?.history?.subscribers?.size ?? null);
}

/** In the page, before its own scripts: a bounded record of clicks, choices and typing. */
function traceInput() {
  const w = window as unknown as { fcTrace?: string[]; fcHeldInput?: unknown[]; fcHydrated?: unknown };
  if (w.fcTrace) return;
  const trace: string[] = (w.fcTrace = []);
  const record = (event: Event) => {
    const el = event.target instanceof Element ? event.target : null;
    if (!el || trace.length >= 300 || (event instanceof KeyboardEvent && event.key !== 'Enter')) return;
    const hydrated = Object.keys(el).some((key) => key.startsWith('__reactProps$'));
    const value = 'value' in el ? String((el as HTMLInputElement).value).slice(0, 40) : '';
    const starting = document.querySelectorAll('[data-interactive="false"]').length;
    trace.push(
      `${Math.round(performance.now())} ms ${event.type}${event.isTrusted ? '' : ' (dispatched)'} ${el.tagName.toLowerCase()}[${el.getAttribute('name') ?? el.getAttribute('aria-label') ?? ''}]=${JSON.stringify(value)}` +
        `${hydrated ? '' : ' not-hydrated'} held=${w.fcHeldInput?.length ?? 0} hydrated=${String(w.fcHydrated ?? false)} starting=${starting}`,
    );
  };
  for (const type of ['click', 'input', 'change', 'keydown']) document.addEventListener(type, record, true);
}

/** In the page: its start-up state (lib/hydration-replay.ts), for a failed test's report. */
function startupState() {
  // Inside the page: a function passed to `evaluate` carries no helpers from outside it.
  // eslint-disable-next-line unicorn/consistent-function-scoping
  const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactProps$'));
  const describe = (el: Element | null | undefined) => {
    if (!el) return null;
    const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"${hydrated(el) ? '' : ' (not hydrated)'}${el.isConnected ? '' : ' (detached)'}`;
  };
  const w = window as unknown as { fcHeldInput?: { el: Element; value?: string; typed?: boolean; enter?: boolean }[]; fcHydrated?: unknown; fcReplay?: unknown; fcReplaying?: unknown };
  return {
    hydrated: w.fcHydrated ?? null,
    replayInstalled: typeof w.fcReplay === 'function',
    replaying: w.fcReplaying ?? null,
    held: (w.fcHeldInput ?? []).map((item) => ({ el: describe(item.el), value: item.value, typed: item.typed, enter: item.enter })),
    interactive: [...document.querySelectorAll('[data-interactive]')].map((el) => el.getAttribute('data-interactive')),
    focused: describe(document.activeElement),
    notHydratedControls: [...document.querySelectorAll('button, a[href], input, select, textarea')]
      .filter((el) => !hydrated(el))
      .slice(0, 20)
      .map(describe),
    scrollY: window.scrollY,
    input: (window as unknown as { fcTrace?: string[] }).fcTrace ?? [],
  };
}

/** Which tenants a mechanism test needs: those with the feature, once per variant of its settings. */
export interface OneTenantRule {
  /** Tenants with the feature the test exercises (default: every tenant). */
  has?: (t: ResolvedTenant) => boolean;
  /** The settings that change what the test checks (split or combined fields, terms required or not). */
  variant?: (t: ResolvedTenant) => string;
  /** Picks the tenant by this name instead of the test's title: tests with the same name run on the same tenant. */
  together?: string;
}

/** The tenant a mechanism test titled `title` runs on, among those that share `tenant`'s variant. */
function chosenTenant(tenant: ResolvedTenant, title: string, { has = () => true, variant = () => '', together }: OneTenantRule): string {
  const candidates = [...bySlug.values()].filter((t) => has(t) && variant(t) === variant(tenant)).map((t) => t.slug).sort();
  let hash = 0;
  for (const ch of together ?? title) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return candidates[hash % candidates.length]!;
}

/** Whether a mechanism test titled `title` runs on `tenant` (see onOneTenant): every tenant without the feature does. */
function runsOnTenant(tenant: ResolvedTenant, title: string, rule: OneTenantRule): boolean {
  return Boolean(process.env.E2E_EVERY_TENANT) || rule.has?.(tenant) === false || chosenTenant(tenant, title, rule) === tenant.slug;
}

const ONE_TENANT = 'one tenant';
const oneTenantRules = new Map<string, OneTenantRule>();
const rulesPerFile = new Map<string, number>();

/**
 * For a test of a mechanism that works the same for every tenant (the lead outbox, a form's steps,
 * a page hydrating under a throttled CPU), as the test's details:
 * `test(title, onOneTenant({ has, variant }), body)`. It runs on one tenant that has the feature
 * instead of on all six, and the tenants without the feature still run it (their check that it is
 * absent is cheap). Which tenant is picked from the test's title, so these tests spread over the
 * tenants and every tenant's build carries some of them. Tenant-specific checks (labels, switches,
 * axe and the look of each theme) stay on every tenant. `rule.variant` names the settings that
 * change what the test checks: it runs once per distinct variant. Set E2E_EVERY_TENANT=1 to run
 * such tests on every tenant.
 *
 * The skip is decided by an automatic fixture before the test's browser context and page are made
 * (skipping from inside the test cost 1.7 s a test). The rule is found again by the test's
 * annotation: the spec file and the rule's place in it, the same in every worker, since a worker
 * loads a spec file whole.
 */
export function onOneTenant(rule: OneTenantRule = {}): { annotation: { type: string; description: string } } {
  const caller = /\((.*\.spec\.ts):\d+:\d+\)|at (.*\.spec\.ts):\d+:\d+/.exec(new Error().stack ?? '');
  const file = path.relative(process.cwd(), caller?.[1] ?? caller?.[2] ?? 'unknown');
  const n = (rulesPerFile.get(file) ?? 0) + 1;
  rulesPerFile.set(file, n);
  const key = `rule ${n} of ${file}`;
  oneTenantRules.set(key, rule);
  return { annotation: { type: ONE_TENANT, description: key } };
}

/**
 * Saves a screenshot for people to look at (test-results/): they assert nothing, so CI and
 * `npm test` (E2E_LEAN), whose pictures nobody looks at, skip them (full-page shots of long pages
 * at two widths were a tenth of the browser suite's time). E2E_SCREENSHOTS=1 takes them there too.
 */
export async function keepScreenshot(target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> }, options: { path: string; fullPage?: boolean }): Promise<void> {
  if ((process.env.CI || process.env.E2E_LEAN) && !process.env.E2E_SCREENSHOTS) return;
  await target.screenshot(options);
}

/** Console errors and hydration warnings of a page (React's #418–#425), collected while the test uses it. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !/Failed to load resource/.test(text)) problems.push(text);
    if (/hydrat|#418|#419|#423|#425/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export { expect };
