import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
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
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };
