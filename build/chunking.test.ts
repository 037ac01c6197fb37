import { describe, expect, it } from 'vitest';
import { clientCodeSplitting, pageModules, shellModules, type ModuleGraph, type ModuleInfoLike } from './chunking.ts';

/** A module graph from `id: [static imports], dynamic: [dynamic imports]` rows; importers are derived. */
function graphOf(rows: Record<string, { imports?: string[]; dynamic?: string[] }>): ModuleGraph {
  const infos = new Map<string, ModuleInfoLike & { importers: string[]; dynamicImporters: string[] }>();
  const info = (id: string) => {
    let found = infos.get(id);
    if (!found) infos.set(id, (found = { importedIds: [], dynamicallyImportedIds: [], importers: [], dynamicImporters: [] }));
    return found;
  };
  for (const [id, { imports = [], dynamic = [] }] of Object.entries(rows)) {
    Object.assign(info(id), { importedIds: imports, dynamicallyImportedIds: dynamic });
    for (const target of imports) info(target).importers.push(id);
    for (const target of dynamic) info(target).dynamicImporters.push(id);
  }
  return { getModuleInfo: (id) => infos.get(id) ?? null };
}

const src = '/repo/site/src';
const ENTRY = `${src}/main.tsx`;
const START = `${src}/app/start.tsx`;
const PRELOAD_HELPER = 'vite/preload-helper.js';
const REACT_DOM = '/repo/node_modules/react-dom/client.js';
const REACT = '/repo/node_modules/react/index.js';
const ROUTE = `${src}/routes/cars/$slug.tsx`;
const COMPONENT = `${ROUTE}?tsr-split=component`;
const SLOTS = `${src}/routes/cars/-vehicle-slots.ts`;
const LATER = `${src}/routes/cars/-vehicle-later.ts`;
const PAGE = `${src}/features/vehicle/vehicle-page.tsx`;
const SECTIONS = `${src}/features/vehicle/vehicle-sections.tsx`;
const VIEW = `${src}/features/vehicle/vehicle-view.ts`;
const SPIN = `${src}/features/spin-viewer/index.tsx`;
const SPIN_RULES = `${src}/domain/spin.ts`;
const WATCHLIST = `${src}/features/watchlist/watchlist-button.tsx`;
const ICON = `${src}/components/ui/icon.tsx`;
const SEARCH = `${src}/routes/search/$.tsx`;
const SEARCH_COMPONENT = `${SEARCH}?tsr-split=component`;
const HEADER = `${src}/components/layout/site-header.tsx`;
const CALCULATOR = `${src}/features/fuel-calculator/index.tsx`;

/** A small app: the shell, a search page and a car page with parts loaded first and later. */
const graph = graphOf({
  // The entry imports the start once the page has painted, through Vite's preload helper, which the start uses too.
  [ENTRY]: { imports: [PRELOAD_HELPER], dynamic: [REACT_DOM, START] },
  [START]: { imports: [REACT_DOM, REACT, HEADER, ROUTE, SEARCH, PRELOAD_HELPER] },
  [REACT_DOM]: { imports: [REACT] },
  [HEADER]: { imports: [REACT, ICON] },
  [ROUTE]: { dynamic: [COMPONENT, SLOTS] },
  [COMPONENT]: { imports: [PAGE, SLOTS] },
  [PAGE]: { imports: [REACT, VIEW, ICON] },
  [SLOTS]: { imports: [LATER], dynamic: [SPIN, WATCHLIST] },
  [LATER]: { dynamic: [SECTIONS, CALCULATOR] },
  [SECTIONS]: { imports: [VIEW] },
  [SPIN]: { imports: [SPIN_RULES, ICON] },
  [SEARCH]: { dynamic: [SEARCH_COMPONENT] },
  // The search page shows the same watchlist control as the car page.
  [SEARCH_COMPONENT]: { dynamic: [WATCHLIST] },
});

describe('shellModules', () => {
  it("holds what the app's start statically imports, apart from React's files and what the entry imports (the entry would load the shell at once)", () => {
    expect([...shellModules(graph, START, ENTRY)].sort()).toEqual([START, HEADER, ICON, ROUTE, SEARCH].sort());
  });
});

describe('pageModules', () => {
  const pages = pageModules(graph, START);

  it('names a page after its parts module', () => {
    expect([...pages.keys()]).toEqual(['vehicle']);
  });

  it("bundles the page's component, its first parts and what only they use", () => {
    expect([...(pages.get('vehicle') ?? [])].sort()).toEqual([COMPONENT, SLOTS, LATER, PAGE, VIEW, SPIN, SPIN_RULES].sort());
  });

  it('leaves out the parts hydrated later (their own files), modules other pages use, the shell and React', () => {
    const vehicle = pages.get('vehicle') ?? new Set();
    expect([SECTIONS, CALCULATOR, WATCHLIST, ICON, HEADER, REACT, REACT_DOM].filter((id) => vehicle.has(id))).toEqual([]);
  });

  it('drops a module whose only importer is shared with another page (it would pull the page file there)', () => {
    const shared = `${src}/components/shared.ts`;
    const helper = `${src}/components/shared-helper.ts`;
    const withShared = graphOf({
      [START]: { imports: [ROUTE, SEARCH] },
      [ROUTE]: { dynamic: [COMPONENT] },
      [COMPONENT]: { imports: [SLOTS, shared] },
      [SLOTS]: {},
      [shared]: { imports: [helper] },
      [SEARCH]: { dynamic: [SEARCH_COMPONENT] },
      [SEARCH_COMPONENT]: { imports: [shared] },
    });
    const vehicle = pageModules(withShared, START).get('vehicle') ?? new Set();
    expect(vehicle.has(shared)).toBe(false);
    expect(vehicle.has(helper)).toBe(false);
    expect(vehicle.has(COMPONENT)).toBe(true);
  });
});

describe('clientCodeSplitting', () => {
  it('names React apart, then the shell, then the page files, in that priority', () => {
    const { groups } = clientCodeSplitting('/repo');
    const [client, shell, page] = groups;
    expect(client?.name).toBe('client');
    expect(client?.test?.test(REACT_DOM)).toBe(true);
    expect([client?.priority, shell?.priority, page?.priority]).toEqual([3, 2, 1]);
    const name = (group: (typeof groups)[number] | undefined, id: string) => (typeof group?.name === 'function' ? group.name(id, graph) : group?.name);
    expect(name(shell, HEADER)).toBe('start');
    expect(name(shell, PRELOAD_HELPER)).toBeNull();
    expect(name(shell, SPIN)).toBeNull();
    expect(name(page, SPIN)).toBe('vehicle');
    expect(name(page, WATCHLIST)).toBeNull();
    expect([shell?.includeDependenciesRecursively, page?.includeDependenciesRecursively]).toEqual([false, false]);
  });
});
