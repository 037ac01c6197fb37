/*
 * What a page's first JavaScript holds, from a tenant's build report: the chunks a route
 * lands with and everything they import statically. Used by the bundle checks to keep
 * libraries that a page starts after hydration (embla for carousels) out of every page's
 * first JavaScript.
 */

export interface LandingReport {
  chunks: { file: string; imports: string[]; modules: string[] }[];
  routes: Record<string, { chunks: string[] }>;
}

/** The modules of `route`'s landing chunks and their static imports. */
export function landingModules(report: LandingReport, route: string): Set<string> {
  const byFile = new Map(report.chunks.map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const modules = new Set<string>();
  const stack = [...(report.routes[route]?.chunks ?? [])];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = byFile.get(file);
    if (!chunk) continue;
    for (const id of chunk.modules) modules.add(id);
    stack.push(...chunk.imports);
  }
  return modules;
}

/** Libraries no page may load before it has hydrated (they start after it: `useLazyEmbla`). */
export const AFTER_HYDRATION_LIBRARIES = ['node_modules/embla-carousel/', 'node_modules/embla-carousel-react/'];

/** Routes whose first JavaScript holds one of `AFTER_HYDRATION_LIBRARIES`, each with the first module found. */
export function routesLoadingLateLibraries(report: LandingReport): { route: string; module: string }[] {
  const found: { route: string; module: string }[] = [];
  for (const route of Object.keys(report.routes)) {
    const module = [...landingModules(report, route)].find((id) => AFTER_HYDRATION_LIBRARIES.some((library) => id.includes(library)));
    if (module) found.push({ route, module });
  }
  return found;
}

/** The app's start module: the entry imports it once the page has painted (site/src/main.tsx), never statically. */
export const APP_START_MODULE = 'site/src/app/start.tsx';

/**
 * The modules the entry chunk loads before it runs (its chunk and their static imports), when
 * they hold the app's start: the whole shell would then load, and evaluate, with the entry,
 * before the page has painted (build/chunking.ts must leave the entry's own modules out of it).
 */
export function entryLoadingApp(report: { chunks: (LandingReport['chunks'][number] & { isEntry?: boolean })[] }): string | null {
  const byFile = new Map(report.chunks.map((chunk) => [chunk.file, chunk]));
  const stack = report.chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file);
  const seen = new Set<string>();
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = byFile.get(file);
    if (chunk?.modules.includes(APP_START_MODULE)) return file;
    stack.push(...(chunk?.imports ?? []));
  }
  return null;
}
