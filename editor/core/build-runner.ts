import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TENANT_SCHEMA } from '../../schema/resolve.ts';
import unreadSettings from '../../schema/unread-settings.json' with { type: 'json' };
import { routeIdOfFile } from '../../build/plugins/router-manifest.ts';
import { pageAddress, pageName } from '../shared/page-names.ts';
import { settingPathOf } from '../shared/schema-docs.ts';
import { settingLabel } from '../shared/setting-label.ts';
import { compareWithDefaults, type SchemaNode } from '../shared/schema-walk.ts';
import type { BuildEvent, BuildReportView } from '../shared/workspace-api.ts';
import type { BuildService } from './handlers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

interface Job {
  slug: string;
  state: 'running' | 'done' | 'failed';
  events: BuildEvent[];
  report?: BuildReportView;
  error?: string;
  startedAt: number;
}

export interface BuildRunnerOptions {
  /** Where tenant files live. */
  tenantsDir: string;
  /** `dist/` root; each tenant builds into `<distDir>/<slug>/`. */
  distDir: string;
  /** Seam for tests: how the worker process is started. */
  spawnWorker?: (file: string, outDir: string) => import('node:child_process').ChildProcess;
}

/**
 * Runs per-tenant production builds in a child process (build-worker.ts) as jobs the renderer
 * polls: progress events while bundling, then the build report summarised for staff.
 */
export class BuildRunner implements BuildService {
  private jobs = new Map<string, Job>();
  private seq = 0;

  constructor(private readonly options: BuildRunnerOptions) {}

  start(slug: string): string {
    const jobId = `${slug}-${randomBytes(4).toString('hex')}`;
    const job: Job = { slug, state: 'running', events: [], startedAt: Date.now() };
    this.jobs.set(jobId, job);
    this.push(job, 'queued', `Building ${slug}`);
    const file = path.join(this.options.tenantsDir, `${slug}.json`);
    const outDir = path.join(this.options.distDir, slug);
    const child = (this.options.spawnWorker ?? defaultSpawn)(file, outDir);
    let buffer = '';
    let stderr = '';
    let settled = false;
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.stdout?.on('data', (d: string) => {
      buffer += d;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        let msg: { type: string; phase?: BuildEvent['phase']; message?: string; progress?: number; reportPath?: string; error?: string };
        try {
          msg = JSON.parse(line) as typeof msg;
        } catch {
          continue; // a stray log line from a plugin
        }
        if (msg.type === 'progress' && msg.phase) this.push(job, msg.phase, msg.message ?? '', msg.progress);
        else if (msg.type === 'done' && msg.reportPath) {
          settled = true;
          void this.finish(job, msg.reportPath);
        } else if (msg.type === 'failed') {
          settled = true;
          this.fail(job, msg.error ?? 'build failed');
        }
      }
    });
    child.on('exit', (code) => {
      if (!settled && job.state === 'running') this.fail(job, `build process exited with code ${code}${stderr ? `: ${stderr.trim()}` : ''}`);
    });
    child.on('error', (err) => this.fail(job, err.message));
    return jobId;
  }

  status(jobId: string, since: number) {
    const job = this.jobs.get(jobId);
    if (!job) return { state: 'failed' as const, events: [], error: `unknown build job "${jobId}"` };
    return {
      state: job.state,
      events: job.events.filter((e) => e.seq >= since),
      ...(job.report ? { report: job.report } : {}),
      ...(job.error ? { error: job.error } : {}),
    };
  }

  private push(job: Job, phase: BuildEvent['phase'], message: string, progress?: number) {
    job.events.push({ seq: this.seq++, at: Date.now(), phase, message, ...(progress !== undefined ? { progress } : {}) });
  }

  private fail(job: Job, error: string) {
    if (job.state !== 'running') return;
    job.state = 'failed';
    job.error = error;
    this.push(job, 'failed', error);
  }

  private async finish(job: Job, reportPath: string) {
    try {
      const raw = JSON.parse(await readFile(reportPath, 'utf8')) as unknown;
      const tenantText = await readFile(path.join(this.options.tenantsDir, `${job.slug}.json`), 'utf8').catch(() => undefined);
      let tenant: unknown;
      try {
        tenant = tenantText === undefined ? undefined : JSON.parse(tenantText);
      } catch {
        tenant = undefined;
      }
      job.report = summariseReport(raw, reportPath, Date.now() - job.startedAt, { tenant, unread: new Set(unreadSettings) });
      job.state = 'done';
      this.push(job, 'done', `Built ${job.slug} in ${((Date.now() - job.startedAt) / 1000).toFixed(1)} s`, 1);
    } catch (err) {
      this.fail(job, `could not read the build report: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function defaultSpawn(file: string, outDir: string) {
  return spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(HERE, 'build-worker.ts'), file, outDir], {
    cwd: path.resolve(HERE, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    // In the desktop app process.execPath is Electron's binary: run it as plain Node.
    env: { ...process.env, NODE_ENV: 'production', ELECTRON_RUN_AS_NODE: '1' },
  });
}

interface RawReport {
  slug?: string;
  totals?: { js?: { raw?: number; gzip?: number } };
  routes?: Record<string, { chunks?: string[]; jsGzip?: number; exists?: boolean; routeId?: string }>;
  chunks?: { file: string; raw: number; gzip: number; initial?: boolean; imports?: string[]; dynamicImports?: string[] }[];
  modules?: { id: string; chunk: string; bytes?: number }[];
  features?: Record<string, { on?: boolean; modules?: string[]; routes?: string[] }>;
  flags?: Record<string, unknown>;
}

/** What the summary needs besides the report: the tenant as built, and which settings no code reads. */
export interface SummaryContext {
  /** The tenant file's JSON (for the settings that differ from their defaults). */
  tenant?: unknown;
  /** Dotted setting paths no code reads (schema/unread-settings.json). */
  unread?: ReadonlySet<string>;
  schema?: SchemaNode;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** A page of the tenant's site in the report: its route id and the chunks holding its code. */
interface Page {
  id: string;
  chunks: string[];
  gzip: number;
}

/**
 * The pages of the tenant's site, from the tenant's report: the routes the build recorded as
 * existing for this tenant (build/tenant-pages.ts). A report from before that record names no
 * tenant's pages; then every route file is taken, files beside the routes (a path segment
 * starting with "-": loaders, shared views) left out.
 */
function pagesOf(r: RawReport): Page[] {
  const entries = Object.entries(r.routes ?? {});
  const recorded = entries.some(([, v]) => v.exists !== undefined);
  return entries
    .filter(([file, v]) => (recorded ? v.exists === true : !/\/-/.test(file.replace(/^site\/src\/routes/, ''))))
    .map(([file, v]) => ({ id: v.routeId ?? routeIdOfFile(file.replace(/^site\/src\/routes\//, '')), chunks: v.chunks ?? [], gzip: v.jsGzip ?? 0 }));
}

/** A report from before the build recorded importing routes: the pages whose own chunks hold the code. */
function olderReportPages(pages: Page[], chunks: Set<string>): string[] {
  const names = pages.filter((page) => page.chunks.some((c) => chunks.has(c))).map((page) => pageName(page.id));
  return names.length > 0 ? [...new Set(names)].sort() : ['code loaded on demand'];
}

/**
 * Reduces the tenant's `build-report.json` to what staff read: total JS, JS per page of the
 * tenant's site (only the pages it has, under the names staff know), every feature switch with
 * its value as chosen and its effect on this bundle (its own code's size and the pages that load
 * it), and every setting that differs from its default with what that changes.
 */
export function summariseReport(raw: unknown, reportPath: string, durationMs: number, ctx: SummaryContext = {}): BuildReportView {
  const r = raw as RawReport;
  if (!r || typeof r !== 'object' || !r.totals?.js) throw new Error('build report has no totals.js');
  const chunkSize = new Map((r.chunks ?? []).map((c) => [c.file, c]));
  const pages = pagesOf(r);
  const routes = pages
    .map((page) => ({
      route: pageName(page.id),
      address: pageAddress(page.id),
      raw: page.chunks.reduce((sum, f) => sum + (chunkSize.get(f)?.raw ?? 0), 0),
      gzip: page.gzip,
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
  const pageIds = new Set(pages.map((page) => page.id));
  const moduleById = new Map((r.modules ?? []).map((m) => [m.id, m]));
  const unread = ctx.unread ?? new Set<string>();
  const flagNames = new Set([...Object.keys(r.flags ?? {}), ...Object.keys(r.features ?? {})]);
  const features = [...flagNames]
    .map((name) => {
      const f = r.features?.[name];
      const value = r.flags?.[name] ?? f?.on;
      const enabled = f?.on ?? (value !== false && value !== undefined && value !== null && value !== 0);
      const mods = (f?.modules ?? []).map((id) => moduleById.get(id)).filter((m): m is NonNullable<typeof m> => !!m);
      const bytes = mods.reduce((sum, m) => sum + (m.bytes ?? 0), 0);
      const chunks = new Set(mods.map((m) => m.chunk));
      // The routes importing the feature's code (recorded by the build), kept to this site's pages.
      const importing = f?.routes?.map((file) => routeIdOfFile(file.replace(/^site\/src\/routes\//, '')));
      const onEveryPage = [...chunks].some((c) => chunkSize.get(c)?.initial) || importing?.includes('__root__') === true;
      const routeNames = onEveryPage
        ? ['every page']
        : importing === undefined
          ? olderReportPages(pages, chunks)
          : [...new Set(importing.filter((id) => pageIds.has(id)).map(pageName))].sort();
      const inBundle = (f?.modules ?? []).length > 0;
      const effect = !f
        ? unread.has(`features.${name}`)
          ? 'Not used by the site yet: no effect'
          : 'No code of its own: read while the site runs, bundle unchanged'
        : inBundle
          ? routeNames.length
            ? // Page names may hold commas ("Search results by make, model or type").
              `Adds ${kb(bytes)} to ${routeNames.join('; ')}`
            : `Adds ${kb(bytes)} to the bundle; no page of this site loads it`
          : enabled
            ? 'Switched on, but its code is missing from the bundle'
            : 'Its code is left out of the bundle';
      return { name, value: shownValue(value), enabled, inBundle, modules: (f?.modules ?? []).length, bytes, routes: inBundle ? routeNames : [], effect };
    })
    .sort((a, b) => Number(b.inBundle) - Number(a.inBundle) || a.name.localeCompare(b.name));
  const featureByName = new Map(features.map((f) => [f.name, f]));
  const schema = ctx.schema ?? (TENANT_SCHEMA as SchemaNode);
  const changedSettings = ctx.tenant
    ? compareWithDefaults(schema, ctx.tenant)
        .filter((c) => c.status === 'differs')
        .map((c) => {
          const setting = settingPathOf(c.pointer);
          const flag = /^features\.([^.[\]]+)$/.exec(setting)?.[1];
          const effect = flag && featureByName.has(flag)
            ? featureByName.get(flag)!.effect
            : unread.has(setting)
              ? 'Not used by the site yet: no effect'
              : 'Read while the site runs (text, numbers or links on its pages); bundle unchanged';
          return { setting, label: settingLabel(schema, [ctx.tenant], c.pointer), value: JSON.stringify(c.value), default: JSON.stringify(c.default), effect };
        })
    : [];
  return {
    slug: r.slug ?? '',
    durationMs,
    totalJs: { raw: r.totals.js.raw ?? 0, gzip: r.totals.js.gzip ?? 0 },
    routes,
    features,
    changedSettings,
    reportPath,
  };
}

/** A switch's value as staff chose it: On or Off for a yes/no switch, the choice itself otherwise ("watchlist", "grid"). */
function shownValue(value: unknown): string {
  if (value === true) return 'On';
  if (value === false || value === undefined || value === null) return 'Off';
  return String(value);
}
