import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tenantSchema } from '../../schema/tenant-schema.gen.ts';
import type { SchemaNode } from '../shared/schema-walk.ts';
import { helpParts, settingLabel } from '../shared/setting-label.ts';

const schema = tenantSchema as unknown as SchemaNode;
const kia = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'tenants', 'range-road-kia.json'), 'utf8')) as { dealer: { locations: { name: string }[] } };

describe('settings as staff know them', () => {
  test('a location’s field is named after the location, not its position', () => {
    expect(settingLabel(schema, [kia], '/dealer/locations/1/phone')).toBe('Range Road Kia Service & Parts › Phone');
    expect(settingLabel(schema, [kia], '/dealer/locations/0/address/postcode')).toBe('Range Road Kia Toowoomba › Address › Postcode');
  });

  test('plain settings read as words; weekdays by name; a deleted item is named from another side', () => {
    expect(settingLabel(schema, [kia], '/name')).toBe('Name');
    expect(settingLabel(schema, [kia], '/features/warrantySection')).toBe('Features › Warranty section');
    const hours = { dealer: { locations: [{ name: 'Yard', openingHours: [{ weekday: 6, status: 'Open' }] }] } };
    expect(settingLabel(schema, [hours], '/dealer/locations/0/openingHours/0/open')).toBe('Yard › Opening hours › Saturday › Open');
    const mine = { dealer: { locations: [] } };
    expect(settingLabel(schema, [mine, kia], '/dealer/locations/1/phone')).toBe('Range Road Kia Service & Parts › Phone');
    expect(kia.dealer.locations[1]!.name).toBe('Range Road Kia Service & Parts');
  });
});

describe('help text names settings as the form does', () => {
  test('a setting named by its place in the file reads as its name in the form, with where it is', () => {
    const text = (schema.properties!.features as SchemaNode).properties!.searchHistory!.description!;
    expect(helpParts(schema, text)).toEqual([
      'Remember the latest searches on the device (',
      { pointer: '/search/searchHistoryLength', label: 'Search › Search history length' },
      '). Read by: the search results page.',
    ]);
    expect(helpParts(schema, 'Public origin, e.g. https://www.example.com.au (no path).')).toEqual(['Public origin, e.g. https://www.example.com.au (no path).']);
  });

  test("every name in the schema's help shaped like a setting's place is one (the form words it), or a web address or abbreviation", () => {
    const texts: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'description' && typeof value === 'string') texts.push(value);
          else walk(value);
        }
      }
    };
    walk(schema);
    const unnamed = texts.flatMap((text) => helpParts(schema, text).filter((part): part is string => typeof part === 'string'))
      .flatMap((words) => words.match(/\b[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+\b/g) ?? [])
      .filter((name) => !['e.g', 'p.a'].includes(name) && !/\.(au|com)$/.test(name));
    expect(unnamed).toEqual([]);
    expect(texts.filter((text) => helpParts(schema, text).some((part) => typeof part !== 'string')).length).toBeGreaterThan(20);
  });
});
