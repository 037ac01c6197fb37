import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { formatIssue, validateTenantSet } from '../schema/validate.ts';
import { budgetFor, checkBudget, formatKb, type SizeBudget } from './budgets.ts';
import type { WorkerRequest, WorkerResponse } from './build-worker.ts';
import type { BuildReport } from './plugins/build-report.ts';
import { sharedInputHash, tenantInputHash } from './stale.ts';
import { REPO_ROOT } from './paths.ts';

/** A tenant file as loaded by `loadTenantFiles()` (scripts/lib/tenants.ts). */
export interface TenantFileInput {
  /** Name inside tenants/, e.g. `harbour-motors.json`. */
  file: string;
  text: string;
}

/** The validator's verdict on one file, reduced to what the runner needs. */
export interface TenantVerdict {
  file: string;
  config?: ResolvedTenant;
  /** Formatted errors (`tenants/<file>: /json/pointer: message`); empty when valid. */
  errors: string[];
  warnings: string[];
}

export type TenantSetValidator = (files: TenantFileInput[]) => TenantVerdict[];

export type TenantStatus = 'built' | 'invalid' | 'failed' | 'over-budget';

export interface TenantBuildResult {
  slug: string;
  file: string;
  status: TenantStatus;
  ms: number;
  totals?: BuildReport['totals'];
  budget?: SizeBudget;
  /** Validator messages, the build error, or the exceeded budgets. */
  messages: string[];
}

export interface MatrixResult {
  ok: boolean;
  results: TenantBuildResult[];
  wallMs: number;
  concurrency: number;
}

export interface MatrixOptions {
  /** Every tenant file (validated together: slugs and hosts must be unique across the set). */
  files: TenantFileInput[];
  /** Slugs to build; all when empty or absent. */
  only?: string[];
  repoRoot?: string;
  distDir?: string;
  /** Parallel builds; defaults to the machine's cores. */
  concurrency?: number;
  /** Fail a tenant whose bundle exceeds its size budget (default true). */
  enforceBudgets?: boolean;
  validate?: TenantSetValidator;
  log?: (line: string) => void;
}

/** The shared validator (schema/validate.ts) in the runner's terms. */
export function validateWithSchema(files: TenantFileInput[]): TenantVerdict[] {
  return validateTenantSet(files).map((result) => ({
    file: result.file,
    ...(result.config ? { config: result.config } : {}),
    errors: result.issues.filter((i) => i.severity === 'error').map(formatIssue),
    warnings: result.issues.filter((i) => i.severity === 'warning').map(formatIssue),
  }));
}

function slugOf(file: string): string {
  return file.replace(/\.json$/, '');
}

const WORKER = fileURLToPath(new URL('./build-worker.ts', import.meta.url));

/**
 * Builds tenants into `<distDir>/<slug>/`, several at a time in child processes. Every file is
 * validated first; an invalid tenant is reported with the validator's messages and skipped while
 * the others build. Each build goes to a temporary folder that replaces `<slug>/` only when the
 * build succeeded, so a crash never leaves a half-written bundle behind.
 */
export async function runMatrix(options: MatrixOptions): Promise<MatrixResult> {
  const started = performance.now();
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const distDir = options.distDir ?? join(repoRoot, 'dist');
  const log = options.log ?? ((line: string) => console.log(line));
  const validate = options.validate ?? validateWithSchema;
  const enforce = options.enforceBudgets ?? true;

  const wanted = new Set(options.only?.filter(Boolean) ?? []);
  const known = new Set(options.files.map((f) => slugOf(f.file)));
  const results: TenantBuildResult[] = [];
  for (const slug of wanted) {
    if (!known.has(slug)) {
      const message = `tenants/${slug}.json: no such tenant (known: ${[...known].sort().join(', ') || 'none'})`;
      results.push({ slug, file: `${slug}.json`, status: 'failed', ms: 0, messages: [message] });
      log(`[${slug}] ${message}`);
    }
  }

  const verdicts = validate(options.files);
  const queue: Array<{ slug: string; file: string; text: string; config: ResolvedTenant }> = [];
  for (const verdict of verdicts) {
    const slug = slugOf(verdict.file);
    if (wanted.size > 0 && !wanted.has(slug)) continue;
    for (const warning of verdict.warnings) log(`[${slug}] warning ${warning}`);
    if (verdict.errors.length > 0 || !verdict.config) {
      const messages = verdict.errors.length > 0 ? verdict.errors : [`tenants/${verdict.file}: the validator returned no config`];
      results.push({ slug, file: verdict.file, status: 'invalid', ms: 0, messages });
      log(`[${slug}] invalid — not built:`);
      for (const message of messages) log(`[${slug}]   ${message}`);
      continue;
    }
    const text = options.files.find((f) => f.file === verdict.file)?.text ?? '';
    queue.push({ slug, file: verdict.file, text, config: verdict.config });
  }

  mkdirSync(distDir, { recursive: true });
  removeAbandonedTemps(distDir);
  const shared = queue.length > 0 ? sharedInputHash(repoRoot) : '';
  const concurrency = Math.max(1, Math.min(options.concurrency ?? availableParallelism(), queue.length || 1));
  if (queue.length > 0) log(`building ${queue.length} tenant${queue.length === 1 ? '' : 's'}, ${concurrency} at a time`);

  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < queue.length) {
      const item = queue[next++];
      if (!item) return;
      log(`[${item.slug}] building…`);
      const t0 = performance.now();
      const outcome = await buildOne(item.config, {
        repoRoot,
        distDir,
        inputHash: tenantInputHash(item.text, shared),
        log: (line) => log(`[${item.slug}] ${line}`),
      });
      const ms = Math.round(performance.now() - t0);
      if (!outcome.ok) {
        results.push({ slug: item.slug, file: item.file, status: 'failed', ms, messages: [outcome.error] });
        log(`[${item.slug}] FAILED after ${seconds(ms)}:`);
        for (const line of outcome.error.split('\n')) log(`[${item.slug}]   ${line}`);
        continue;
      }
      const budget = budgetFor(item.slug);
      const over = checkBudget({ totals: outcome.totals }, budget);
      const status: TenantStatus = over.length > 0 && enforce ? 'over-budget' : 'built';
      results.push({ slug: item.slug, file: item.file, status, ms, totals: outcome.totals, budget, messages: over });
      log(`[${item.slug}] built in ${seconds(ms)} — initial JS ${formatKb(outcome.totals.initialJs.gzip)} gzip, total JS ${formatKb(outcome.totals.js.gzip)} gzip`);
      for (const problem of over) log(`[${item.slug}] ${enforce ? 'OVER BUDGET' : 'warning'}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));

  results.sort((a, b) => a.slug.localeCompare(b.slug));
  return {
    ok: results.every((r) => r.status === 'built'),
    results,
    wallMs: Math.round(performance.now() - started),
    concurrency,
  };
}

interface BuildOneOptions {
  repoRoot: string;
  distDir: string;
  inputHash: string;
  log: (line: string) => void;
}

/**
 * Builds one tenant in a child process into `<distDir>/.tmp-<slug>-<pid>-<random>/`, then swaps it
 * into place: the old bundle is renamed aside, the new one renamed in, the old one removed.
 * Renames within one folder are atomic, so readers see the old or the new bundle, never a mix.
 */
export async function buildOne(config: ResolvedTenant, options: BuildOneOptions): Promise<WorkerResponse> {
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(options.distDir, `.tmp-${config.slug}-${tag}`);
  const target = join(options.distDir, config.slug);
  const response = await runWorker({ config, outDir: temp, repoRoot: options.repoRoot, inputHash: options.inputHash }, options.log);
  if (!response.ok) {
    rmSync(temp, { recursive: true, force: true });
    return response;
  }
  const aside = join(options.distDir, `.old-${config.slug}-${tag}`);
  if (existsSync(target)) renameSync(target, aside);
  renameSync(temp, target);
  rmSync(aside, { recursive: true, force: true });
  return response;
}

function runWorker(request: WorkerRequest, log: (line: string) => void): Promise<WorkerResponse> {
  return new Promise((resolvePromise) => {
    const child = fork(WORKER, [], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let response: WorkerResponse | undefined;
    const output: string[] = [];
    const forward = (chunk: Buffer): void => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        output.push(line);
        log(line);
      }
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.on('message', (message) => {
      response = message as WorkerResponse;
    });
    child.on('error', (error) => {
      response ??= { ok: false, error: `could not start the build process: ${error.message}` };
    });
    child.on('close', (code, signal) => {
      if (response) return resolvePromise(response);
      const tail = output.slice(-20).join('\n');
      resolvePromise({ ok: false, error: `the build process exited (${signal ?? `code ${code}`}) without a result${tail ? `:\n${tail}` : ''}` });
    });
    child.send(request);
  });
}

/** Removes temp and aside folders of earlier runs whose process is gone (a crash or kill). */
function removeAbandonedTemps(distDir: string): void {
  for (const name of readdirSync(distDir)) {
    const match = /^\.(?:tmp|old)-.+-(\d+)-[0-9a-f]{8}$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isAlive(pid)) continue;
    rmSync(join(distDir, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `site/src/routes/search/$.tsx` → `search/$`. */
function routeLabel(file: string): string {
  return file.replace(/^site\/src\/routes\//, '').replace(/\.tsx?$/, '');
}

/** The end-of-run table: tenant, status, time, initial and total JS gzip, budget. */
export function formatSummary(result: MatrixResult): string {
  const header = ['tenant', 'status', 'time', 'initial JS gzip', 'heaviest landing (route)', 'total JS gzip', 'budget (initial / landing)'];
  const rows = result.results.map((r) => [
    r.slug,
    r.status,
    r.ms > 0 ? seconds(r.ms) : '—',
    r.totals ? formatKb(r.totals.initialJs.gzip) : '—',
    r.totals?.heaviestLanding ? `${formatKb(r.totals.heaviestLanding.jsGzip)} (${routeLabel(r.totals.heaviestLanding.route)})` : '—',
    r.totals ? formatKb(r.totals.js.gzip) : '—',
    r.budget ? `≤ ${formatKb(r.budget.initialJsGzip)} / ${formatKb(r.budget.landingJsGzip)}` : '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  const built = result.results.filter((r) => r.status === 'built').length;
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `${built}/${result.results.length} built in ${seconds(result.wallMs)} (${result.concurrency} in parallel)`,
  ].join('\n');
}
