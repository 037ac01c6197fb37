import fs from 'node:fs';
import path from 'node:path';
import { resolveTenant } from '../schema/resolve.ts';
import { validateTenantSet } from '../schema/validate.ts';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import type { TenantConfig } from '../schema/tenant.gen.ts';

/*
 * The tenants the server hosts. Files are read here (server/ may not import scripts/), then
 * resolved with the schema's defaults; an invalid file stops the start with every problem
 * listed, because serving a half-valid tenant would hide the mistake.
 */

/** A hosted tenant: its resolved config and the hosts it answers on. */
export interface HostedTenant {
  slug: string;
  config: ResolvedTenant;
  /** Lower-case host names without port, e.g. `harbour-motors.localhost` and the production host. */
  hosts: string[];
}

/**
 * Reads and resolves every `tenants/*.json` in a directory, sorted by file name.
 * @param dir the tenants directory
 * @param validate optional validator (schema/validate.ts `validateTenantSet`) returning issues per file
 */
export function loadTenants(
  dir: string,
  validate: (files: { file: string; text: string }[]) => { file: string; message: string; severity: string; pointer: string }[] = (files) =>
    validateTenantSet(files).flatMap((v) => v.issues),
): HostedTenant[] {
  const names = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()
    : [];
  const files = names.map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), 'utf8') }));
  {
    const errors = validate(files).filter((i) => i.severity === 'error');
    if (errors.length > 0) {
      throw new Error(
        `Invalid tenant files:\n${errors.map((i) => `  tenants/${i.file}: ${i.pointer}: ${i.message}`).join('\n')}`,
      );
    }
  }
  return files.map(({ file, text }) => {
    let input: TenantConfig;
    try {
      input = JSON.parse(text) as TenantConfig;
    } catch (error) {
      throw new Error(`tenants/${file}: not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    const config = resolveTenant(input);
    const hosts = [`${config.slug}.localhost`];
    try {
      const production = new URL(config.siteUrl).hostname.toLowerCase();
      if (production && !hosts.includes(production)) hosts.push(production);
    } catch {
      // siteUrl shape is the validator's business; without it the tenant still has its local host
    }
    return { slug: config.slug, config, hosts };
  });
}

/**
 * Finds the tenant a Host header belongs to (port and case ignored; `www.` of a production host too).
 * @param tenants hosted tenants
 * @param hostHeader the request's Host header
 */
export function tenantForHost(tenants: readonly HostedTenant[], hostHeader: string | undefined): HostedTenant | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return tenants.find((t) => t.hosts.includes(host) || t.hosts.includes(host.replace(/^www\./, '')));
}
