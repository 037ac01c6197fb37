import { dirname, join, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

/*
 * How the browser build cuts the site's JavaScript into files (docs/rendering.md, "What a page
 * loads before it hydrates"). Rolldown's automatic splitting gives every set of modules shared by
 * a different set of dynamic imports its own file, and the app's dynamic imports are many (each
 * route, each switchable part): a car page loaded 66 files before it hydrated, most under 1 KB,
 * each compressed on its own. These groups undo that where it costs nothing:
 *
 * - `client`: React and React DOM, apart, so the entry evaluates them in a task of their own
 *   (site/src/main.tsx, total blocking time).
 * - `start`: everything the app's start statically imports and uses — router, query client, tenant
 *   config, route definitions, header and footer — but not what the entry imports too: the entry loads
 *   the start only once the page has painted. Every page loads all of it before it hydrates; one
 *   file instead of about twenty (−4 KB gzip on every page).
 * - one per page with parts (`routes/**\/-<page>-slots.ts`): the page's component and the parts
 *   that module loads before hydrating, with what only they use; modules another page also
 *   uses stay shared. Parts the page hydrates later are imported from another module and keep
 *   their own files (routes/cars/-vehicle-later.ts).
 * - one per shared part (`SHARED_PARTS`): the modules the pages of cars use together (a car's
 *   price, offer and badges; a car card's facts; the saved-cars controls). Rolldown cut them into
 *   a dozen files of 100–1,200 bytes, one per set of pages using each: the search landing loaded
 *   27 files besides the shell, React and its own page, each compressed on its own.
 */

/** What the chunking functions read of rolldown's module graph. */
export interface ModuleInfoLike {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
  /** The module's code after the build's transforms (null or absent when unknown: every import then counts in full). */
  code?: string | null;
  /** The names the module exports (rolldown's `exports`; absent when unknown). */
  exports?: readonly string[];
}

export interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

/** React, React DOM and the scheduler: the `client` file. */
export const REACT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/** A page's parts module (`-vehicle-slots.ts` → the `vehicle` file). */
export const PAGE_PARTS_MODULE = /[\\/]routes[\\/](?:.+[\\/])?-([a-z][a-z0-9-]*)-slots\.tsx?$/;

/** The route plugin's id of a route file's split component. */
const ROUTE_COMPONENT = '?tsr-split=component';

/** The modules `from` reaches by static imports (itself included), not entering `skip`. */
export function staticClosure(graph: ModuleGraph, from: readonly string[], skip: (id: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || skip(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Every module `from` reaches, by static or dynamic imports. */
function reachable(graph: ModuleGraph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

/**
 * The modules of the shell file: what `start` statically imports and uses, apart from React's and
 * what the entry itself imports (Vite's preload helper): the entry must not import the shell,
 * which it loads only once the page has painted (site/src/main.tsx).
 */
export function shellModules(graph: ModuleGraph, start: string, entry: string): Set<string> {
  const entryModules = staticClosure(graph, [entry]);
  const skip = (id: string) => REACT_MODULES.test(id) || entryModules.has(id);
  const shell = usedClosure(graph, [start], skip);
  // A tiny module the start reaches but does not use (React Query's `queryOptions`, 58 bytes)
  // stays in: on its own it would be a file of its own, a request for next to nothing. Only one
  // that imports nothing outside the shell, which would otherwise pull that in as a file too.
  for (const id of staticClosure(graph, [start], skip)) {
    const info = graph.getModuleInfo(id);
    if (shell.has(id) || !info?.code || info.code.length > TINY_MODULE) continue;
    if (info.importedIds.every((target) => shell.has(target) || skip(target))) shell.add(id);
  }
  return shell;
}

/** Code length (characters, after the build's transforms) under which a module is not worth a file of its own. */
const TINY_MODULE = 512;

/** The names a module is asked for by the modules that import it: some, or all of them. */
type Asked = Set<string> | 'all';

/** A module's static imports, each with the names taken from it ('all' for a namespace or bare import). */
interface ModuleImports {
  uses: { target: string; names: Asked }[];
  /**
   * Set when the module only passes on other modules' exports (a package's index: imports,
   * `export { … }` and `export * from`, nothing else): each name it exports, where it comes from,
   * the modules it re-exports whole, and those it imports only to run them (`import './x'`).
   */
  barrel: { reexports: Map<string, { target: string; name: string }>; stars: string[]; effects: string[] } | null;
}

/** A module id without its query (`route.tsx?tsr-split=component` → `route.tsx`). */
const strip = (id: string) => id.replace(/\?.*$/, '');

/**
 * The module an import specifier names among the ids the module imports: a relative path
 * resolved beside the module, or a bare package name matched by its folder in node_modules
 * (only when exactly one imported id is in that package). Undefined when it cannot be told.
 */
export function importTarget(from: string, specifier: string, importedIds: readonly string[]): string | undefined {
  if (specifier.startsWith('.')) {
    const path = resolve(dirname(strip(from)), specifier);
    const found = importedIds.filter((id) => strip(id) === path);
    return found.length === 1 ? found[0] : undefined;
  }
  const packageName = /^(@[^/]+\/[^/]+|[^/@.][^/:]*)/.exec(specifier)?.[1];
  if (!packageName) return undefined;
  const inPackage = importedIds.filter((id) => id.replaceAll('\\', '/').includes(`/node_modules/${packageName}/`));
  // A subpath (`react/jsx-runtime`) is the one file of the package whose path ends with it.
  const subpath = specifier.slice(packageName.length);
  const found = subpath ? inPackage.filter((id) => strip(id).replace(/\.[cm]?js$/, '').endsWith(subpath)) : inPackage;
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Reads a module's imports from its code; null when there is no code or it does not parse. An
 * import whose module cannot be told among the imported ids is left out: the caller counts every
 * imported id no import names in full.
 */
export function moduleImports(id: string, info: ModuleInfoLike): ModuleImports | null {
  if (!info.code) return null;
  const file = strip(id);
  // Rolldown hands over transformed code; a TypeScript or JSX module is read as what it says it is all the same.
  const lang = /\.(tsx|ts|jsx|mts|cts)$/.exec(file)?.[1]?.replace(/^[mc]ts$/, 'ts') as 'ts' | 'tsx' | 'jsx' | undefined;
  let body;
  try {
    body = parseAst(info.code, { sourceType: 'module', ...(lang ? { lang } : {}) }, file).body;
  } catch {
    return null;
  }
  const uses: ModuleImports['uses'] = [];
  const locals = new Map<string, { target: string; name: string }>();
  const reexports = new Map<string, { target: string; name: string }>();
  const stars: string[] = [];
  const effects: string[] = [];
  let barrel = true;
  const targetOf = (specifier: string) => importTarget(id, specifier, info.importedIds);
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.importKind === 'type') continue;
      const target = targetOf(statement.source.value);
      if (!target) {
        // Counted whole with the module's other unmatched imports (usedClosure); an index must say where each name comes from.
        barrel = false;
        continue;
      }
      const names = new Set<string>();
      if (statement.specifiers.length === 0) effects.push(target); // `import './x'`: run for its effects
      let all = statement.specifiers.length === 0;
      for (const specifier of statement.specifiers) {
        if (specifier.type === 'ImportNamespaceSpecifier') {
          all = true;
          locals.set(specifier.local.name, { target, name: '*' });
          continue;
        }
        if (specifier.type === 'ImportSpecifier' && specifier.importKind === 'type') continue;
        const name = specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
        names.add(name);
        locals.set(specifier.local.name, { target, name });
      }
      uses.push({ target, names: all ? 'all' : names });
    } else if (statement.type === 'ExportAllDeclaration') {
      if (statement.exportKind === 'type') continue;
      const target = targetOf(statement.source.value);
      if (!target) {
        barrel = false;
        continue;
      }
      if (statement.exported) {
        reexports.set(nameOf(statement.exported), { target, name: '*' });
      } else stars.push(target);
      uses.push({ target, names: 'all' });
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      if (statement.exportKind === 'type') continue;
      const target = statement.source ? targetOf(statement.source.value) : undefined;
      if (statement.source && !target) {
        barrel = false;
        continue;
      }
      const names = new Set<string>();
      for (const specifier of statement.specifiers) {
        if (specifier.exportKind === 'type') continue;
        const local = nameOf(specifier.local);
        const exported = nameOf(specifier.exported);
        if (target) {
          names.add(local);
          reexports.set(exported, { target, name: local });
        } else {
          const imported = locals.get(local);
          if (imported) reexports.set(exported, imported);
          else barrel = false; // exports a binding of its own
        }
      }
      if (target) uses.push({ target, names });
    } else {
      barrel = false;
    }
  }
  return { uses, barrel: barrel ? { reexports, stars, effects } : null };
}

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? (node.name as string) : String(node.value);
}

/**
 * The modules `from` reaches by static imports and actually uses, not entering `skip`. Like
 * `staticClosure`, except through a package's index: a module that only re-exports others
 * (`export { useQuery } from './useQuery.js'`) brings in only the modules behind the names asked
 * of it. `staticClosure` put every hook React Query exports (useQueries, useMutation and their
 * observers, ~3.5 KB gzip) into the shell file every page loads, for the compare page and the
 * account forms. A module whose imports cannot be read brings in all it imports, so a mistake
 * here costs a file, never a missing module: rolldown places anything the shell leaves out in a
 * file of its own.
 */
export function usedClosure(graph: ModuleGraph, from: readonly string[], skip: (id: string) => boolean = () => false): Set<string> {
  const asked = new Map<string, Asked>();
  const parsed = new Map<string, ModuleImports | null>();
  const queue: string[] = [];
  const ask = (id: string, names: Asked) => {
    if (skip(id)) return;
    const had = asked.get(id);
    if (had === 'all') return;
    if (names === 'all' || !had) {
      asked.set(id, names === 'all' ? 'all' : new Set(names));
    } else {
      const size = had.size;
      for (const name of names) had.add(name);
      if (had.size === size) return;
    }
    queue.push(id);
  };
  for (const id of from) ask(id, 'all');
  while (queue.length > 0) {
    const id = queue.pop() as string;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    if (!parsed.has(id)) parsed.set(id, moduleImports(id, info));
    const imports = parsed.get(id) ?? null;
    const names = asked.get(id) as Asked;
    if (!imports) {
      for (const target of info.importedIds) ask(target, 'all');
      continue;
    }
    if (!imports.barrel || names === 'all') {
      for (const use of imports.uses) ask(use.target, use.names);
      // What it imports otherwise (a CommonJS `require`, a plugin's helper) counts whole.
      const read = new Set(imports.uses.map((use) => use.target));
      for (const target of info.importedIds) if (!read.has(target)) ask(target, 'all');
      continue;
    }
    for (const name of names) {
      const source = imports.barrel.reexports.get(name);
      if (source) {
        ask(source.target, source.name === '*' ? 'all' : new Set([source.name]));
        continue;
      }
      // Not named here: one of the modules it re-exports whole has it (all of them when unknown).
      const stars = imports.barrel.stars;
      const known = stars.filter((star) => graph.getModuleInfo(star)?.exports?.includes(name));
      for (const star of known.length ? known : stars) ask(star, new Set([name]));
    }
    for (const target of imports.barrel.effects) ask(target, 'all');
  }
  return new Set(asked.keys());
}

/**
 * The page files: for each page parts module reachable from `start`, its name and its modules —
 * the parts module, the route components that import it, the parts it imports dynamically, and
 * what they statically import, keeping only modules nothing outside the page imports (so another
 * page never loads this page's file for a module it shares).
 */
export function pageModules(graph: ModuleGraph, start: string): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  for (const parts of [...reachable(graph, [start])].filter((id) => PAGE_PARTS_MODULE.test(id)).sort()) {
    const name = (PAGE_PARTS_MODULE.exec(parts) as RegExpExecArray)[1] as string;
    const info = graph.getModuleInfo(parts);
    const components = (info?.importers ?? []).filter((id) => id.endsWith(ROUTE_COMPONENT));
    const anchors = new Set([parts, ...components]);
    const roots = [...anchors, ...(info?.dynamicallyImportedIds ?? [])];
    // The page's own modules: of everything it reaches, those imported only from within it.
    const owned = reachable(graph, roots);
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of owned) {
        if (anchors.has(id)) continue;
        const module = graph.getModuleInfo(id);
        if ([...(module?.importers ?? []), ...(module?.dynamicImporters ?? [])].some((importer) => !owned.has(importer))) {
          owned.delete(id);
          changed = true;
        }
      }
    }
    const page = new Set([...staticClosure(graph, roots)].filter((id) => owned.has(id)));
    pages.set(name, page);
  }
  return pages;
}

/**
 * The parts several pages load together, each one file: its name and its modules (repository
 * paths), listed one by one. A module a page needs brings the whole file with it, so a part lists
 * only what the pages of cars need together; following imports would take modules pages without
 * cars use too (signing in would load the car's rules).
 */
export const SHARED_PARTS: Readonly<Record<string, readonly string[]>> = {
  // A car's price, offer and badges: every page of cars shows them before it hydrates.
  car: [
    'site/src/domain/price-display.ts',
    'site/src/domain/finance.ts',
    'site/src/domain/vehicle-offer.ts',
    'site/src/domain/reservation.ts',
    'site/src/domain/car-tags.ts',
    'site/src/components/car-tag/car-tag.tsx',
    'site/src/components/car-tag/car-tag.module.css',
    'site/src/components/ui/icon.tsx',
  ],
  // A car card's facts and features: the search page, compare and a car page's similar cars.
  'car-card': ['site/src/domain/car-card.ts', 'site/src/components/car-card/card-features.ts', 'site/src/domain/vehicle-facts.ts', 'site/src/domain/view-count.ts'],
  // The controls that save a car on the device or to a watchlist, and the links to the saved cars.
  'saved-cars': [
    'site/src/components/saved-cars/saved-cars-links.tsx',
    'site/src/components/saved-cars/use-saved-cars.ts',
    'site/src/domain/saved-cars.ts',
    'site/src/features/watchlist/watchlist-button.tsx',
    'site/src/features/watchlist/sign-in-href.ts',
  ],
};

/**
 * The shared parts' modules (module → part name).
 * @param skip modules no part may take: what the entry and the shell load
 */
export function sharedPartModules(repoRoot: string, skip: ReadonlySet<string>, parts: Readonly<Record<string, readonly string[]>> = SHARED_PARTS): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [name, paths] of Object.entries(parts)) {
    for (const id of paths.map((path) => join(repoRoot, path))) if (!skip.has(id)) modules.set(id, name);
  }
  return modules;
}

type NameFunction = (id: string, ctx: ModuleGraph) => string | null;

/** Rolldown's `output.codeSplitting` for a tenant's browser build (see the top of this file). */
export function clientCodeSplitting(repoRoot: string): {
  groups: { name: string | NameFunction; test?: RegExp; priority: number; includeDependenciesRecursively?: boolean }[];
} {
  const entry = join(repoRoot, 'site', 'src', 'main.tsx');
  const start = join(repoRoot, 'site', 'src', 'app', 'start.tsx');
  let shell: Set<string> | null = null;
  let pages: Map<string, string> | null = null;
  let parts: Map<string, string> | null = null;
  return {
    groups: [
      { name: 'client', test: REACT_MODULES, priority: 3 },
      {
        name: (id, graph) => {
          shell ??= shellModules(graph, start, entry);
          return shell.has(id) ? 'start' : null;
        },
        priority: 2,
        // The set is closed under static imports already; rolldown's default would add the
        // modules it leaves out on purpose (the entry's preload helper, and with it the whole
        // shell would load with the entry).
        includeDependenciesRecursively: false,
      },
      {
        name: (id, graph) => {
          pages ??= new Map([...pageModules(graph, start)].flatMap(([name, modules]) => [...modules].map((module) => [module, name] as const)));
          return pages.get(id) ?? null;
        },
        priority: 1,
        // Only the page's own modules: what they share with other pages stays where it is.
        includeDependenciesRecursively: false,
      },
      {
        name: (id, graph) => {
          parts ??= sharedPartModules(repoRoot, staticClosure(graph, [entry, start]));
          return parts.get(id) ?? null;
        },
        priority: 0,
        // The listed modules only: what they import stays where it is.
        includeDependenciesRecursively: false,
      },
    ],
  };
}
