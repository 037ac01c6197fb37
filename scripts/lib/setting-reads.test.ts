import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingLeaves, unreadSettingPaths } from '../../schema/unread-settings.ts';
import { settingsRead, settingsReadAsItemLabels, settingsReadByCode } from './setting-reads.ts';
import committedList from '../../schema/unread-settings.json' with { type: 'json' };

const FIXTURE = path.join(import.meta.dirname, 'setting-reads-fixture');

describe('settingsReadByCode (type checker)', () => {
  it('follows reads through variables, destructuring, keys held in variables, other types, generics and optional settings', () => {
    const leaves = ['name', 'search.pageSize', 'search.sliders.price.min', 'search.sliders.price.max', 'search.sliders.km.min', 'search.sliders.km.max', 'stockFilter.usedOnly', 'stockFilter.soldWithinDays', 'stockFilter.excludeMakes', 'promotions[].id', 'promotions[].title', 'promotions[].position', 'analytics.tagId', 'analytics.pixelId', 'features.compare', 'features.chat', 'unused.never'].map((p) => ({
      path: p, key: p.split('.').pop() as string, parent: p.includes('.') ? (p.split('.').slice(-2)[0] as string).replace('[]', '') : null, inArray: false, arrays: [], readBy: null,
    }));
    const read = settingsReadByCode(leaves, {
      rootNames: [path.join(FIXTURE, 'reader.ts'), path.join(FIXTURE, 'tenant.gen.ts')],
      genFiles: [path.join(FIXTURE, 'tenant.gen.ts')],
      isReader: (file) => file.endsWith('reader.ts'),
    });
    expect([...read].filter((p) => leaves.some((l) => l.path === p)).sort()).toEqual([
      'analytics.tagId', 'features.compare', 'name', 'promotions[].position', 'search.pageSize', 'search.sliders.km.min', 'search.sliders.price.min',
      'stockFilter.excludeMakes', 'stockFilter.usedOnly',
    ]);
  });

  it("counts a list item's text setting the editor names the item by (title, name, label, slug, id) as read, and no other", () => {
    const schema = {
      type: 'object',
      properties: {
        promotions: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' }, position: { type: 'integer' }, id: { type: 'string' } } } },
        locations: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
        owner: { type: 'object', properties: { name: { type: 'string' } } },
      },
    };
    const leaves = settingLeaves(schema);
    expect([...settingsReadAsItemLabels(leaves, schema)].sort()).toEqual(['locations[].name', 'promotions[].id', 'promotions[].title']);
  });

  // The committed list may be empty, which TypeScript would type as a list of nothing.
  const committed: readonly string[] = committedList;

  it('finds exactly the settings of schema/unread-settings.json unread (npm run gen:schema -- --unread updates it)', () => {
    const unread = unreadSettingPaths(settingLeaves(), settingsRead(settingLeaves()));
    expect({ nowRead: committed.filter((p) => !unread.includes(p)), newlyUnread: unread.filter((p) => !committed.includes(p)) }).toEqual({ nowRead: [], newlyUnread: [] });
  }, 600_000);
});
