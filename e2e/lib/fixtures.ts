import { test as base, expect, type Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { axeViolations } from './axe.ts';
import { loadResolvedTenants } from './tenants.ts';

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
      const summary = await axeViolations(page);
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
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
