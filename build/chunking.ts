import { join } from 'node:path';

/*
 * How the browser build cuts the site's JavaScript into files (docs/rendering.md, "What a page
 * loads before it hydrates"). Rolldown's automatic splitting gives every set of modules shared by
 * a different set of dynamic imports its own file, and the app's dynamic imports are many (each
 * route, each switchable part): a car page loaded 66 files before it hydrated, most under 1 KB,
 * each compressed on its own. Three groups undo that where it costs nothing:
 *
 * - `client`: React and React DOM, apart, so the entry evaluates them in a task of their own
 *   (site/src/main.tsx, total blocking time).
 * - `start`: everything the app's start statically imports — router, query client, tenant config,
 *   route definitions, header and footer — but not what the entry imports too: the entry loads
 *   the start only once the page has painted. Every page loads all of it before it hydrates; one
 *   file instead of about twenty (−4 KB gzip on every page).
 * - one per page with parts (`routes/**\/-<page>-slots.ts`): the page's component and the parts
 *   that module loads before hydrating, with what only they use; modules another page also
 *   uses stay shared. Parts the page hydrates later are imported from another module and keep
 *   their own files (routes/cars/-vehicle-later.ts).
 */

/** What the chunking functions read of rolldown's module graph. */
export interface ModuleInfoLike {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
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
 * The modules of the shell file: what `start` statically imports, apart from React's and what the
 * entry itself imports (Vite's preload helper): the entry must not import the shell, which it
 * loads only once the page has painted (site/src/main.tsx).
 */
export function shellModules(graph: ModuleGraph, start: string, entry: string): Set<string> {
  const entryModules = staticClosure(graph, [entry]);
  return staticClosure(graph, [start], (id) => REACT_MODULES.test(id) || entryModules.has(id));
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

type NameFunction = (id: string, ctx: ModuleGraph) => string | null;

/** Rolldown's `output.codeSplitting` for a tenant's browser build (see the top of this file). */
export function clientCodeSplitting(repoRoot: string): {
  groups: { name: string | NameFunction; test?: RegExp; priority: number; includeDependenciesRecursively?: boolean }[];
} {
  const entry = join(repoRoot, 'site', 'src', 'main.tsx');
  const start = join(repoRoot, 'site', 'src', 'app', 'start.tsx');
  let shell: Set<string> | null = null;
  let pages: Map<string, string> | null = null;
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
    ],
  };
}
