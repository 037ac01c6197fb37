import path from 'node:path';

/** One import that crosses a boundary ARCHITECTURE.md forbids. */
export interface BoundaryViolation {
  file: string;
  specifier: string;
  rule: string;
}

const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Returns every module specifier a source file imports (static, re-export, side-effect and dynamic). */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec) found.push(spec);
  }
  return found;
}

function featureOf(file: string): string | undefined {
  const m = /^site\/src\/features\/([^/]+)\//.exec(file);
  return m?.[1];
}

/** The top-level area of a repo-relative path, with `site/src/domain` kept apart from the rest of `site`. */
function areaOf(file: string): string {
  if (file.startsWith('site/src/domain/')) return 'site-domain';
  if (file.startsWith('editor/renderer/')) return 'editor-renderer';
  return file.split('/')[0] ?? '';
}

const ALLOWED: Record<string, readonly string[]> = {
  schema: ['schema'],
  'site-domain': ['site-domain', 'schema'],
  site: ['site', 'site-domain', 'schema'],
  server: ['server', 'schema', 'site-domain'],
  build: ['build', 'schema', 'site-domain'],
  editor: ['editor', 'editor-renderer', 'schema', 'build'],
  'editor-renderer': ['editor-renderer', 'editor', 'schema'],
};

/**
 * Checks repo-relative source files against the dependency rules of ARCHITECTURE.md:
 * which folder may import which, and that features never import each other.
 * Only relative imports are resolved here; package imports are policed by oxlint.
 */
export function checkBoundaries(files: { file: string; source: string }[]): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const { file, source } of files) {
    const from = areaOf(file);
    const allowed = ALLOWED[from];
    for (const specifier of importSpecifiers(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const to = areaOf(target);
      if (allowed && !allowed.includes(to) && !(from === 'editor-renderer' && target.startsWith('editor/shared/'))) {
        violations.push({ file, specifier, rule: `${from} may not import ${to}` });
        continue;
      }
      if (from === 'editor-renderer' && to === 'editor' && !target.startsWith('editor/shared/')) {
        violations.push({ file, specifier, rule: 'editor/renderer may import only editor/shared from the rest of editor/' });
      }
      const a = featureOf(file);
      const b = featureOf(target);
      if (a && b && a !== b) {
        violations.push({ file, specifier, rule: `feature ${a} may not import feature ${b} (compose them in a route)` });
      }
    }
  }
  return violations;
}
