import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkBoundaries, findCycles } from './lib/boundaries.ts';

// Folder rules of ARCHITECTURE.md that need real path resolution (oxlint handles package imports).
const roots = ['schema', 'site', 'server', 'build', 'editor'];
const files: { file: string; source: string }[] = [];
function walk(dir: string): void {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const p = path.posix.join(dir, e.name);
    // Test fixtures are data for tests (a miniature repository among them), not product code.
    if (e.isDirectory()) { if (e.name !== 'node_modules' && e.name !== 'test-fixtures') walk(p); }
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push({ file: p, source: readFileSync(p, 'utf8') });
  }
}
for (const r of roots) walk(r);
const violations = checkBoundaries(files);
for (const v of violations) console.error(`${v.file}: import '${v.specifier}': ${v.rule}`);
// site/src's layers hold only without cycles (a cycle is two layers, or two modules, that cannot be told apart).
const cycles = findCycles(files.filter((f) => f.file.startsWith('site/src/')));
for (const cycle of cycles) console.error(`import cycle in site/src: ${[...cycle, cycle[0]].join(' → ')}`);
console.log(`boundaries: ${files.length} files checked, ${violations.length} violation(s), ${cycles.length} cycle(s) in site/src`);
process.exit(violations.length || cycles.length ? 1 : 0);
