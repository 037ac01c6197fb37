import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { REPO_ROOT } from './paths.ts';
import type { BuildReport, ReportRoute } from './plugins/build-report.ts';
import { routeIdOfFile } from './plugins/router-manifest.ts';

/*
 * Which pages a tenant's site has. A bundle is shared by every tenant with the same switches, and
 * whether a page exists depends on the switches (compiled into the bundle) and on the tenant's own
 * settings (an information page needs its copy, a form its path): the route tree answers both with
 * each route's `staticData.available`, the test links and 404s use (site/src/lib/route-exists.ts).
 * So the build asks the bundle's own server entry (`tenantPages`), once per tenant, and records the
 * answer in the tenant's report: the build report lists only the pages that exist.
 *
 * The entry is imported in a worker thread that ends afterwards: a long-running process (npm
 * start's background builds) does not keep a copy of every bundle it linked.
 */

/** Route id → whether the tenant has the page (`tenantPages` of site/src/entry-server.tsx). */
export type TenantPages = Record<string, boolean>;

/*
 * Packages the entry imports are looked for from its folder first, then from the platform's own
 * install (a dist/ outside the repository: the editor's and the tests' temporary folders), as
 * the platform's server finds them where dist/ lives beside node_modules.
 */
const RESOLVE_HOOK = `
let fallback;
export function initialize(data) { fallback = data.fallback; }
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (error && error.code === 'ERR_MODULE_NOT_FOUND' && !/^(\\.|\\/|file:|node:)/.test(specifier)) return next(specifier, { ...context, parentURL: fallback });
    throw error;
  }
}
`;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
require('node:module').register('data:text/javascript,' + encodeURIComponent(workerData.hook), { data: { fallback: workerData.fallback } });
import(workerData.url).then(
  (entry) => parentPort.postMessage({ pages: workerData.tenants.map((tenant) => entry.tenantPages(tenant)) }),
  (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }),
);
`;

/**
 * Asks a bundle's server entry which pages each tenant has.
 * @param entryFile the bundle's `server/entry-server.js`
 * @param tenants resolved tenants whose switches the bundle was compiled with
 * @returns one `TenantPages` per tenant, in order
 */
export function tenantPages(entryFile: string, tenants: readonly ResolvedTenant[]): Promise<TenantPages[]> {
  const url = pathToFileURL(realpathSync(entryFile)).href;
  return new Promise((resolve, reject) => {
    // Plain Node: the entry is built JavaScript (no TypeScript loader needed in the thread).
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { url, tenants, hook: RESOLVE_HOOK, fallback: pathToFileURL(join(REPO_ROOT, 'package.json')).href } });
    worker.once('message', (answer: { pages?: TenantPages[]; error?: string }) => {
      void worker.terminate();
      if (answer.pages) resolve(answer.pages);
      else reject(new Error(`could not ask ${entryFile} for the tenant's pages: ${answer.error ?? 'no answer'}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the page check of ${entryFile} stopped (code ${code})`)));
  });
}

/**
 * A report's routes with `exists` recorded: the route files of the route tree get the tenant's
 * answer; files beside the routes that are not routes (loaders, shared views) get `exists: false`,
 * since they are no page of anyone's site.
 * @param routes the bundle report's `routes` (keyed by repo-relative file)
 * @param routesDir the routes folder relative to the repo (`site/src/routes`)
 */
export function withPages(routes: BuildReport['routes'], pages: TenantPages, routesDir: string): BuildReport['routes'] {
  const prefix = `${routesDir.replace(/\/$/, '')}/`;
  const out: Record<string, ReportRoute> = {};
  for (const [file, route] of Object.entries(routes)) {
    const id = file.startsWith(prefix) ? routeIdOfFile(file.slice(prefix.length)) : undefined;
    out[file] = { ...route, exists: id !== undefined && pages[id] === true, ...(id !== undefined && id in pages ? { routeId: id } : {}) };
  }
  return out;
}
