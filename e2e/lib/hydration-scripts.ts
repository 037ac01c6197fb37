import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/*
 * What a page needs before it is interactive: the scripts it had loaded when its first,
 * hydrating commit was done (`window.fcHydrated`, site/src/app/hydration-replay.ts). That
 * includes the parts a route's `staticData.features` loads before hydrating, which a build
 * report's static walk of the route's chunks does not see; scripts loaded after hydration
 * (carousels, blocks that load near the viewport) are not in it.
 */

/**
 * Takes note, in every page `page` opens, of the scripts loaded at the moment the app marks
 * itself hydrated (the setter runs inside that commit's effects, before anything the commit
 * starts loading has arrived). Call before `goto`.
 */
export async function noteScriptsAtHydration(page: Page): Promise<void> {
  await page.addInitScript({ content: NOTE_SCRIPTS_AT_HYDRATION });
}

// A string, not a function: Playwright sends a function's source, which a tsx-run script (the
// benchmark) has rewritten with helpers the page does not have.
const NOTE_SCRIPTS_AT_HYDRATION = `(() => {
  let value;
  Object.defineProperty(window, 'fcHydrated', {
    configurable: true,
    get: () => value,
    set: (next) => {
      if (next === true && !window.fcScriptsAtHydration) {
        const scripts = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((pathname) => pathname.endsWith('.js'));
        window.fcScriptsAtHydration = [...new Set(scripts)];
      }
      value = next;
    },
  });
})();`;

/** Paths of the scripts the page had loaded when it finished hydrating, each once, in load order (after `noteScriptsAtHydration`). */
export async function scriptsBeforeHydration(page: Page, timeout = 30_000): Promise<string[]> {
  await page.waitForFunction(() => Array.isArray((window as { fcScriptsAtHydration?: unknown }).fcScriptsAtHydration), null, { timeout });
  return page.evaluate(() => (window as unknown as { fcScriptsAtHydration: string[] }).fcScriptsAtHydration);
}

/** The tenant's build: each chunk's modules and gzip size (dist/<slug>/build-report.json). */
export function builtChunks(slug: string, distDir = path.resolve(import.meta.dirname, '../../dist')): Map<string, { modules: string[]; gzip: number }> {
  const report = JSON.parse(readFileSync(path.join(distDir, slug, 'build-report.json'), 'utf8')) as { chunks: { file: string; modules: string[]; gzip: number }[] };
  return new Map(report.chunks.map((chunk) => [`/${chunk.file}`, { modules: chunk.modules, gzip: chunk.gzip }]));
}

/** Libraries a page must not need before it is interactive: the API schemas load with the first request or send. */
export const NOT_BEFORE_HYDRATION = ['node_modules/zod/', 'node_modules/embla-carousel'];

/** The first module of `scripts` that belongs to a library of NOT_BEFORE_HYDRATION, with its script. */
export function lateLibraryIn(scripts: string[], chunks: Map<string, { modules: string[] }>): string | null {
  for (const script of scripts) {
    const module = chunks.get(script)?.modules.find((id) => NOT_BEFORE_HYDRATION.some((library) => id.includes(library)));
    if (module) return `${module} (in ${script})`;
  }
  return null;
}
