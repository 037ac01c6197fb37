import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { compiledEntry } from './compiled-code.mjs';

/*
 * `npm start` runs the platform as one compiled module kept between starts. It must never run
 * code older than its sources: these tests compile a small program of their own, change one of
 * its files in the ways an editor or git does, and run what the next start would run.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
let repo: string;
let cacheDir: string;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
}

/** Runs a compiled module in its own Node process (with source maps, as scripts/run-compiled.mjs does) and returns what it printed. */
function run(file: string): string {
  return execFileSync(process.execPath, ['--enable-source-maps', file], { encoding: 'utf8' }).trim();
}

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-code-'));
  cacheDir = path.join(repo, '.cache', 'compiled');
  write('package.json', '{ "type": "module" }');
  write('lib/value.ts', 'export const value: number = 1;\n');
  write('lib/where.ts', "export const here: string = import.meta.url;\nexport const said = 'import.meta.url';\n");
  write('main.ts', "import { value } from './lib/value.ts';\nimport { here, said } from './lib/where.ts';\nconsole.log(JSON.stringify({ value, here, said }));\n");
});

afterEach(() => {
  fs.rmSync(repo, { recursive: true, force: true });
});

describe('the compiled module of an entry', () => {
  test('runs the program; each file still knows its own location', async () => {
    const first = await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    expect(first.compiled).toBe(true);
    expect(first.inputs.sort()).toEqual(['lib/value.ts', 'lib/where.ts', 'main.ts']);
    expect(JSON.parse(run(first.file))).toEqual({ value: 1, here: pathToFileURL(path.join(repo, 'lib', 'where.ts')).href, said: 'import.meta.url' });
  });

  test('is reused while nothing changed, and compiled again when a file changes even with the same size and time', async () => {
    const first = await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    const again = await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    expect(again).toEqual({ ...first, compiled: false });

    const file = path.join(repo, 'lib', 'value.ts');
    const { atime, mtime, size } = fs.statSync(file);
    fs.writeFileSync(file, 'export const value: number = 2;\n');
    fs.utimesSync(file, atime, mtime);
    expect(fs.statSync(file).size).toBe(size);
    const changed = await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    expect(changed.compiled).toBe(true);
    expect(JSON.parse(run(changed.file)).value).toBe(2);
  });

  test('a file newly imported is compiled in, and a file no longer imported no longer counts', async () => {
    await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    write('lib/extra.ts', "export const extra = 'new file';\n");
    write('main.ts', "import { extra } from './lib/extra.ts';\nconsole.log(JSON.stringify({ extra }));\n");
    const changed = await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    expect(changed.compiled).toBe(true);
    expect(changed.inputs.sort()).toEqual(['lib/extra.ts', 'main.ts']);
    expect(JSON.parse(run(changed.file))).toEqual({ extra: 'new file' });
    // value.ts is no longer part of the program: editing it changes nothing.
    write('lib/value.ts', 'export const value: number = 3;\n');
    expect((await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir })).compiled).toBe(false);
  });

  test('a file that does not compile is reported by name and line, and nothing older is run', async () => {
    await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    write('lib/value.ts', 'export const value: number = ;\n');
    await expect(compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir })).rejects.toThrow(/lib\/value\.ts:1:/);
    write('lib/value.ts', 'export const value: number = 4;\n');
    const fixed = await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    expect(fixed.compiled).toBe(true);
    expect(JSON.parse(run(fixed.file)).value).toBe(4);
  });

  test('a stack trace names the TypeScript file and line (also in a file that reads its own location)', async () => {
    write('lib/fail.ts', 'export const at: string = import.meta.url;\n// line 2\nexport function fail(): never {\n  throw new Error("on purpose");\n}\n');
    write('main.ts', "import { fail } from './lib/fail.ts';\ntry { fail(); } catch (error) { console.log((error as Error).stack); }\n");
    const { file } = await compiledEntry({ repoRoot: repo, entry: 'main.ts', cacheDir });
    expect(run(file)).toContain(`${path.join(repo, 'lib', 'fail.ts')}:4:`);
  });
});

// `npm start` runs its server, and every build its build processes, as compiled modules.
describe.each([
  { entry: 'scripts/start.ts', what: "npm start's compiled server holds the search engine", holds: ['scripts/start.ts', 'server/index.ts', 'server/search/index.ts', 'server/db/database.ts', 'build/background.ts'] },
  { entry: 'build/build-worker.ts', what: "a build process's compiled module holds the build's configuration and plugins", holds: ['build/build-worker.ts', 'build/vite-config.ts', 'build/precompress.ts', 'build/plugins/build-report.ts'] },
])('$entry', ({ entry, what, holds }) => {
  test(`${what}, and leaves no import of a file to be found at run time`, async () => {
    const compiledDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-entry-'));
    try {
      const { file, inputs } = await compiledEntry({ repoRoot: ROOT, entry, cacheDir: compiledDir });
      expect(inputs).toEqual(expect.arrayContaining(holds));
      // An import with a relative path left in the module would be looked for beside the
      // compiled file, where it is not: every such import must have been compiled in.
      const code = fs.readFileSync(file, 'utf8');
      expect(code.match(/\bimport\s*\(\s*["'`]\.{1,2}\/[^)]*\)/g) ?? []).toEqual([]);
      expect(code.match(/^import .* from ["']\.{1,2}\/.*$/gm) ?? []).toEqual([]);
    } finally {
      fs.rmSync(compiledDir, { recursive: true, force: true });
    }
  }, 60_000);
});
