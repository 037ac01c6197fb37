import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tenantSchema } from '../../schema/tenant-schema.gen.ts';
import type { SchemaNode } from '../shared/schema-walk.ts';
import { settingLabel } from '../shared/setting-label.ts';

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
