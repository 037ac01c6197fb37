// Shared helpers for the build tests: a tiny site (test-fixtures/repo: a root layout, a home page,
// a compare route and two feature folders) and valid tenants derived from base-tenant.json.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { resolveTenant } from '../../schema/resolve.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';
import type { FeatureModuleMap } from '../feature-modules.ts';

/** Repo root of the fixture site (its `site/` has the same layout as the real one). */
export const FIXTURE_REPO = fileURLToPath(new URL('./repo', import.meta.url));

/** The fixture site's flag → folder map. */
export const FIXTURE_FEATURE_MODULES: FeatureModuleMap = {
  compare: { folders: ['site/src/features/compare'] },
  garage: { folders: ['site/src/features/garage'] },
};

/** A valid tenant file named `<slug>.json` with the given features (and any other overrides). */
export function fixtureTenant(slug: string, features: Record<string, unknown>, overrides: Record<string, unknown> = {}): { file: string; text: string } {
  const base = JSON.parse(readFileSync(new URL('./base-tenant.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const doc = {
    ...base,
    slug,
    name: `${slug[0]?.toUpperCase() ?? ''}${slug.slice(1)} Motors`,
    siteUrl: `https://${slug}.example.com.au`,
    features,
    ...overrides,
  };
  return { file: `${slug}.json`, text: `${JSON.stringify(doc, null, 2)}\n` };
}

/** The same tenant as `fixtureTenant`, parsed and resolved with the schema's defaults. */
export function fixtureResolvedTenant(slug: string, features: Record<string, unknown>, overrides: Record<string, unknown> = {}): ResolvedTenant {
  return resolveTenant(JSON.parse(fixtureTenant(slug, features, overrides).text) as TenantConfig);
}
