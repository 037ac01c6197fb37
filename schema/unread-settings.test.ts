import { describe, expect, it } from 'vitest';
import { TENANT_SCHEMA } from './resolve.ts';
import committedText from './unread-settings.json?raw';
import {
  findUnreadSettings, isSettingRead, SETTING_READER_DIRS, SETTING_READER_EXCLUDE, settingLeaves,
} from './unread-settings.ts';

// Vite's glob import reads the sources without Node APIs (schema/ stays free of node:* imports).
// The patterns must be literals; the test below checks they match SETTING_READER_DIRS.
const globbed = import.meta.glob(
  [
    '../site/src/**/*.{ts,tsx,mts,js,mjs,jsx}', '../server/**/*.{ts,tsx,mts,js,mjs,jsx}',
    '../build/**/*.{ts,tsx,mts,js,mjs,jsx}', '../editor/**/*.{ts,tsx,mts,js,mjs,jsx}',
    '!**/node_modules/**', '!**/dist/**',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;
const GLOB_DIRS = ['site/src', 'server', 'build', 'editor'];

const sources = Object.entries(globbed)
  .map(([path, text]) => ({ path: path.replace(/^\.\.\//, ''), text }))
  .filter(({ path }) => !SETTING_READER_EXCLUDE.test(`/${path}`) && !path.split('/').some((seg) => seg.startsWith('.')));

const committed = JSON.parse(committedText) as string[];

const leafAt = (path: string) => settingLeaves().find((l) => l.path === path)!;
const reads = (path: string, text: string) => isSettingRead(leafAt(path), [{ text }]);

describe('unread settings', () => {
  it('scan the folders SETTING_READER_DIRS names', () => {
    expect(GLOB_DIRS).toEqual([...SETTING_READER_DIRS]);
  });

  it('equal the committed list schema/unread-settings.json (npm run gen:schema -- --unread updates it)', () => {
    const unread = findUnreadSettings(TENANT_SCHEMA, sources).map((l) => l.path);

    const nowRead = committed.filter((p) => !unread.includes(p));
    const newlyUnread = unread.filter((p) => !committed.includes(p));
    expect({ nowRead, newlyUnread }, 'remove read settings from / add new unread ones to schema/unread-settings.json').toEqual({ nowRead: [], newlyUnread: [] });
  });

  it('each say in their description which feature will read them', () => {
    const leaves = new Map(settingLeaves().map((l) => [l.path, l]));

    const missing = committed.filter((p) => !leaves.get(p)?.readBy?.includes('Read by:'));

    expect(missing).toEqual([]);
  });
});

describe('settingLeaves', () => {
  it('lists scalars, arrays of scalars and oneOf choices; descends objects and arrays of objects', () => {
    const paths = settingLeaves().map((l) => l.path);

    expect(paths).toEqual(expect.arrayContaining([
      'slug', 'features.compare', 'search.promoCardPosition', 'search.sortOptions', 'promotions[].node.cta.href',
      'dealer.locations[].address.lat', 'finance.calculator.termYears.min', 'content.pages.terms.paragraphs',
    ]));
    expect(paths).not.toContain('$schema');
    expect(paths).not.toContain('features');
  });
});

describe('isSettingRead heuristic', () => {
  it('counts feature constants', () => {
    expect(reads('features.compare', 'if (__FEATURE_COMPARE__) show();')).toBe(true);
    expect(reads('features.compare', 'if (__FEATURE_COMPARE_X__) show();')).toBe(false);
  });

  it('counts property chains through the parent', () => {
    expect(reads('search.pageSize', 'const n = config.search.pageSize;')).toBe(true);
    expect(reads('search.pageSize', 'const n = tenant.search?.pageSize;')).toBe(true);
    expect(reads('search.pageSize', "const n = search['pageSize'];")).toBe(true);
    expect(reads('search.pageSize', 'const n = other.pageSize;')).toBe(false);
  });

  it('counts destructuring from an expression ending in the parent', () => {
    expect(reads('search.pageSize', 'const { pageSize, makeListCount } = useTenant().search;')).toBe(true);
    expect(reads('search.pageSize', 'const { pageSize } = props;')).toBe(false);
  });

  it('counts array item fields when the array is read in the same file', () => {
    expect(reads('promotions[].expiry', 'config.promotions.filter((p) => Date.parse(p.expiry) > now)')).toBe(true);
    expect(reads('promotions[].expiry', 'items.filter((p) => Date.parse(p.expiry) > now)')).toBe(false);
  });

  it('needs every array on the path named in the same file', () => {
    expect(reads('navigation.headerLinks[].children[].href', 'nav.headerLinks.map((l) => l.children?.map((c) => c.href))')).toBe(true);
    expect(reads('navigation.headerLinks[].children[].href', 'props.children.map((c) => c.href)')).toBe(false);
  });

  it('counts top-level settings only in files that use the tenant config', () => {
    expect(reads('name', "import config from 'virtual:tenant-config';\ndocument.title = config.name;")).toBe(true);
    expect(reads('name', 'document.title = user.name;')).toBe(false);
  });
});
