// Child process that builds one tenant. The matrix runner forks one per tenant because Vite and
// its plugins keep module-level state (router generator caches, define maps) that must not leak
// between tenants, and separate processes use both cores.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import type { BuildReport } from './plugins/build-report.ts';
import { precompressAssets } from './precompress.ts';
import { siblingBundles, siblingFiles } from './sibling-files.ts';
import { createTenantViteConfig } from './vite-config.ts';

/** Parent → worker: what to build and where. */
export interface WorkerRequest {
  config: ResolvedTenant;
  outDir: string;
  repoRoot: string;
  inputHash: string;
  /** `tenant` (default): one tenant's own bundle; `shared`: a bundle for every tenant with these switches; `runtime`: the stand-in (build/vite-config.ts). */
  bundle?: 'tenant' | 'shared' | 'runtime';
  /**
   * `both` (default): the browser bundle, then the server entry. `client` or `server`: only that
   * half, so two processes build one bundle on two cores (build/matrix.ts, when a core is spare).
   */
  part?: 'both' | 'client' | 'server';
}

/** Worker → parent: the outcome. */
export type WorkerResponse =
  | { ok: true; totals?: BuildReport['totals'] }
  | { ok: false; error: string };

async function handle(request: WorkerRequest): Promise<WorkerResponse> {
  const part = request.part ?? 'both';
  const bundle = request.bundle ?? 'tenant';
  if (part === 'server') {
    await buildServer(request, bundle);
    return { ok: true };
  }
  let report: BuildReport | undefined;
  const viteConfig = createTenantViteConfig(request.config, {
    mode: 'production',
    bundle,
    outDir: request.outDir,
    repoRoot: request.repoRoot,
    inputHash: request.inputHash,
    onReport: (r) => {
      report = r;
    },
  });
  const { tenantConfig: _plugin, ...inline } = viteConfig;
  // The folder is new (the runner's temporary one), and the server half may be writing server/ into it already.
  await build({ ...inline, build: { ...inline.build, emptyOutDir: false } });
  if (!report && bundle !== 'runtime') return { ok: false, error: 'the build finished without writing build-report.json' };
  if (part === 'both') await buildServer(request, bundle);
  // The stand-in is served only until the tenants' own bundles land: the server compresses
  // what it serves of it on the first request instead of the build compressing every file.
  if (bundle === 'runtime') return { ok: true };
  // Served as they are by the embedded server and a CDN: nothing is compressed on a request.
  await precompressAssets(request.outDir, { siblings: siblingFiles(siblingBundles(request.outDir)) });
  return { ok: true, ...(report ? { totals: report.totals } : {}) };
}

/** The server entry, from the same config and flags, beside the browser bundle (its `server/` folder). */
async function buildServer(request: WorkerRequest, bundle: NonNullable<WorkerRequest['bundle']>): Promise<void> {
  const { tenantConfig: _serverPlugin, ...serverInline } = createTenantViteConfig(request.config, {
    mode: 'production',
    outDir: request.outDir,
    repoRoot: request.repoRoot,
    bundle,
    ssr: true,
  });
  await build(serverInline);
  // The entry is an ES module wherever dist/ is put (a stand-in's URL query must reach import.meta.url).
  writeFileSync(join(request.outDir, 'server', 'package.json'), '{ "type": "module" }\n');
}

process.once('message', (message) => {
  handle(message as WorkerRequest)
    .catch((error: unknown): WorkerResponse => ({ ok: false, error: error instanceof Error ? error.message : String(error) }))
    .then((response) => {
      process.send?.(response, () => process.exit(response.ok ? 0 : 1));
    });
});
