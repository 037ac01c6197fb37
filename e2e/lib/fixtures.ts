import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { axeViolations } from './axe.ts';
import { loadResolvedTenants } from './tenants.ts';

/** Documents axe found clean in this run (emptied by global-setup.ts), and a log of every check. */
export const AXE_PASSED_DIR = path.join(import.meta.dirname, '..', '..', 'test-results', 'axe-passed');
const AXE_LOG = path.join(import.meta.dirname, '..', '..', 'test-results', 'axe-log.jsonl');

const bySlug = new Map(loadResolvedTenants().map((t) => [t.slug, t]));

/** Fixtures for the shared suite: the project's tenant config and an axe check. */
export const test = base.extend<{ tenant: ResolvedTenant; expectNoAxeViolations: (page: Page) => Promise<void> }, { tenantSlug: string }>({
  tenantSlug: ['', { option: true, scope: 'worker' }],
  tenant: async ({ tenantSlug }, use) => {
    const t = bySlug.get(tenantSlug);
    if (!t) throw new Error(`No tenant "${tenantSlug}" in tenants/`);
    await use(t);
  },
  expectNoAxeViolations: async ({}, use) => {
    await use(async (page: Page) => {
      // axe's verdict is a function of the document and the viewport: a state another test (or
      // tenant) already proved clean in this run is not checked again (E2E_AXE_EVERY=1 does).
      const seen = await page.evaluate(() => {
        let h = 0x811c9dc5;
        const text = `${window.innerWidth}x${window.innerHeight}|${document.documentElement.outerHTML}`;
        for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
        return `${h.toString(16)}-${text.length}`;
      });
      const marker = path.join(AXE_PASSED_DIR, seen);
      const started = performance.now();
      const cached = !process.env.E2E_AXE_EVERY && fs.existsSync(marker);
      const summary = cached ? [] : await axeViolations(page);
      fs.appendFileSync(AXE_LOG, `${JSON.stringify({ url: page.url(), ms: Math.round(performance.now() - started), cached })}\n`);
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
      fs.writeFileSync(marker, '');
    });
  },
});

/**
 * For a test of a mechanism that works the same for every tenant (the lead outbox, a form's steps,
 * a page hydrating under a throttled CPU): it runs on one tenant that has the feature instead of on
 * all six, and the tenants without the feature still run it (their check that it is absent is
 * cheap). Which tenant is picked from the test's title, so these tests spread over the tenants and
 * every tenant's build carries some of them. Tenant-specific checks (labels, switches, axe and the
 * look of each theme) stay on every tenant. `variant` names the settings that change what the test
 * checks (split or combined fields, terms required or not): it runs once per distinct variant.
 * Set E2E_EVERY_TENANT=1 to run such tests on every tenant.
 */
export function onOneTenantWith(tenant: ResolvedTenant, has: (t: ResolvedTenant) => boolean = () => true, variant: (t: ResolvedTenant) => string = () => ''): void {
  if (process.env.E2E_EVERY_TENANT || !has(tenant)) return;
  const candidates = [...bySlug.values()].filter((t) => has(t) && variant(t) === variant(tenant)).map((t) => t.slug).sort();
  const title = test.info().titlePath.slice(1).join(' › ');
  let hash = 0;
  for (const ch of title) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const chosen = candidates[hash % candidates.length];
  test.skip(tenant.slug !== chosen, `the same for every tenant: runs on ${chosen}`);
}

/**
 * Saves a screenshot for people to look at (test-results/): they assert nothing, so CI, which
 * nobody looks at the pictures of, skips them (full-page shots of long pages at two widths were a
 * tenth of the browser suite's time). E2E_SCREENSHOTS=1 takes them under CI too.
 */
export async function keepScreenshot(target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> }, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
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
