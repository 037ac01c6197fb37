import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { featureModuleMap, featureModulesIn, type FeatureModuleMap } from './feature-modules.ts';
import { BUILD_REPORT_FILE, BUILD_REPORT_VERSION, type BuildReport } from './plugins/build-report.ts';

export interface FeatureCheck {
  slug: string;
  /** Flags that are on and whose code was found. */
  present: string[];
  /** Flags that are off and whose code was absent. */
  absent: string[];
}

export interface FeatureAbsenceResult {
  ok: boolean;
  /** One line per failure, naming tenant, flag and offending modules. */
  problems: string[];
  checks: FeatureCheck[];
}

/** Reads and sanity-checks `<distDir>/<slug>/build-report.json`. */
export function readBuildReport(distDir: string, slug: string): BuildReport {
  const file = join(distDir, slug, BUILD_REPORT_FILE);
  if (!existsSync(file)) throw new Error(`dist/${slug}/${BUILD_REPORT_FILE} is missing — run npm run build`);
  const report = JSON.parse(readFileSync(file, 'utf8')) as BuildReport;
  if (report.version !== BUILD_REPORT_VERSION) {
    throw new Error(`dist/${slug}/${BUILD_REPORT_FILE} has version ${String(report.version)}, expected ${BUILD_REPORT_VERSION} — rebuild`);
  }
  if (report.slug !== slug) throw new Error(`dist/${slug}/${BUILD_REPORT_FILE} belongs to tenant "${report.slug}"`);
  return report;
}

/**
 * Module ids whose code is in a tenant's server entry, from `dist/<slug>/server/modules.json`
 * (build/plugins/server-modules.ts). Null when the tenant has no server entry.
 */
export function serverEntryModules(distDir: string, slug: string): string[] | null {
  const file = join(distDir, slug, 'server', 'modules.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { modules: string[] }).modules;
}

/**
 * Proves per-tenant tree-shaking from the build reports: for each tenant and each flag in the
 * feature → folder map, a switched-off feature has no module of its folders in the bundle, and a
 * switched-on feature has at least one (so the check cannot pass by looking at the wrong folder).
 * Presence is judged on the report's modules, which come from the minified output's source maps.
 * The server entry is held to the same rule: a switched-off feature is absent there too.
 */
export function checkFeatureAbsence(
  distDir: string,
  slugs: string[],
  featureModules: FeatureModuleMap = featureModuleMap(),
): FeatureAbsenceResult {
  const problems: string[] = [];
  const checks: FeatureCheck[] = [];
  for (const slug of slugs) {
    let report: BuildReport;
    try {
      report = readBuildReport(distDir, slug);
    } catch (error) {
      problems.push(`${slug}: ${(error as Error).message}`);
      continue;
    }
    const check: FeatureCheck = { slug, present: [], absent: [] };
    const serverModules = serverEntryModules(distDir, slug);
    if (!serverModules) problems.push(`${slug}: dist/${slug}/server/modules.json is missing — run npm run build`);
    const bundles: [string, string[]][] = [['bundle', report.modules.map((m) => m.id)], ...(serverModules ? [['server entry', serverModules] as [string, string[]]] : [])];
    for (const [where, moduleIds] of bundles) {
      const features = featureModulesIn(report.flags, moduleIds, featureModules);
      for (const [flag, feature] of Object.entries(features)) {
        if (!(flag in report.flags)) {
          if (where === 'bundle') problems.push(`${slug}: feature "${flag}" is mapped in build/feature-modules.ts but the tenant config has no such flag`);
          continue;
        }
        if (feature.on && feature.modules.length === 0) {
          problems.push(`${slug}: feature "${flag}" is on (${JSON.stringify(feature.value)}) but no module of ${feature.folders.join(', ')} is in the ${where}`);
        } else if (!feature.on && feature.modules.length > 0) {
          problems.push(`${slug}: feature "${flag}" is off (${JSON.stringify(feature.value)}) but its code is in the ${where}: ${feature.modules.join(', ')}`);
        } else if (where === 'bundle') {
          (feature.on ? check.present : check.absent).push(flag);
        }
      }
    }
    checks.push(check);
  }
  return { ok: problems.length === 0, problems, checks };
}
