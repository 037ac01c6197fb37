import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkBoundaries } from './lib/boundaries.ts';

// Folder rules of ARCHITECTURE.md that need real path resolution (oxlint handles package imports).
const roots = ['schema', 'site/src', 'server', 'build', 'editor'];
const files: { file: string; source: string }[] = [];
function walk(dir: string): void {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const p = path.posix.join(dir, e.name);
    if (e.isDirectory()) { if (e.name !== 'node_modules') walk(p); }
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push({ file: p, source: readFileSync(p, 'utf8') });
  }
}
for (const r of roots) walk(r);
const violations = checkBoundaries(files);
for (const v of violations) console.error(`${v.file}: import '${v.specifier}': ${v.rule}`);
console.log(`boundaries: ${files.length} files checked, ${violations.length} violation(s)`);
process.exit(violations.length ? 1 : 0);
