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

/**
 * The layers inside `site/src`, top first. A file may import its own layer and any layer below
 * it, never one above: the app's start-up composes routes, routes compose features, features
 * use components, components read data through the API clients, and everything may use the
 * shared plumbing of `lib/` and the pure rules of `domain/`. Root files (main.tsx,
 * entry-server.tsx) are the app; `test/` (test helpers) sits above everything.
 */
export const SITE_LAYERS = ['test', 'app', 'routes', 'features', 'components', 'api', 'lib', 'domain'] as const;

/** The layer of a file inside site/src, or undefined outside it (and for files no layer owns: styles, declarations). */
export function siteLayerOf(file: string): (typeof SITE_LAYERS)[number] | undefined {
  if (!file.startsWith('site/src/')) return undefined;
  const rest = file.slice('site/src/'.length);
  const slash = rest.indexOf('/');
  if (slash === -1) return rest === 'routeTree.gen.ts' ? 'routes' : 'app';
  const top = rest.slice(0, slash);
  return (SITE_LAYERS as readonly string[]).includes(top) ? (top as (typeof SITE_LAYERS)[number]) : undefined;
}

/**
 * The modules the build provides under a `virtual:` name, with the site/src layer each belongs
 * to: the tenant's config enters the site at start-up (the app), which hands it down through the
 * tenant context, so only the app may import it. An import of a virtual module from a lower
 * layer is an upward import; one from outside site/src, or of a virtual module not listed here,
 * is refused too.
 */
export const VIRTUAL_MODULES: Readonly<Record<string, (typeof SITE_LAYERS)[number]>> = {
  'virtual:tenant-config': 'app',
};

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
      if (specifier.startsWith('virtual:')) {
        const violation = virtualImportViolation(file, specifier);
        if (violation) violations.push(violation);
        continue;
      }
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
      const fromLayer = siteLayerOf(file);
      const toLayer = siteLayerOf(target);
      if (fromLayer && toLayer && SITE_LAYERS.indexOf(toLayer) < SITE_LAYERS.indexOf(fromLayer)) {
        violations.push({ file, specifier, rule: `site/src/${fromLayer} may not import site/src/${toLayer} (the order is ${SITE_LAYERS.join(' → ')})` });
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

/** Whether a file may import a build-provided `virtual:` module (VIRTUAL_MODULES), or why not. */
function virtualImportViolation(file: string, specifier: string): BoundaryViolation | undefined {
  const owner = VIRTUAL_MODULES[specifier];
  if (!owner) return { file, specifier, rule: `${specifier} is not a module the build provides (list it in VIRTUAL_MODULES with its site/src layer)` };
  const fromLayer = siteLayerOf(file);
  if (!file.startsWith('site/src/')) return { file, specifier, rule: `${specifier} exists only in the site's bundle (site/src/${owner})` };
  if (fromLayer && SITE_LAYERS.indexOf(owner) < SITE_LAYERS.indexOf(fromLayer)) {
    return { file, specifier, rule: `site/src/${fromLayer} may not import ${specifier}, which belongs to site/src/${owner} (the order is ${SITE_LAYERS.join(' → ')})` };
  }
  return undefined;
}

/**
 * The import cycles among the given files (relative imports, type-only ones included): each
 * strongly connected group of two or more files, or a file importing itself, as a list of
 * files in a cycle order. Used for site/src, whose layers must hold without a cycle.
 */
export function findCycles(files: { file: string; source: string }[]): string[][] {
  const known = new Set(files.map((f) => f.file));
  const edges = new Map<string, string[]>();
  for (const { file, source } of files) {
    const out: string[] = [];
    for (const specifier of importSpecifiers(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.replace(/\?.*$/, '')));
      if (known.has(target)) out.push(target);
    }
    edges.set(file, out);
  }
  // Tarjan's strongly connected components, iteratively (deep import chains would overflow recursion).
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of edges.keys()) {
    if (indexOf.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++] as string;
        if (!indexOf.has(target)) {
          indexOf.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, indexOf.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || (edges.get(frame.node) ?? []).includes(frame.node)) cycles.push(group.reverse());
      }
    }
  }
  return cycles;
}

