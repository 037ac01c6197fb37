import { describe, expect, it } from 'vitest';
import {
  ALWAYS_ON_FEATURE_FOLDERS,
  EXTRA_FEATURE_MODULES,
  FEATURES_DIR,
  featureFolders,
  featureModuleMap,
  featureModulesIn,
  isFeatureValueOn,
  kebabCase,
  moduleInFolders,
  schemaFeatureFlags,
} from './feature-modules.ts';
import { FIXTURE_FEATURE_MODULES, FIXTURE_REPO } from './test-fixtures/fixtures.ts';

describe('the flag → folder map of this repo', () => {
  it('accounts for every folder in site/src/features', () => {
    const mapped = new Set(Object.values(featureModuleMap()).flatMap((s) => s.folders));
    const always = new Set(ALWAYS_ON_FEATURE_FOLDERS);

    const unaccounted = featureFolders()
      .map((name) => `${FEATURES_DIR}/${name}`)
      .filter((folder) => !mapped.has(folder) && !always.has(folder));

    expect(
      unaccounted,
      'name a feature folder after its flag (kebab-case), or list it in EXTRA_FEATURE_MODULES or ALWAYS_ON_FEATURE_FOLDERS in build/feature-modules.ts',
    ).toEqual([]);
  });

  it('maps only flags the schema defines and folders that exist', () => {
    const flags = new Set(schemaFeatureFlags());
    const folders = new Set(featureFolders().map((name) => `${FEATURES_DIR}/${name}`));

    for (const flag of Object.keys(EXTRA_FEATURE_MODULES)) expect(flags, `unknown flag ${flag}`).toContain(flag);
    for (const folder of [...Object.values(featureModuleMap()).flatMap((s) => s.folders), ...ALWAYS_ON_FEATURE_FOLDERS]) {
      expect(folders, `missing folder ${folder}`).toContain(folder);
    }
  });
});

describe('featureModuleMap', () => {
  it('maps each flag to the folder named after it', () => {
    expect(featureModuleMap(FIXTURE_REPO, ['compare', 'garage', 'salesThisMonthCounter'])).toEqual(FIXTURE_FEATURE_MODULES);
  });
});

describe('kebabCase', () => {
  it('turns flag names into folder names', () => {
    expect(kebabCase('salesThisMonthCounter')).toBe('sales-this-month-counter');
    expect(kebabCase('compare')).toBe('compare');
    expect(kebabCase('spin360Viewer')).toBe('spin360-viewer');
  });
});

describe('isFeatureValueOn', () => {
  it.each([
    [true, true],
    [false, false],
    ['grid', true],
    ['none', false],
    [null, false],
    [{ enabled: false }, false],
    [{ enabled: true, days: 3 }, true],
  ])('%j is on: %s', (value, on) => {
    expect(isFeatureValueOn(value)).toBe(on);
  });
});

describe('featureModulesIn', () => {
  it('collects the modules of each flag from its folders only', () => {
    const ids = [
      'site/src/features/compare/index.tsx',
      'site/src/features/compare/compare-table.tsx?tsr-split=component',
      'site/src/features/compare-extra/x.ts',
      'site/src/routes/compare.tsx',
    ];

    const result = featureModulesIn({ compare: false, garage: true }, ids, FIXTURE_FEATURE_MODULES);

    expect(result.compare).toEqual({
      value: false,
      on: false,
      folders: ['site/src/features/compare'],
      modules: ['site/src/features/compare/compare-table.tsx?tsr-split=component', 'site/src/features/compare/index.tsx'],
    });
    expect(result.garage?.modules).toEqual([]);
    expect(moduleInFolders('site/src/features/compare-extra/x.ts', ['site/src/features/compare'])).toBe(false);
  });
});
