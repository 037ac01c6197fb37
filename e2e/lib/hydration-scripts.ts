import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { AFTER_HYDRATION_LIBRARIES } from '../../build/landing-modules.ts';
import { BUILD_REPORT_FILE, type BuildReport } from '../../build/plugins/build-report.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { request } from '../../server/local-client.ts';
import { siteFilter } from '../search/search-api.ts';

/*
 * What a page needs before it is interactive: the scripts it had loaded when its first,
 * hydrating commit was done (`window.fcHydrated`, site/src/lib/hydration-replay.ts). That
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

/** The tenant's build: each chunk's modules and gzip size (dist/<slug>/build-report.json), by its path on the site. */
export function builtChunks(slug: string, distDir = path.resolve(import.meta.dirname, '../../dist')): Map<string, { modules: string[]; gzip: number }> {
  const report = JSON.parse(readFileSync(path.join(distDir, slug, BUILD_REPORT_FILE), 'utf8')) as BuildReport;
  return new Map(report.chunks.map((chunk) => [`/${chunk.file}`, { modules: chunk.modules, gzip: chunk.gzip }]));
}

/**
 * Libraries a page must not need before it is interactive: those no page may land with (the
 * build's check), and zod, whose API schemas load with the first request or send (a route's
 * loader may import them statically, so the build's static walk cannot hold it to this).
 */
export const NOT_BEFORE_HYDRATION = [...AFTER_HYDRATION_LIBRARIES, 'node_modules/zod/'];

/** The first module of `scripts` that belongs to a library of NOT_BEFORE_HYDRATION, with its script. */
export function lateLibraryIn(scripts: string[], chunks: Map<string, { modules: string[] }>): string | null {
  for (const script of scripts) {
    const module = chunks.get(script)?.modules.find((id) => NOT_BEFORE_HYDRATION.some((library) => id.includes(library)));
    if (module) return `${module} (in ${script})`;
  }
  return null;
}

/**
 * A listed, in-stock, priced car of the tenant served on `port`, one with spin photos where the
 * tenant has one (its page loads the most parts before hydrating); null without such stock.
 */
export async function richestCarSlug(port: number, tenant: ResolvedTenant): Promise<string | null> {
  const host = `${tenant.slug}.localhost:${port}`;
  const found = await request(port, host, '/1/indexes/cars/query', {
    method: 'POST',
    body: { filters: `${siteFilter(tenant)} AND status:in_stock AND NOT reserved:true AND price > 1000`, hitsPerPage: 40, attributesToRetrieve: ['slug'] },
  });
  const slugs = ((found.json as { hits?: { slug: string }[] } | null)?.hits ?? []).map((hit) => hit.slug);
  for (const slug of slugs) {
    const car = (await request(port, host, `/api/cars/${slug}`)).json as { spin_images?: string[] } | null;
    if (car?.spin_images?.length) return slug;
  }
  return slugs[0] ?? null;
}
