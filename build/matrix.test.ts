import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOne, formatSummary, runMatrix, workerLaunch, type MatrixResult } from './matrix.ts';
import type { BuildReport } from './plugins/build-report.ts';
import { FIXTURE_REPO, fixtureResolvedTenant, fixtureTenant } from './test-fixtures/fixtures.ts';

let dist: string;
let result: MatrixResult;
const lines: string[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fc-matrix-'));
  result = await runMatrix({
    files: [
      fixtureTenant('alpha', { compare: true, garage: false }),
      fixtureTenant('beta', { compare: false, garage: true }),
      // Another dealer with alpha's switches: its own name and labels, alpha's compiled bundle.
      fixtureTenant('gamma', { compare: true, garage: false }),
      // Two schema errors: a flag of the wrong type and a malformed colour.
      fixtureTenant('broken', { compare: 'yes' }, { theme: { colors: { primary: 'blue-ish' } } }),
    ],
    repoRoot: FIXTURE_REPO,
    distDir: dist,
    concurrency: 2,
    log: (line) => lines.push(line),
  });
}, 180_000);

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('runMatrix', () => {
  it('fails an invalid tenant with the validator messages and still builds the others', () => {
    expect(result.ok).toBe(false);
    expect(result.results.map((r) => [r.slug, r.status])).toEqual([
      ['alpha', 'built'],
      ['beta', 'built'],
      ['broken', 'invalid'],
      ['gamma', 'built'],
    ]);
    const broken = result.results.find((r) => r.slug === 'broken');
    expect(broken?.messages.length).toBeGreaterThanOrEqual(2);
    for (const message of broken?.messages ?? []) expect(message).toMatch(/^tenants\/broken\.json: \/\S*: .+/);
    expect(broken?.messages.some((m) => m.startsWith('tenants/broken.json: /features/compare: '))).toBe(true);
    expect(lines).toContain(`[broken]   ${broken?.messages[0]}`);
  });

  it('writes each valid tenant to dist/<slug> with its report, and one bundle per set of switches', () => {
    expect(readdirSync(dist).sort()).toEqual(['_bundles', 'alpha', 'beta', 'gamma']);
    expect(readdirSync(join(dist, '_bundles')).length).toBe(2);
    const report = JSON.parse(readFileSync(join(dist, 'alpha', 'build-report.json'), 'utf8')) as BuildReport;
    expect(report.slug).toBe('alpha');
    expect(report.flags).toMatchObject({ compare: true, garage: false });
    expect(report.defines).toMatchObject({ ['__FEATURE_COMPARE__']: 'true' });
    expect(report.inputHash).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(join(dist, 'alpha', 'index.html'))).toBe(true);
    // Hidden source maps are read for the report and then removed: they are not shipped.
    expect(readdirSync(join(dist, 'alpha', 'assets')).filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('prints progress per tenant and a summary table with the sizes from the reports', () => {
    expect(lines.some((l) => /^\[alpha\] built in \d+\.\d s — initial JS \d+\.\d KB gzip, total JS \d+\.\d KB gzip \(bundle [0-9a-f]{12}\)$/.test(l))).toBe(true);
    const alpha = result.results.find((r) => r.slug === 'alpha');
    const report = JSON.parse(readFileSync(join(dist, 'alpha', 'build-report.json'), 'utf8')) as BuildReport;
    expect(alpha?.totals?.initialJs.gzip).toBe(report.totals.initialJs.gzip);

    const summary = formatSummary(result);

    expect(summary).toMatch(/^tenant\s+status\s+time\s+initial JS gzip\s+heaviest landing \(route\)\s+total JS gzip\s+budget \(initial \/ landing\)$/m);
    expect(summary).toMatch(/^alpha\s+built\s+\d+\.\d s\s+\d+\.\d KB\s+\d+\.\d KB \([\w/$.-]+\)\s+\d+\.\d KB\s+≤ 150\.0 KB \/ 198\.0 KB$/m);
    expect(summary).toMatch(/^broken\s+invalid\s+—/m);
    expect(summary).toContain('3/4 built');
  });

  it('builds only the named tenants, and names an unknown one', async () => {
    const only = await runMatrix({
      files: [fixtureTenant('alpha', { compare: true }), fixtureTenant('broken', { compare: 'yes' })],
      only: ['broken', 'nope'],
      repoRoot: FIXTURE_REPO,
      distDir: dist,
      log: () => {},
    });

    expect(only.results.map((r) => [r.slug, r.status])).toEqual([
      ['broken', 'invalid'],
      ['nope', 'failed'],
    ]);
    expect(only.results[1]?.messages[0]).toBe('tenants/nope.json: no such tenant (known: alpha, broken)');
  });
});

describe('size budgets in the runner', () => {
  it('fails a tenant over budget but still puts its correct bundle in place', async () => {
    const out = mkdtempSync(join(tmpdir(), 'fc-budget-'));
    process.env.FC_BUDGET_INITIAL_JS_KB = '1';
    try {
      const over = await runMatrix({ files: [fixtureTenant('alpha', { compare: true })], repoRoot: FIXTURE_REPO, distDir: out, log: () => {} });

      expect(over.ok).toBe(false);
      expect(over.results[0]?.status).toBe('over-budget');
      expect(over.results[0]?.messages[0]).toMatch(/^initial JS \d+\.\d KB gzip exceeds the 1\.0 KB budget$/);
      expect(existsSync(join(out, 'alpha', 'build-report.json'))).toBe(true);
    } finally {
      delete process.env.FC_BUDGET_INITIAL_JS_KB;
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('buildOne', () => {
  it('leaves the previous bundle untouched and no temp folder when a build crashes', async () => {
    const out = mkdtempSync(join(tmpdir(), 'fc-crash-'));
    mkdirSync(join(out, 'alpha'));
    writeFileSync(join(out, 'alpha', 'index.html'), 'previous build');
    const emptyRepo = mkdtempSync(join(tmpdir(), 'fc-empty-repo-'));
    mkdirSync(join(emptyRepo, 'site', 'src', 'routes'), { recursive: true });
    const config = fixtureResolvedTenant('alpha', {});

    const outcome = await buildOne(config, { repoRoot: emptyRepo, distDir: out, inputHash: 'x', log: () => {} });

    expect(outcome.ok).toBe(false);
    expect(readFileSync(join(out, 'alpha', 'index.html'), 'utf8')).toBe('previous build');
    expect(readdirSync(out)).toEqual(['alpha']);
    rmSync(out, { recursive: true, force: true });
    rmSync(emptyRepo, { recursive: true, force: true });
  }, 60_000);
});

/** A compile where the cache folder cannot be written. */
async function readOnly(): Promise<string> {
  throw new Error("EACCES: permission denied, mkdir '/repo/.cache/compiled'");
}

describe('how a build process starts', () => {
  it('runs the compiled build code, saying nothing; where it cannot be kept, the sources through tsx, said once a reason', async () => {
    const said: string[] = [];
    const log = (line: string) => said.push(line);
    const compiled = await workerLaunch(log, async () => '/kept/build-worker.mjs');
    expect(compiled).toEqual({ module: '/kept/build-worker.mjs', execArgv: ['--enable-source-maps'] });
    expect(said).toEqual([]);

    const first = await workerLaunch(log, readOnly);
    expect(first.execArgv).toEqual(['--import', 'tsx']);
    expect(first.module).toMatch(/[\\/]build[\\/]build-worker\.ts$/);
    expect(existsSync(first.module)).toBe(true);
    // A bundle starts two processes and a build many bundles: one line, not one a process.
    await workerLaunch(log, readOnly);
    expect(said).toEqual(["building from the sources (each build process starts about 2.5 s slower): the compiled build code could not be kept: EACCES: permission denied, mkdir '/repo/.cache/compiled'"]);
  });
});
