// Runs one of the platform's TypeScript entry points as compiled code: `node scripts/run-compiled.mjs
// scripts/start.ts [args]` (what `npm start` runs). The entry and every file it uses are compiled
// into one module kept under .cache/compiled/ and reused until any of those files changes
// (build/compiled-code.mjs), so a restart loads one file instead of putting each of several
// hundred modules through a TypeScript loader. Stack traces name the TypeScript files and lines.
// FORECOURT_FROM_SOURCES=1 runs the sources through tsx instead, as before.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledEntry } from '../build/compiled-code.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-compiled.mjs <entry.ts> [arguments]');
  process.exit(2);
}
const source = path.resolve(entry);
// The entry reads its own arguments as if Node had run it directly.
process.argv = [process.argv[0] ?? process.execPath, source, ...args];

if (process.env.FORECOURT_FROM_SOURCES === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
} else {
  let compiled;
  try {
    compiled = await compiledEntry({ repoRoot, entry: path.relative(repoRoot, source), log: (line) => console.log(line) });
  } catch (error) {
    console.error(`Could not compile ${entry}:\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(compiled.file).href);
}
