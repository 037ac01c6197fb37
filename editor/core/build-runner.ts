import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
      job.report = summariseReport(raw, reportPath, Date.now() - job.startedAt);
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
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

interface RawReport {
  slug?: string;
  totals?: { js?: { raw?: number; gzip?: number } };
  routes?: Record<string, { chunks?: string[]; jsGzip?: number }>;
  chunks?: { file: string; raw: number; gzip: number }[];
  features?: Record<string, { on?: boolean; modules?: string[] }>;
  flags?: Record<string, unknown>;
}

/**
 * Reduces `build-report.json` to what staff read: total JS, JS per route, and for each mapped
 * feature whether it is switched on and whether its code is in the bundle.
 */
export function summariseReport(raw: unknown, reportPath: string, durationMs: number): BuildReportView {
  const r = raw as RawReport;
  if (!r || typeof r !== 'object' || !r.totals?.js) throw new Error('build report has no totals.js');
  const chunkSize = new Map((r.chunks ?? []).map((c) => [c.file, c]));
  const routes = Object.entries(r.routes ?? {})
    .map(([route, v]) => ({
      route: routeLabel(route),
      raw: (v.chunks ?? []).reduce((sum, f) => sum + (chunkSize.get(f)?.raw ?? 0), 0),
      gzip: v.jsGzip ?? 0,
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
  const features = Object.entries(r.features ?? {})
    .map(([name, f]) => ({ name, enabled: f.on === true, inBundle: (f.modules ?? []).length > 0, modules: (f.modules ?? []).length }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    slug: r.slug ?? '',
    durationMs,
    totalJs: { raw: r.totals.js.raw ?? 0, gzip: r.totals.js.gzip ?? 0 },
    routes,
    features,
    reportPath,
  };
}

function routeLabel(file: string): string {
  // site/src/routes/cars/$slug.tsx → /cars/$slug
  const m = /routes\/(.*)\.[tj]sx?$/.exec(file);
  if (!m) return file;
  const p = m[1]!.replace(/(^|\/)index$/, '').replace(/__root$/, '(root layout)');
  return p.startsWith('(') ? p : '/' + p;
}
