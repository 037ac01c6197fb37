import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { run, runQuiet } from './lib/run.ts';
import { commandLine, planSteps, type Step } from './lib/test-plan.ts';

// The whole suite in the order CI needs it: generated code first (the route tree is not
// committed), the cheap static checks, the real build of every tenant and the checks on the built
// bundles, and the browser journeys against those bundles.
//
// Once the tenants are built, the unit tests and the type check run in the background, at a lower
// CPU priority (`nice`), while the browser tests run: the browser tests mostly wait (page loads,
// debounces, animations) and with two Playwright workers used about one and a third of the two
// cores, so the unit tests, which used to run alone before them, take the CPU they leave idle. They
// start after the build, not before it: the build and the PostgreSQL run keep both cores busy.
// A step run beside another or in the background has its output kept back and printed when the
// step in the foreground has ended; each keeps its own result and time in the summary, and a
// failure still fails the run. If the browser tests cannot run (a build failed), the rest still do.

const bin = (name: string) => `node_modules/.bin/${name}`;
mkdirSync('test-results', { recursive: true });
for (const f of ['vitest.json', 'vitest-postgres.json', 'e2e.json', 'e2e-editor.json']) rmSync(`test-results/${f}`, { force: true });

const steps: Step[] = [
  { name: 'generate route tree', cmd: bin('tsr'), args: ['generate'] },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'API on PostgreSQL', cmd: bin('tsx'), args: ['scripts/test-postgres.ts'], beside: 'build every tenant' },
  { name: 'build every tenant', cmd: bin('tsx'), args: ['scripts/build.ts'] },
  { name: 'bundle checks', cmd: bin('tsx'), args: ['build/check-dist.ts'], needs: ['build every tenant'] },
  { name: 'type check', cmd: bin('tsc'), args: ['-b'], background: true },
  { name: 'unit tests', cmd: bin('vitest'), args: ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'], background: true },
  // As CI runs them: no trace of every action and no screenshots for people (about a third of the
  // browser tests' time); a failure still prints the page's state and keeps its screenshot.
  // E2E_TRACE=1 / E2E_SCREENSHOTS=1 keep them; `npm run test:e2e` by hand keeps both.
  { name: 'browser tests', cmd: bin('tsx'), args: ['scripts/e2e.ts'], needs: ['build every tenant'], env: { E2E_LEAN: '1' } },
];

const results: { name: string; ok: boolean | null; seconds: number }[] = [];
const colour = { FORCE_COLOR: process.env.CI ? '0' : '1' };

/** The failed step that keeps `step` from running, if any. */
const blockedBy = (step: Step) => step.needs?.find((n) => results.some((r) => r.name === n && r.ok === false));

/**
 * Runs a step and records its result. `kept`: its output is kept back, and the function it
 * resolves to prints it under the step's name with how it ran (`kept`); otherwise it is shown live.
 */
async function runStep(step: Step, kept?: string, low = false): Promise<() => void> {
  const blocked = blockedBy(step);
  if (blocked) {
    results.push({ name: step.name, ok: null, seconds: 0 });
    console.log(`\n■ ${step.name}: not run, because "${blocked}" failed`);
    return () => {};
  }
  const { cmd, args } = commandLine(step, low);
  const env = { ...colour, ...step.env };
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  if (kept === undefined) {
    console.log(`\n▶ ${step.name}`);
    const code = await run(cmd, args, env);
    results.push({ name: step.name, ok: code === 0, seconds: seconds() });
    return () => {};
  }
  const { code, output } = await runQuiet(cmd, args, env);
  const took = seconds();
  results.push({ name: step.name, ok: code === 0, seconds: took });
  return () => {
    console.log(`\n▶ ${step.name} (${kept}, ${took.toFixed(1)} s)`);
    process.stdout.write(output);
  };
}

const background: Promise<() => void>[] = [];
for (const stage of planSteps(steps, process.argv.slice(2))) {
  if (stage.background) {
    background.push(runStep(stage.step, 'ran in the background, at a lower priority', true));
    continue;
  }
  if (blockedBy(stage.step)) {
    await runStep(stage.step);
    for (const other of stage.beside) await runStep(other);
    continue;
  }
  const alongside = stage.beside.map((other) => runStep(other, `ran beside "${stage.step.name}"`));
  await runStep(stage.step);
  for (const print of await Promise.all(alongside)) print();
}
for (const print of await Promise.all(background)) print();
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
