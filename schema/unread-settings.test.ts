import { describe, expect, it } from 'vitest';
import committedText from './unread-settings.json?raw';
import { settingLeaves, unreadSettingPaths } from './unread-settings.ts';

const committed = JSON.parse(committedText) as string[];

describe('unread settings', () => {
  it('are settings of the schema, sorted (the type checker keeps them equal to the code: scripts/lib/setting-reads.test.ts)', () => {
    const paths = new Set(settingLeaves().map((l) => l.path));
    expect(committed.filter((p) => !paths.has(p))).toEqual([]);
    expect(unreadSettingPaths(settingLeaves().filter((l) => committed.includes(l.path)), new Set())).toEqual(committed);
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
