import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveTenant } from '../../schema/resolve.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import type { TenantConfig } from '../../schema/tenant.gen.ts';

const TENANTS_DIR = path.resolve(import.meta.dirname, '../../tenants');

/** Every sample tenant, resolved with defaults, in file-name order. */
export function loadResolvedTenants(): ResolvedTenant[] {
  return readdirSync(TENANTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => resolveTenant(JSON.parse(readFileSync(path.join(TENANTS_DIR, f), 'utf8')) as TenantConfig));
}

/** Port the e2e server listens on; fixed per run so every Playwright worker agrees on it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);

/** The origin a tenant is served on by the embedded server during browser tests. */
export function tenantOrigin(slug: string): string {
  return `http://${slug}.localhost:${E2E_PORT}`;
}
