import { expect, test } from 'vitest';
import { commandLine, planSteps, type Step } from './test-plan.ts';

const step = (name: string, extra: Partial<Step> = {}): Step => ({ name, cmd: name, args: [], ...extra });
const STEPS = [
  step('lint'),
  step('postgres', { beside: 'build' }),
  step('build'),
  step('types', { background: true }),
  step('unit', { background: true }),
  step('browser', { needs: ['build'] }),
];
const names = (stages: ReturnType<typeof planSteps>) => stages.map((s) => [s.step.name, s.beside.map((b) => b.name), s.background]);

test('every step runs once: PostgreSQL beside the build, then the unit tests and the type check in the background while the browser tests run', () => {
  expect(names(planSteps(STEPS, []))).toEqual([
    ['lint', [], false],
    ['build', ['postgres'], false],
    ['types', [], true],
    ['unit', [], true],
    ['browser', [], false],
  ]);
});

test('a step chosen without the step it runs beside, or with nothing after it to run beside, runs in the foreground', () => {
  expect(names(planSteps(STEPS, ['unit']))).toEqual([['unit', [], false]]);
  expect(names(planSteps(STEPS, ['postgres', 'unit']))).toEqual([['postgres', [], false], ['unit', [], false]]);
  expect(names(planSteps(STEPS, ['lint', 'unit', 'browser']))).toEqual([['lint', [], false], ['unit', [], true], ['browser', [], false]]);
  expect(names(planSteps(STEPS, ['browser', 'types']))).toEqual([['types', [], true], ['browser', [], false]]);
});

test('a background step runs under nice; a foreground step as it is', () => {
  expect(commandLine(step('vitest', { args: ['run'] }), true)).toEqual({ cmd: 'nice', args: ['-n', '10', 'vitest', 'run'] });
  expect(commandLine(step('tsx', { args: ['scripts/e2e.ts'] }), false)).toEqual({ cmd: 'tsx', args: ['scripts/e2e.ts'] });
});
