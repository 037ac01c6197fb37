import fs from 'node:fs';
import path from 'node:path';
import { resolveTenant } from '../schema/resolve.ts';
import { validateTenantSet, type TenantValidation } from '../schema/validate.ts';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import type { TenantConfig } from '../schema/tenant.gen.ts';

/*
 * The tenants the server hosts. Files are read here (server/ may not import scripts/), then
 * resolved with the schema's defaults. One invalid file must not take every site down: its errors are logged with JSON pointers, its host answers a maintenance page,
 * and the other tenants are served. While running, a file that becomes invalid keeps serving
 * its last good config.
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
export function tenantForHost<T extends { hosts: readonly string[] }>(tenants: readonly T[], hostHeader: string | undefined): T | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return tenants.find((t) => t.hosts.includes(host) || t.hosts.includes(host.replace(/^www\./, '')));
}

/** A tenant whose file is invalid: only its hosts and the errors are known. */
export interface BrokenTenant {
  slug: string;
  file: string;
  hosts: string[];
  /** `tenants/<file>: /pointer: message` lines. */
  errors: string[];
}

/** Valid and invalid tenants of a directory. */
export interface TenantSet {
  tenants: HostedTenant[];
  broken: BrokenTenant[];
}

type Validate = NonNullable<Parameters<typeof loadTenants>[1]>;

function hostsOf(config: ResolvedTenant): string[] {
  const hosts = [`${config.slug}.localhost`];
  try {
    const production = new URL(config.siteUrl).hostname.toLowerCase();
    if (production && !hosts.includes(production)) hosts.push(production);
  } catch {
    // siteUrl shape is the validator's business; without it the tenant still has its local host
  }
  return hosts;
}

/**
 * Reads every tenant file, keeping each valid one and listing each invalid one with its errors
 * (never throws for a bad file).
 * @param dir the tenants directory
 * @param validate validator returning issues per file (default schema/validate.ts)
 */
export function loadTenantSet(
  dir: string,
  validate: Validate = (files) => validateTenantSet(files).flatMap((v) => v.issues),
  resolved?: Map<string, ResolvedTenant>,
): TenantSet {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort() : [];
  const files = names.map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), 'utf8') }));
  const errors = new Map<string, string[]>();
  const add = (file: string, line: string) => errors.set(file, [...(errors.get(file) ?? []), line]);
  for (const issue of validate(files)) if (issue.severity === 'error') add(issue.file, `tenants/${issue.file}: ${issue.pointer || '/'}: ${issue.message}`);
  const tenants: HostedTenant[] = [];
  const broken: BrokenTenant[] = [];
  for (const { file, text } of files) {
    const slug = file.replace(/\.json$/, '');
    if (!errors.has(file)) {
      try {
        const key = `${file}\0${text}`;
        const config = resolved?.get(key) ?? resolveTenant(JSON.parse(text) as TenantConfig);
        resolved?.set(key, config);
        tenants.push({ slug: config.slug, config, hosts: hostsOf(config) });
        continue;
      } catch (error) {
        add(file, `tenants/${file}: /: ${(error as Error).message}`);
      }
    }
    broken.push({ slug, file, hosts: [`${slug}.localhost`], errors: errors.get(file) ?? [] });
  }
  if (resolved) {
    const current = new Set(files.map(({ file, text }) => `${file}\0${text}`));
    for (const key of resolved.keys()) if (!current.has(key)) resolved.delete(key);
  }
  return { tenants, broken };
}

/**
 * Watches the tenants directory while the server runs: a file that changes and stays valid
 * replaces its tenant's config; one that becomes invalid keeps the last good config and logs
 * its errors; a broken tenant that is fixed leaves maintenance. The arrays are updated in place
 * (the request handler holds them).
 * @param dir the tenants directory
 * @param set the live tenant set
 * @param options validator, log and the slugs that have a database site (new tenants need a restart to be seeded)
 */
export function watchTenants(
  dir: string,
  set: TenantSet,
  options: { validate?: Validate; log: (line: string) => void; known: () => ReadonlySet<string>; onChange?: (tenant: HostedTenant) => void },
): { close(): void; reload(): void } {
  // Each file's verdict and resolved config by its text: a reload after one edit re-checks that
  // file only (a network of hundreds of tenants re-read every file on every edit).
  const verdicts = new Map<string, TenantValidation>();
  const resolved = new Map<string, ResolvedTenant>();
  const validate: Validate = options.validate ?? ((files) => validateTenantSet(files, { cache: verdicts }).flatMap((v) => v.issues));
  const reload = () => {
    let next: TenantSet;
    try {
      next = loadTenantSet(dir, validate, resolved);
    } catch (error) {
      options.log(`[tenants] could not read ${dir}: ${(error as Error).message}; keeping the current tenants`);
      return;
    }
    for (const bad of next.broken) {
      const live = set.tenants.find((t) => t.slug === bad.slug);
      options.log(`[tenants] ${bad.file} is invalid${live ? '; still serving its last good version' : '; its site shows a maintenance page'}:\n  ${bad.errors.join('\n  ')}`);
      if (!live) upsert(set.broken, bad);
    }
    for (const good of next.tenants) {
      const i = set.tenants.findIndex((t) => t.slug === good.slug);
      if (i >= 0) {
        // An unchanged file keeps its resolved config (the same object): nothing to update.
        if (set.tenants[i]?.config !== good.config) {
          set.tenants[i] = good;
          options.onChange?.(good);
        }
      }
      else if (options.known().has(good.slug)) set.tenants.push(good);
      else options.log(`[tenants] ${good.slug} is new: restart the server to seed and serve it`);
      const b = set.broken.findIndex((t) => t.slug === good.slug);
      if (b >= 0 && (i >= 0 || options.known().has(good.slug))) set.broken.splice(b, 1);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher | undefined;
  try {
    watcher = fs.watch(dir, () => {
      clearTimeout(timer);
      // Editors write in several steps: wait for the file to settle.
      timer = setTimeout(reload, 150);
    });
    watcher.on('error', (error) => options.log(`[tenants] watching ${dir} failed: ${error.message}`));
  } catch (error) {
    options.log(`[tenants] cannot watch ${dir}: ${(error as Error).message}`);
  }
  return {
    reload,
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}

function upsert(list: BrokenTenant[], item: BrokenTenant): void {
  const i = list.findIndex((t) => t.slug === item.slug);
  if (i >= 0) list[i] = item;
  else list.push(item);
}
