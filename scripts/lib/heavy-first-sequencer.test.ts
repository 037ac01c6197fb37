import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { HeavyFirstSequencer } from './heavy-first-sequencer.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-sequencer-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const at = path.join(root, name);
  fs.writeFileSync(at, text);
  return at;
}

function spec(moduleId: string, project = 'node', isolate = true) {
  return { moduleId, project: { name: project, config: { isolate, sequence: { groupOrder: 0 } } } };
}

function sequencer(durations: Record<string, number> = {}) {
  const ctx = {
    config: { root },
    cache: { getFileTestResults: (key: string) => (key in durations ? { duration: durations[key], failed: false } : undefined) },
  };
  return new HeavyFirstSequencer(ctx as never);
}

test('without timings, a small file that starts a server runs before a large one that does not, and shared-graph files run last', async () => {
  const large = file('large.test.ts', `test('x', () => {});\n${'// filler\n'.repeat(2_000)}`);
  const server = file('server.test.ts', "const s = await startServer({ port: 0 });\n");
  const compiler = file('compiler.test.ts', 'settingsReadByCode(leaves);\n');
  const small = file('small.test.ts', "test('y', () => {});\n");
  const pure = file('pure.test.ts', `test('z', () => {});\n${'// filler\n'.repeat(5_000)}`);
  const order = await sequencer().sort([spec(small), spec(pure, 'pure', false), spec(large), spec(compiler), spec(server)] as never);
  const names = (order as unknown as { moduleId: string }[]).map((s) => path.basename(s.moduleId));
  expect(names.slice(0, 2).sort()).toEqual(['compiler.test.ts', 'server.test.ts']);
  expect(names.slice(2)).toEqual(['large.test.ts', 'small.test.ts', 'pure.test.ts']);
});

test("a file's last duration decides where the timing cache has it", async () => {
  const a = file('a.test.ts', "await startServer({});\n");
  const b = file('b.test.ts', "test('b', () => {});\n");
  const order = await sequencer({ 'node:a.test.ts': 200, 'node:b.test.ts': 45_000 }).sort([spec(a), spec(b)] as never);
  expect((order as unknown as { moduleId: string }[]).map((s) => path.basename(s.moduleId))).toEqual(['b.test.ts', 'a.test.ts']);
});
