import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
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

/**
 * The e2e server's data directory: a new one for every run (the run's main process makes it,
 * and its workers inherit it through the environment), so a run never reads a database seeded
 * by an older version of the sample data. An earlier run's directory for this port is removed
 * then (two runs cannot share a port, so it is not in use).
 */
export const E2E_DATA_DIR = (process.env.E2E_DATA_DIR ??= freshDataDir());

function freshDataDir(): string {
  const prefix = `fc-e2e-${E2E_PORT}-`;
  for (const old of readdirSync(os.tmpdir()).filter((name) => name.startsWith(prefix))) rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true });
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The origin a tenant is served on by the embedded server during browser tests. */
export function tenantOrigin(slug: string): string {
  return `http://${slug}.localhost:${E2E_PORT}`;
}
