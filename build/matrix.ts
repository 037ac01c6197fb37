import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { formatIssue, validateTenantSet } from '../schema/validate.ts';
import { budgetFor, checkBudget, formatKb, type SizeBudget } from './budgets.ts';
import { BUNDLES_DIR, bundleDir, bundleKey, installBundle, linkTenant, readBundleMarker, shardKeys, writeBundleMarker } from './bundles.ts';
import type { WorkerRequest, WorkerResponse } from './build-worker.ts';
import type { BuildReport } from './plugins/build-report.ts';
import { sharedInputHash, tenantInputHash } from './stale.ts';
import { tenantPages, type TenantPages } from './tenant-pages.ts';
import { compiledEntry } from './compiled-code.mjs';
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
  /** Build only this runner's share of the bundles (`--shard i/N`, build/bundles.ts `shardKeys`). */
  shard?: { index: number; count: number };
  /** Priority of the build processes (10 = lower: npm start's background builds). */
  nice?: number;
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

/** A compile of the build worker under way: the builds asking meanwhile (a bundle's two halves) share it. */
let compilingWorker: Promise<string> | undefined;

/**
 * The build worker as one compiled module (build/compiled-code.mjs), compiled again only when one
 * of its files changed. Started through tsx, each build process spent about 2.5 s of a core putting
 * every module it loads (Vite's own among them) through the loader's hooks before building
 * anything; a build runs one or two such processes per bundle.
 */
function compiledWorker(): Promise<string> {
  compilingWorker ??= compiledEntry({ repoRoot: REPO_ROOT, entry: relative(REPO_ROOT, WORKER) })
    .then((compiled) => compiled.file)
    .finally(() => {
      compilingWorker = undefined;
    });
  return compilingWorker;
}

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
  removeAbandonedTemps(join(distDir, BUNDLES_DIR));
  const shared = queue.length > 0 ? sharedInputHash(repoRoot) : '';
  // Tenants grouped by the content address of their JavaScript: one build per group.
  let keyed = queue.map((item) => ({ ...item, key: bundleKey(item.config.features as Record<string, unknown>, shared) }));
  if (options.shard) {
    const mine = shardKeys(keyed.map((item) => item.key), options.shard);
    keyed = keyed.filter((item) => mine.has(item.key));
    log(`shard ${options.shard.index}/${options.shard.count}: ${mine.size} bundle${mine.size === 1 ? '' : 's'} for ${keyed.length} tenant${keyed.length === 1 ? '' : 's'}`);
  }
  const groups = new Map<string, typeof keyed>();
  for (const item of keyed) groups.set(item.key, [...(groups.get(item.key) ?? []), item]);
  const toBuild = [...groups.keys()].filter((key) => !readBundleMarker(distDir, key));
  const lanes = options.concurrency ?? availableParallelism();
  const concurrency = Math.max(1, Math.min(lanes, toBuild.length || 1));
  // Fewer bundles than lanes (one switch edited): each bundle's browser and server halves build
  // in two processes at once, so the spare core shortens the wait instead of idling.
  const split = toBuild.length > 0 && toBuild.length < lanes;
  if (keyed.length > 0) {
    log(`${keyed.length} tenant${keyed.length === 1 ? ' shares' : 's share'} ${groups.size} bundle${groups.size === 1 ? '' : 's'}: ${toBuild.length} to build${toBuild.length > 0 ? `, ${concurrency} at a time` : ''}`);
  }

  /** Links every tenant of a group to its (finished) bundle and records each one's result. */
  const linkGroup = async (group: typeof keyed, since: number): Promise<void> => {
    // Which pages each tenant's site has, asked of the bundle's own route tree (build/tenant-pages.ts).
    let pages: TenantPages[] | undefined;
    let pagesError: string | undefined;
    const key = group[0]?.key;
    if (key !== undefined) {
      try {
        pages = await tenantPages(join(bundleDir(distDir, key), 'server', 'entry-server.js'), group.map((item) => item.config));
      } catch (error) {
        pagesError = (error as Error).message;
      }
    }
    for (const [index, item] of group.entries()) {
      let totals: BuildReport['totals'];
      try {
        if (!pages) throw new Error(pagesError ?? 'no page list');
        totals = linkTenant(distDir, item.key, item.config, tenantInputHash(item.text, shared), pages[index]).totals;
      } catch (error) {
        const message = `could not link to bundle ${item.key}: ${(error as Error).message}`;
        results.push({ slug: item.slug, file: item.file, status: 'failed', ms: 0, messages: [message] });
        log(`[${item.slug}] FAILED: ${message}`);
        continue;
      }
      const ms = Math.round(performance.now() - since);
      const budget = budgetFor(item.slug);
      const over = checkBudget({ totals }, budget);
      const status: TenantStatus = over.length > 0 && enforce ? 'over-budget' : 'built';
      results.push({ slug: item.slug, file: item.file, status, ms, totals, budget, messages: over });
      log(`[${item.slug}] built in ${seconds(ms)} — initial JS ${formatKb(totals.initialJs.gzip)} gzip, total JS ${formatKb(totals.js.gzip)} gzip (bundle ${item.key.slice(0, 12)})`);
      for (const problem of over) log(`[${item.slug}] ${enforce ? 'OVER BUDGET' : 'warning'}: ${problem}`);
    }
  };

  // Tenants whose bundle is already there (a label edit, another tenant with the same switches) are linked at once.
  for (const [key, group] of groups) if (!toBuild.includes(key)) await linkGroup(group, performance.now());

  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < toBuild.length) {
      const key = toBuild[next++];
      const group = key === undefined ? undefined : groups.get(key);
      if (!key || !group?.[0]) return;
      const names = group.map((item) => item.slug).join(', ');
      for (const item of group) log(`[${item.slug}] building…`);
      const t0 = performance.now();
      const outcome = await buildBundle(group[0].config, key, { repoRoot, distDir, inputHash: '', split, log: (line) => log(`[${names}] ${line}`), ...(options.nice === undefined ? {} : { nice: options.nice }) });
      if (!outcome.ok) {
        const ms = Math.round(performance.now() - t0);
        for (const item of group) {
          results.push({ slug: item.slug, file: item.file, status: 'failed', ms, messages: [outcome.error] });
          log(`[${item.slug}] FAILED after ${seconds(ms)}:`);
          for (const line of outcome.error.split('\n')) log(`[${item.slug}]   ${line}`);
        }
        continue;
      }
      await linkGroup(group, t0);
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
  /** Priority of the build process (os.setPriority: 10 = lower). */
  nice?: number;
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
  const response = await runWorker({ config, outDir: temp, repoRoot: options.repoRoot, inputHash: options.inputHash, bundle: 'tenant' }, options.log, options.nice);
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

/**
 * Builds the bundle `key` (`shared`: the switches of `config` compiled in; `runtime`: the
 * stand-in) in a child process into `dist/_bundles/.tmp-<key>-…`, marks it finished and moves it
 * to `dist/_bundles/<key>` (build/bundles.ts). Tenants are linked to it afterwards.
 */
export async function buildBundle(config: ResolvedTenant, key: string, options: BuildOneOptions & { bundle?: 'shared' | 'runtime'; split?: boolean }): Promise<WorkerResponse> {
  const bundle = options.bundle ?? 'shared';
  const root = join(options.distDir, BUNDLES_DIR);
  mkdirSync(root, { recursive: true });
  const temp = join(root, `.tmp-${key}-${process.pid}-${randomBytes(4).toString('hex')}`);
  const request: WorkerRequest = { config, outDir: temp, repoRoot: options.repoRoot, inputHash: options.inputHash, bundle };
  const response = options.split ? await runSplit(request, options.log, options.nice) : await runWorker(request, options.log, options.nice);
  if (!response.ok) {
    rmSync(temp, { recursive: true, force: true });
    return response;
  }
  writeBundleMarker(temp, { key, kind: bundle, ...(bundle === 'shared' ? { features: config.features as Record<string, unknown> } : {}), builtAt: new Date().toISOString() });
  installBundle(options.distDir, temp, key);
  return response;
}

/** The browser and server halves of one bundle in two processes at once; the browser half's outcome (its report's totals) when both succeed. */
async function runSplit(request: WorkerRequest, log: (line: string) => void, nice?: number): Promise<WorkerResponse> {
  const [client, server] = await Promise.all([runWorker({ ...request, part: 'client' }, log, nice), runWorker({ ...request, part: 'server' }, log, nice)]);
  if (!client.ok) return client;
  return server.ok ? client : server;
}

/** Why the last build process ran from the sources, so each new reason is told once, not per process. */
let sourcesReason: string | undefined;

/**
 * How a build process starts: the compiled build worker, or, where its compiled module cannot be
 * made (a folder that cannot be written to), its sources through tsx, as before: slower to start,
 * the same build. The fallback is said once in the build's log, with the reason.
 * @param log the build's log
 * @param compile makes the compiled module (the kept one when nothing changed)
 */
export async function workerLaunch(log: (line: string) => void, compile: () => Promise<string> = compiledWorker): Promise<{ module: string; execArgv: string[] }> {
  try {
    // Compiled: stack traces name the TypeScript sources' lines.
    return { module: await compile(), execArgv: ['--enable-source-maps'] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (reason !== sourcesReason) {
      sourcesReason = reason;
      log(`building from the sources (each build process starts about 2.5 s slower): the compiled build code could not be kept: ${reason}`);
    }
    return { module: WORKER, execArgv: ['--import', 'tsx'] };
  }
}

async function runWorker(request: WorkerRequest, log: (line: string) => void, nice?: number): Promise<WorkerResponse> {
  const launch = await workerLaunch(log);
  return new Promise((resolvePromise) => {
    const child = fork(launch.module, [], {
      cwd: REPO_ROOT,
      execArgv: launch.execArgv,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // Background builds (npm start) yield the processor to the pages being served.
    if (nice !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // not allowed here: the build runs at normal priority
      }
    }
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
  if (!existsSync(distDir)) return;
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
