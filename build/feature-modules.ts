import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { derefSchema, TENANT_SCHEMA, type SchemaNode } from '../schema/resolve.ts';
import { REPO_ROOT } from './paths.ts';

/**
 * Which code belongs to which feature switch. The build report lists, per flag, the modules of
 * its folders found in the bundle; `checkFeatureAbsence` (build/check-dist.ts) fails when a
 * switched-off feature has any of them, or a switched-on feature has none.
 *
 * Convention: the code of `features.<flagName>` lives in `site/src/features/<flag-name>/`
 * (kebab-case of the flag), e.g. `salesThisMonthCounter` → `site/src/features/sales-this-month-counter/`.
 * Such folders are mapped automatically. Exceptions go in `EXTRA_FEATURE_MODULES`; folders that
 * every tenant ships go in `ALWAYS_ON_FEATURE_FOLDERS`. build/feature-modules.test.ts fails for a
 * feature folder that is none of these, so no folder escapes the check.
 */
export interface FeatureModuleSpec {
  /** Repo-relative folders whose modules exist only for this feature. */
  folders: string[];
  /** When the flag's value counts as "on"; defaults to `isFeatureValueOn`. */
  isOn?: (value: unknown) => boolean;
}

export type FeatureModuleMap = Record<string, FeatureModuleSpec>;

export const FEATURES_DIR = 'site/src/features';

/** Flags whose code lives in folders not named after them (flag → extra folders). */
export const EXTRA_FEATURE_MODULES: FeatureModuleMap = {
  // The favourites page keeps cars on the device only with 'favourites' ('watchlist' is the
  // server list of features/watchlist).
  favouritesMechanism: { folders: [`${FEATURES_DIR}/favourites`], isOn: (value) => value === 'favourites' },
  // The vehicle page's latest posts block (features.blog), apart from the blog pages' feature.
  blog: { folders: [`${FEATURES_DIR}/vehicle-blogs`] },
  // The credit-check step of the personalised finance page, for dealers that ask for it.
  gatedEquifaxFinance: { folders: [`${FEATURES_DIR}/credit-check`] },
};

/** Feature folders every tenant has, whatever its switches (search, vehicle page sections…). */
export const ALWAYS_ON_FEATURE_FOLDERS: string[] = [`${FEATURES_DIR}/search`, `${FEATURES_DIR}/vehicle`, `${FEATURES_DIR}/locations`];

/** `salesThisMonthCounter` → `sales-this-month-counter`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** The flag names the schema defines under `features`. */
export function schemaFeatureFlags(): string[] {
  const features = derefSchema(TENANT_SCHEMA.properties?.features as SchemaNode);
  return Object.keys(features.properties ?? {}).sort();
}

/** Folder names directly inside `<repoRoot>/site/src/features/`. */
export function featureFolders(repoRoot: string = REPO_ROOT): string[] {
  const dir = join(repoRoot, FEATURES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

/**
 * The flag → folders map for a repo: every schema flag with a conventionally named folder,
 * merged with `EXTRA_FEATURE_MODULES`.
 */
export function featureModuleMap(repoRoot: string = REPO_ROOT, flags: string[] = schemaFeatureFlags()): FeatureModuleMap {
  const folders = new Set(featureFolders(repoRoot));
  const map: FeatureModuleMap = {};
  for (const flag of flags) {
    const folder = kebabCase(flag);
    if (folders.has(folder)) map[flag] = { folders: [`${FEATURES_DIR}/${folder}`] };
  }
  for (const [flag, spec] of Object.entries(EXTRA_FEATURE_MODULES)) {
    if (!flags.includes(flag)) continue;
    const existing = map[flag];
    map[flag] = { ...spec, folders: [...new Set([...(existing?.folders ?? []), ...spec.folders])] };
  }
  return map;
}

/**
 * Whether a feature value switches its code on: `false`, `null`, `'none'`, `'off'` and an
 * object whose `enabled` is false are off; everything else (true, a layout name…) is on.
 */
export function isFeatureValueOn(value: unknown): boolean {
  if (value === false || value === null || value === undefined) return false;
  if (value === 'none' || value === 'off' || value === 'disabled') return false;
  if (typeof value === 'object' && !Array.isArray(value) && 'enabled' in value) {
    return (value as { enabled: unknown }).enabled !== false;
  }
  return true;
}

/** Whether a module id (repo-relative, query allowed) lies in one of the folders. */
export function moduleInFolders(id: string, folders: string[]): boolean {
  const path = id.split('?')[0] ?? id;
  return folders.some((folder) => path.startsWith(`${folder.replace(/\/$/, '')}/`));
}

/** Per mapped flag: its value, on/off, folders and the modules of those folders present. */
export function featureModulesIn(
  flags: Record<string, unknown>,
  moduleIds: string[],
  map: FeatureModuleMap,
): Record<string, { value: unknown; on: boolean; folders: string[]; modules: string[] }> {
  const result: Record<string, { value: unknown; on: boolean; folders: string[]; modules: string[] }> = {};
  for (const [flag, spec] of Object.entries(map).sort(([a], [b]) => a.localeCompare(b))) {
    const value = flags[flag];
    result[flag] = {
      value,
      on: (spec.isOn ?? isFeatureValueOn)(value),
      folders: spec.folders,
      modules: [...new Set(moduleIds.filter((id) => moduleInFolders(id, spec.folders)))].sort(),
    };
  }
  return result;
}
