import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TENANT_SCHEMA } from '../../schema/resolve.ts';
import unreadSettings from '../../schema/unread-settings.json' with { type: 'json' };
import { settingPathOf } from '../shared/schema-docs.ts';
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
  routes?: Record<string, { chunks?: string[]; jsGzip?: number }>;
  chunks?: { file: string; raw: number; gzip: number; initial?: boolean }[];
  modules?: { id: string; chunk: string; bytes?: number }[];
  features?: Record<string, { on?: boolean; modules?: string[] }>;
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

/**
 * Reduces `build-report.json` to what staff read: total JS, JS per route, every feature switch
 * with its effect on this bundle (its own code's size and the routes holding it), and every
 * setting that differs from its default with what that changes.
 */
export function summariseReport(raw: unknown, reportPath: string, durationMs: number, ctx: SummaryContext = {}): BuildReportView {
  const r = raw as RawReport;
  if (!r || typeof r !== 'object' || !r.totals?.js) throw new Error('build report has no totals.js');
  const chunkSize = new Map((r.chunks ?? []).map((c) => [c.file, c]));
  const routes = Object.entries(r.routes ?? {})
    // Files beside the routes (loaders, shared views: a path segment starting with "-") are not pages.
    .filter(([route]) => !/(^|\/)-/.test(routeLabel(route)))
    .map(([route, v]) => ({
      route: pageName(routeLabel(route)),
      raw: (v.chunks ?? []).reduce((sum, f) => sum + (chunkSize.get(f)?.raw ?? 0), 0),
      gzip: v.jsGzip ?? 0,
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
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
      const onFirstPage = [...chunks].some((c) => chunkSize.get(c)?.initial);
      const routeNames = onFirstPage
        ? ['every page']
        : Object.entries(r.routes ?? {})
            .filter(([, v]) => (v.chunks ?? []).some((c) => chunks.has(c)))
            .map(([route]) => pageName(routeLabel(route)))
            .sort();
      const inBundle = (f?.modules ?? []).length > 0;
      const effect = !f
        ? unread.has(`features.${name}`)
          ? 'Not used by the site yet: no effect'
          : 'No code of its own: read while the site runs, bundle unchanged'
        : inBundle
          ? `Adds ${kb(bytes)} to ${routeNames.length ? routeNames.join(', ') : 'code loaded on demand'}`
          : enabled
            ? 'Switched on, but its code is missing from the bundle'
            : 'Its code is left out of the bundle';
      return { name, value: shownValue(value), enabled, inBundle, modules: (f?.modules ?? []).length, bytes, routes: inBundle ? routeNames : [], effect };
    })
    .sort((a, b) => Number(b.inBundle) - Number(a.inBundle) || a.name.localeCompare(b.name));
  const featureByName = new Map(features.map((f) => [f.name, f]));
  const changedSettings = ctx.tenant
    ? compareWithDefaults(ctx.schema ?? (TENANT_SCHEMA as SchemaNode), ctx.tenant)
        .filter((c) => c.status === 'differs')
        .map((c) => {
          const setting = settingPathOf(c.pointer);
          const flag = /^features\.([^.[\]]+)$/.exec(setting)?.[1];
          const effect = flag && featureByName.has(flag)
            ? featureByName.get(flag)!.effect
            : unread.has(setting)
              ? 'Not used by the site yet: no effect'
              : 'Read while the site runs (text, numbers or links on its pages); bundle unchanged';
          return { setting, value: JSON.stringify(c.value), default: JSON.stringify(c.default), effect };
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

/** Pages by the names staff know them; other routes in words from their address. */
const PAGE_NAMES: Record<string, string> = {
  '/': 'Home page',
  '(root layout)': 'Every page (header, footer, layout)',
  '/search': 'Search',
  '/search/$': 'Search results (by make, model or type)',
  '/cars/$slug': 'Car page',
  '/cars/$slug_.checkout': 'Online checkout of a car',
  '/cars/$slug_.buy-online': 'Buy a car online',
  '/cars/trade-in': 'Trade-in (from a car page)',
  '/locations': 'Locations',
  '/locations/$slug': 'Location page',
  '/our-location/$slug': 'Location page (older address)',
  '/contact-us': 'Contact us',
  '/contact-us/$slug': 'Contact a location',
  '/blog': 'News and blog',
  '/blog/$slug': 'News or blog post',
  '/models/$model': 'Model page',
  '/$brand.overview': 'Brand overview',
  '/offers/$id': 'Special offer',
  '/pages/eofy-{$slug}': 'End of financial year sale',
  '/book-test-drive': 'Book a test drive',
};

function pageName(route: string): string {
  if (PAGE_NAMES[route]) return PAGE_NAMES[route];
  if (route === 'every page' || route.startsWith('(')) return route;
  const words = route
    .replace(/^\//, '')
    .split('/')
    .map((part) => part.replace(/\$[a-z]*/gi, '').replace(/[-_.]+/g, ' ').trim())
    .filter(Boolean)
    .join(' › ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : route;
}

function routeLabel(file: string): string {
  // site/src/routes/cars/$slug.tsx → /cars/$slug
  const m = /routes\/(.*)\.[tj]sx?$/.exec(file);
  if (!m) return file;
  const p = m[1]!.replace(/(^|\/)index$/, '').replace(/__root$/, '(root layout)');
  return p.startsWith('(') ? p : '/' + p;
}
