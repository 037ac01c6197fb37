// `tsx build/check-dist.ts [distDir]`: the bundle checks step of `npm test`, run after the build.
// For every tenant in tenants/: its dist is current (built from today's sources), and every
// switched-off feature's code is absent while every switched-on feature's code is present.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryHelperPreloads } from './plugins/router-manifest.ts';
import { checkFeatureAbsence } from './feature-absence.ts';
import { entryLoadingApp, routesLoadingLateLibraries, type LandingReport } from './landing-modules.ts';
import { staleTenants, tenantSlugs } from './stale.ts';
import { REPO_ROOT } from './paths.ts';

const distDir = process.argv[2] ?? join(REPO_ROOT, 'dist');
const slugs = tenantSlugs(join(REPO_ROOT, 'tenants'));
if (slugs.length === 0) {
  console.error('tenants/ has no tenant files — nothing to check');
  process.exit(1);
}

const problems: string[] = [];
for (const slug of staleTenants({ distDir })) {
  problems.push(`${slug}: dist/${slug} is missing or was built from other sources — run npm run build`);
}
// Each tenant's build report, read once for the checks below.
for (const slug of slugs) {
  const reportFile = join(distDir, slug, 'build-report.json');
  if (!existsSync(reportFile)) continue;
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Omit<LandingReport, 'chunks'> & { chunks: (LandingReport['chunks'][number] & { isEntry: boolean })[] };
  // The entry imports the app after the first paint without module preloads; Vite's helper
  // preloading its modules cost ~45 ms at start-up (build/plugins/router-manifest.ts appStartPreloadPlugin).
  for (const chunk of report.chunks.filter((c) => c.isEntry)) {
    const preloads = entryHelperPreloads(readFileSync(join(distDir, slug, chunk.file), 'utf8'));
    if (preloads.length) problems.push(`${slug}: the entry ${chunk.file} has Vite preload the app's scripts (${preloads.join(', ')})`);
  }
  // The entry loads the app's start once the page has painted, never with itself (build/chunking.ts).
  const appWithEntry = entryLoadingApp(report);
  if (appWithEntry) problems.push(`${slug}: the entry imports ${appWithEntry}, which holds the app's start: the app would load before the page has painted`);
  // Carousels start embla after hydration (useLazyEmbla): no page lands with it.
  for (const { route, module } of routesLoadingLateLibraries(report)) problems.push(`${slug}: ${route} loads ${module} with the page (start it after hydration: useLazyEmbla)`);
}
const result = checkFeatureAbsence(distDir, slugs);
problems.push(...result.problems);

for (const check of result.checks) {
  console.log(`${check.slug}: ${check.present.length} features on and present, ${check.absent.length} off and absent${check.absent.length ? ` (${check.absent.join(', ')})` : ''}`);
}
if (problems.length > 0) {
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`\nbundle checks passed for ${slugs.length} tenants`);
