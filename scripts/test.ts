import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { run, runQuiet } from './lib/run.ts';

// The whole suite in the order CI needs it: generated code first (the route tree is not
// committed), then the cheap static checks, then unit tests, then the real build of every
// tenant, the checks on the built bundles, and the browser journeys against those bundles.
//
// A step with `beside` runs at the same time as that step, its output kept back and printed when
// it ends: the type check (one compiler thread) beside the unit tests, and the PostgreSQL run
// beside the tenants' builds. Each still has its own result and time; a failure still fails the run.
interface Step { name: string; cmd: string; args: string[]; needs?: string[]; env?: NodeJS.ProcessEnv; beside?: string }

const bin = (name: string) => `node_modules/.bin/${name}`;
mkdirSync('test-results', { recursive: true });
for (const f of ['vitest.json', 'vitest-postgres.json', 'e2e.json', 'e2e-editor.json']) rmSync(`test-results/${f}`, { force: true });

const steps: Step[] = [
  { name: 'generate route tree', cmd: bin('tsr'), args: ['generate'] },
  { name: 'type check', cmd: bin('tsc'), args: ['-b'], beside: 'unit tests' },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'unit tests', cmd: bin('vitest'), args: ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'] },
  { name: 'API on PostgreSQL', cmd: bin('tsx'), args: ['scripts/test-postgres.ts'], beside: 'build every tenant' },
  { name: 'build every tenant', cmd: bin('tsx'), args: ['scripts/build.ts'] },
  { name: 'bundle checks', cmd: bin('tsx'), args: ['build/check-dist.ts'], needs: ['build every tenant'] },
  // As CI runs them: no trace of every action and no screenshots for people (about a third of the
  // browser tests' time); a failure still prints the page's state and keeps its screenshot.
  // E2E_TRACE=1 / E2E_SCREENSHOTS=1 keep them; `npm run test:e2e` by hand keeps both.
  { name: 'browser tests', cmd: bin('tsx'), args: ['scripts/e2e.ts'], needs: ['build every tenant'], env: { E2E_LEAN: '1' } },
];

const only = process.argv.slice(2);
const chosen = steps.filter((step) => !only.length || only.some((o) => step.name.includes(o)));
const results: { name: string; ok: boolean | null; seconds: number }[] = [];
const colour = { FORCE_COLOR: process.env.CI ? '0' : '1' };

/** Runs a step with its output kept back; prints it, with the step's name, when it ends. */
async function runBeside(step: Step): Promise<void> {
  const started = performance.now();
  const { code, output } = await runQuiet(step.cmd, step.args, { ...colour, ...step.env });
  const seconds = (performance.now() - started) / 1000;
  results.push({ name: step.name, ok: code === 0, seconds });
  console.log(`\n▶ ${step.name} (ran beside the step above, ${seconds.toFixed(1)} s)`);
  process.stdout.write(output);
}

for (const step of chosen) {
  if (step.beside && chosen.some((s) => s.name === step.beside)) continue;
  const blocked = step.needs?.find((n) => results.some((r) => r.name === n && r.ok === false));
  if (blocked) {
    results.push({ name: step.name, ok: null, seconds: 0 });
    console.log(`\n■ ${step.name}: not run, because "${blocked}" failed`);
    continue;
  }
  const alongside = chosen.filter((s) => s.beside === step.name).map(runBeside);
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const code = await run(step.cmd, step.args, { ...colour, ...step.env });
  results.push({ name: step.name, ok: code === 0, seconds: (performance.now() - started) / 1000 });
  await Promise.all(alongside);
}
results.sort((a, b) => steps.findIndex((s) => s.name === a.name) - steps.findIndex((s) => s.name === b.name));

function counts(file: string, pick: (json: any) => { passed: number; failed: number }): { passed: number; failed: number } {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  try { return pick(JSON.parse(readFileSync(file, 'utf8'))); } catch { return { passed: 0, failed: 0 }; }
}
const vitestCounts = (j: any) => ({ passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0 });
const unitOnly = counts('test-results/vitest.json', vitestCounts);
const onPostgres = counts('test-results/vitest-postgres.json', vitestCounts);
const unit = { passed: unitOnly.passed + onPostgres.passed, failed: unitOnly.failed + onPostgres.failed };
const site = counts('test-results/e2e.json', (j) => ({ passed: j.stats?.expected ?? 0, failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0) }));
const editor = counts('test-results/e2e-editor.json', (j) => ({ passed: j.passed ?? 0, failed: j.failed ?? 0 }));
const e2e = { passed: site.passed + editor.passed, failed: site.failed + editor.failed };

console.log('\nstep                      result     time');
for (const r of results) {
  const label = r.ok === null ? 'not run' : r.ok ? 'ok' : 'FAILED';
  console.log(`${r.name.padEnd(26)}${label.padEnd(11)}${r.seconds.toFixed(1)} s`);
}
const failedSteps = results.filter((r) => r.ok !== true).length;
console.log(`\nunit ${unit.passed} passed, ${unit.failed} failed; browser ${e2e.passed} passed, ${e2e.failed} failed; steps ${results.length - failedSteps}/${results.length} ok`);
console.log(`tests: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed + failedSteps} failed`);
process.exit(failedSteps ? 1 : 0);
