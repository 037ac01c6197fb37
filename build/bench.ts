import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatKb } from './budgets.ts';
import { formatSummary, runMatrix, type TenantFileInput } from './matrix.ts';
import { BUILD_REPORT_FILE, type BuildReport } from './plugins/build-report.ts';
import { readTenantFiles } from './stale.ts';

/** The search results page's route file (the landing size budget is for landing there). */
export const SEARCH_ROUTE = 'site/src/routes/search/$.tsx';
/** The vehicle detail page's route file (the vehicle page's aim is for landing there). */
export const VEHICLE_ROUTE = 'site/src/routes/cars/$slug.tsx';
/**
 * The aim for the vehicle page as the first page: initial JS ≤ 150 KB gzip. The browser test
 * (e2e/performance.spec.ts) holds every tenant's car page to it, counting what loaded before the
 * page hydrated (143.6–149.2 KB when it was set).
 */
export const VEHICLE_LANDING_AIM = 150 * 1024;


/** Build figures of one tenant. */
export interface TenantBuildFigures {
  slug: string;
  status: string;
  /** Wall time of the tenant's build, child process start to bundle in place. */
  buildMs: number;
  initialJsGzip: number;
  totalJsGzip: number;
  totalJsRaw: number;
  totalJsBrotli: number;
  cssGzip: number;
  chunkCount: number;
  /** JS gzip when the search results page is the first page. */
  searchLandingJsGzip: number;
  /**
   * JS gzip of the vehicle route's chunks and the first page's (0 when the bundle has no vehicle
   * route). A static walk: the parts the route's `staticData.features` loads before hydrating are
   * not in it (scripts/bench-render.ts measures those in the browser).
   */
  vehicleLandingJsGzip: number;
  /** The route whose first visit loads the most JS, and how much. */
  heaviestLanding: { route: string; jsGzip: number };
}

export interface BuildBenchResult {
  /** Wall time of the whole matrix (validation, parallel builds, swaps). */
  wallMs: number;
  concurrency: number;
  tenants: TenantBuildFigures[];
}

/** JS gzip of landing on a route (its file), read from the tenant's build report; 0 without it. */
export function routeLanding(distDir: string, slug: string, route: string): number {
  const file = join(distDir, slug, BUILD_REPORT_FILE);
  if (!existsSync(file)) return 0;
  const report = JSON.parse(readFileSync(file, 'utf8')) as BuildReport;
  return report.routes[route]?.landingJsGzip ?? 0;
}

/** One line of the vehicle page figures: the landing JS against the 150 KB aim. */
export function vehicleLandingLine(slug: string, jsGzip: number): string {
  if (jsGzip === 0) return `  ${slug.padEnd(30)} (no vehicle route)`;
  const over = jsGzip - VEHICLE_LANDING_AIM;
  return `  ${slug.padEnd(30)} ${formatKb(jsGzip).padStart(9)}  ${over > 0 ? `${formatKb(over)} over the aim` : `${formatKb(-over)} under the aim`}`;
}

/**
 * Builds every tenant (or `files`) into a throw-away folder and returns the build time and
 * bundle sizes per tenant; prints the summary table unless `quiet`. The real dist/ is left
 * alone, so a running server keeps serving while the benchmark runs.
 */
export async function benchBuild(options: { files?: TenantFileInput[]; concurrency?: number; quiet?: boolean } = {}): Promise<BuildBenchResult> {
  const files = options.files ?? readTenantFiles();
  const distDir = mkdtempSync(join(tmpdir(), 'fc-bench-build-'));
  try {
    const result = await runMatrix({
      files,
      distDir,
      enforceBudgets: false,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      log: options.quiet ? () => {} : (line) => console.log(line),
    });
    const figures: BuildBenchResult = {
      wallMs: result.wallMs,
      concurrency: result.concurrency,
      tenants: result.results.map((r) => ({
        slug: r.slug,
        status: r.status,
        buildMs: r.ms,
        initialJsGzip: r.totals?.initialJs.gzip ?? 0,
        totalJsGzip: r.totals?.js.gzip ?? 0,
        totalJsRaw: r.totals?.js.raw ?? 0,
        totalJsBrotli: r.totals?.js.brotli ?? 0,
        cssGzip: r.totals?.css.gzip ?? 0,
        chunkCount: r.totals?.chunkCount ?? 0,
        searchLandingJsGzip: routeLanding(distDir, r.slug, SEARCH_ROUTE),
        vehicleLandingJsGzip: routeLanding(distDir, r.slug, VEHICLE_ROUTE),
        heaviestLanding: r.totals?.heaviestLanding ?? { route: '', jsGzip: 0 },
      })),
    };
    if (!options.quiet) {
      console.log(`\n${formatSummary(result)}`);
      const built = figures.tenants.filter((t) => t.status === 'built');
      if (built.length > 0) {
        const mean = (pick: (t: TenantBuildFigures) => number): number => built.reduce((s, t) => s + pick(t), 0) / built.length;
        console.log('\nsearch results page as the first page (initial JS gzip, target ≤ 190 KB):');
        for (const t of built) console.log(`  ${t.slug.padEnd(30)} ${formatKb(t.searchLandingJsGzip)}`);
        console.log(`\nvehicle detail page as the first page, the build report's walk of its route's chunks (gzip, aim ≤ ${formatKb(VEHICLE_LANDING_AIM)}).\nThe parts the route loads before it hydrates are not in it: \`npm run bench -- render\` measures them in Chromium.`);
        for (const t of built) console.log(vehicleLandingLine(t.slug, t.vehicleLandingJsGzip));
        console.log(`mean per tenant: ${(mean((t) => t.buildMs) / 1000).toFixed(1)} s, initial JS ${formatKb(mean((t) => t.initialJsGzip))} gzip, total JS ${formatKb(mean((t) => t.totalJsGzip))} gzip`);
      }
    }
    if (!result.ok) throw new Error(`build benchmark: ${result.results.filter((r) => r.status !== 'built').map((r) => `${r.slug} ${r.status}`).join(', ')}`);
    return figures;
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
}
