import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { clientCodeSplitting, importTarget, pageModules, SHARED_PARTS, sharedPartModules, shellModules, usedClosure, type ModuleGraph, type ModuleInfoLike } from './chunking.ts';

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

describe('sharedPartModules', () => {
  const CARD_RULES = `${src}/domain/car-card.ts`;
  const PRICE = `${src}/domain/price-display.ts`;
  const TAG = `${src}/components/car-tag/car-tag.tsx`;
  const SAVED = `${src}/components/saved-cars/saved-cars-links.tsx`;
  const parts = {
    car: ['site/src/domain/price-display.ts', 'site/src/components/car-tag/car-tag.tsx', 'site/src/components/ui/icon.tsx'],
    'car-card': ['site/src/domain/car-card.ts'],
    saved: ['site/src/components/saved-cars/saved-cars-links.tsx'],
  };

  it("names each listed module after its part, and leaves out what the shell or the entry loads (the page would load the part at once)", () => {
    const modules = sharedPartModules('/repo', new Set([ICON, HEADER]), parts);
    expect(Object.fromEntries([...modules].sort(([a], [b]) => a.localeCompare(b)))).toEqual({ [TAG]: 'car', [SAVED]: 'saved', [CARD_RULES]: 'car-card', [PRICE]: 'car' });
  });

  it('starts from modules the app has (a renamed module would fall out of its part unnoticed)', () => {
    const listed = Object.values(SHARED_PARTS).flat();
    expect(listed.filter((path) => !existsSync(join(import.meta.dirname, '..', path)))).toEqual([]);
    expect(new Set(listed).size, 'a module listed in two parts').toBe(listed.length);
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

  it("puts a car card's rules in their part's file, below the pages, and leaves the shell's modules in the shell", () => {
    const part = clientCodeSplitting('/repo').groups[3];
    const cardRules = `${src}/domain/car-card.ts`;
    const withCards = graphOf({
      [ENTRY]: { imports: [PRELOAD_HELPER], dynamic: [START] },
      [START]: { imports: [HEADER, SEARCH] },
      [HEADER]: { imports: [ICON] },
      [SEARCH]: { dynamic: [SEARCH_COMPONENT] },
      [SEARCH_COMPONENT]: { imports: [cardRules] },
      [cardRules]: { imports: [ICON] },
    });
    const name = typeof part?.name === 'function' ? part.name : () => part?.name;
    expect([part?.priority, part?.includeDependenciesRecursively]).toEqual([0, false]);
    expect(name(cardRules, withCards)).toBe('car-card');
    expect(name(ICON, withCards)).toBeNull();
    expect(name(SEARCH_COMPONENT, withCards)).toBeNull();
  });
});

/** A graph whose modules carry code and exports, as rolldown's module infos do. */
function codeGraph(rows: Record<string, { code: string | null; imports: string[]; exports?: string[] }>): ModuleGraph {
  const base = graphOf(Object.fromEntries(Object.entries(rows).map(([id, row]) => [id, { imports: row.imports }])));
  return {
    getModuleInfo: (id) => {
      const info = base.getModuleInfo(id);
      const row = rows[id];
      return info && row ? { ...info, code: row.code, ...(row.exports ? { exports: row.exports } : {}) } : info;
    },
  };
}

// React Query's files, as a package's index and the modules behind it.
const nm = '/repo/node_modules';
const QUERY = `${nm}/@tanstack/react-query/build/index.js`;
const USE_QUERIES = `${nm}/@tanstack/react-query/build/useQueries.js`;
const PROVIDER = `${nm}/@tanstack/react-query/build/QueryClientProvider.js`;
const OPTIONS = `${nm}/@tanstack/react-query/build/queryOptions.js`;
const USE_QUERY = `${nm}/@tanstack/react-query/build/useQuery.js`;
const BASE = `${nm}/@tanstack/react-query/build/useBaseQuery.js`;
const POLYFILL = `${nm}/@tanstack/react-query/build/polyfill.js`;
const CORE = `${nm}/@tanstack/query-core/build/index.js`;
const CLIENT = `${nm}/@tanstack/query-core/build/queryClient.js`;
const OBSERVER = `${nm}/@tanstack/query-core/build/queriesObserver.js`;
const APP = `${src}/app/query-client.ts`;

describe('usedClosure (the shell through a package index)', () => {

  const rows = {
    [START]: { code: "import { createQueryClient } from './query-client.ts';\ncreateQueryClient();", imports: [APP] },
    [APP]: { code: "import { QueryClient, QueryClientProvider } from '@tanstack/react-query';\nimport type { QueryKey } from '@tanstack/react-query';\nexport const createQueryClient = () => [new QueryClient(), QueryClientProvider];", imports: [QUERY] },
    [QUERY]: {
      code: "import { QueryClientProvider } from './QueryClientProvider.js';\nimport { useQueries } from './useQueries.js';\nimport './polyfill.js';\nexport * from '@tanstack/query-core';\nexport { QueryClientProvider, useQueries };",
      imports: [PROVIDER, USE_QUERIES, POLYFILL, CORE],
      exports: ['QueryClientProvider', 'useQueries', 'QueryClient', 'QueriesObserver'],
    },
    [PROVIDER]: { code: 'export const QueryClientProvider = 1;', imports: [] },
    [USE_QUERIES]: { code: "import { QueriesObserver } from '@tanstack/query-core';\nexport const useQueries = QueriesObserver;", imports: [CORE] },
    [POLYFILL]: { code: 'globalThis.x = 1;', imports: [] },
    [CORE]: { code: "export { QueryClient } from './queryClient.js';\nexport { QueriesObserver } from './queriesObserver.js';", imports: [CLIENT, OBSERVER], exports: ['QueryClient', 'QueriesObserver'] },
    [CLIENT]: { code: 'export class QueryClient {}', imports: [] },
    [OBSERVER]: { code: 'export class QueriesObserver {}', imports: [] },
  };

  it('takes from a package index only the modules behind the names used, and what the index runs for its effects', () => {
    expect([...usedClosure(codeGraph(rows), [START])].sort()).toEqual([START, APP, QUERY, PROVIDER, POLYFILL, CORE, CLIENT].sort());
  });

  it('takes a module asked for a name through `export *` from the re-exported module that has it', () => {
    const shell = usedClosure(codeGraph(rows), [START]);
    expect(shell.has(CLIENT)).toBe(true);
    expect(shell.has(OBSERVER)).toBe(false);
    expect(shell.has(USE_QUERIES)).toBe(false);
  });

  it('takes all of an index asked for it whole (a namespace import)', () => {
    const whole = { ...rows, [APP]: { code: "import * as Query from '@tanstack/react-query';\nexport const q = Query;", imports: [QUERY] } };
    expect(usedClosure(codeGraph(whole), [START])).toEqual(new Set([START, APP, QUERY, PROVIDER, USE_QUERIES, POLYFILL, CORE, CLIENT, OBSERVER]));
  });

  it('takes everything a module imports when its code is missing, does not parse or names a module it cannot match', () => {
    for (const code of [null, 'import { QueryClient from', "import { QueryClient } from 'virtual:somewhere';"]) {
      const unread = { ...rows, [APP]: { code, imports: [QUERY] } };
      expect({ code, observer: usedClosure(codeGraph(unread), [START]).has(OBSERVER) }).toEqual({ code, observer: true });
    }
  });

  it('keeps out what `skip` names', () => {
    expect(usedClosure(codeGraph(rows), [START], (id) => id === POLYFILL).has(POLYFILL)).toBe(false);
  });
});

describe('importTarget', () => {
  const from = '/repo/site/src/app/start.tsx?tsr-split=component';
  const ids = ['/repo/site/src/app/router.tsx', '/repo/node_modules/@tanstack/react-query/build/modern/index.js', '/repo/node_modules/react/index.js', '/repo/node_modules/react/jsx-runtime.js'];
  it('resolves a relative path beside the module (the query of a split route ignored)', () => {
    expect(importTarget(from, './router.tsx', ids)).toBe(ids[0]);
  });
  it('matches a bare package name by its folder in node_modules', () => {
    expect(importTarget(from, '@tanstack/react-query', ids)).toBe(ids[1]);
  });
  it('matches a subpath by the end of the path', () => {
    expect(importTarget(from, 'react/jsx-runtime', ids)).toBe(ids[3]);
  });
  it('cannot tell a subpath it does not have, a package with two imported files, or an alias', () => {
    expect(importTarget(from, '@tanstack/react-query/ssr', ids)).toBeUndefined();
    expect(importTarget(from, 'react', ids)).toBeUndefined();
    expect(importTarget(from, 'virtual:tenant-config', ids)).toBeUndefined();
  });
});

describe('shellModules with code', () => {
  const rows = {
    [ENTRY]: { code: "import('./app/start.tsx');", imports: [] },
    [START]: { code: "import { QueryClientProvider } from '@tanstack/react-query';\nQueryClientProvider();", imports: [QUERY] },
    [QUERY]: {
      code: "export { QueryClientProvider } from './QueryClientProvider.js';\nexport { queryOptions } from './queryOptions.js';\nexport { useQuery } from './useQuery.js';",
      imports: [PROVIDER, OPTIONS, USE_QUERY],
    },
    [PROVIDER]: { code: 'export const QueryClientProvider = () => 1;', imports: [] },
    [OPTIONS]: { code: 'export function queryOptions(options) { return options; }', imports: [] },
    [USE_QUERY]: { code: "import { useBaseQuery } from './useBaseQuery.js';\nexport const useQuery = (o) => useBaseQuery(o);", imports: [BASE] },
    [BASE]: { code: `export function useBaseQuery() { ${'/* observer */ '.repeat(60)} }`, imports: [] },
  };

  it('keeps a tiny module the start reaches but does not use, unless it would pull in another', () => {
    const shell = shellModules(codeGraph(rows), START, ENTRY);
    expect([...shell].sort()).toEqual([START, QUERY, PROVIDER, OPTIONS].sort());
  });
});
