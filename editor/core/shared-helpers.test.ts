// Tests of editor/shared (pure helpers used by the renderer and the core). They live here because
// the node test project covers editor/core.
import { describe, expect, it } from 'vitest';
import { applyEdit, editForValue } from '../shared/json-edit.ts';
import { joinPointer, locatePointer, offsetToPosition, parsePointer, pointerAtOffset, scanJson } from '../shared/json-locate.ts';
import { withPositions } from '../shared/issue-positions.ts';
import { diffHunks, diffLines } from '../shared/line-diff.ts';
import { compareWithDefaults, schemaAt, setValueAt, skeletonFor, type SchemaNode } from '../shared/schema-walk.ts';
import { answerChannel, channels, channelNames, parseRequest, BadRequestError, type WorkspaceHandlers } from '../shared/workspace-api.ts';
import { applyMerge, defaultChoice, threeWayChanges } from '../shared/merge.ts';
import { schemaForLanguageService, settingPathOf, UNREAD_NOTE } from '../shared/schema-docs.ts';

const text = '{\n  "a": 1,\n  "b": { "c/d": [true, "x"] }\n}\n';

describe('json-locate', () => {
  it('locates values and keys by JSON pointer', () => {
    const scan = scanJson(text);

    const c = scan.locations.get('/b/c~1d/1')!;

    expect(text.slice(c.valueOffset, c.valueEnd)).toBe('"x"');
    expect(text.slice(scan.locations.get('/a')!.keyOffset!, scan.locations.get('/a')!.keyOffset! + 3)).toBe('"a"');
    expect(scan.syntaxError).toBeUndefined();
  });

  it('keeps what it found before a syntax error and reports where the error is', () => {
    const broken = '{\n  "a": 1,\n  "b": tru\n}';

    const scan = scanJson(broken);

    expect(scan.locations.has('/a')).toBe(true);
    expect(offsetToPosition(broken, scan.syntaxError!.offset)).toEqual({ line: 3, column: 8 });
  });

  it('falls back to the closest existing ancestor for a missing value', () => {
    const loc = locatePointer(scanJson(text), '/b/missing/deeper');

    expect(loc?.pointer).toBe('/b');
  });

  it('finds the innermost value at an offset', () => {
    expect(pointerAtOffset(scanJson(text), text.indexOf('"x"') + 1)).toBe('/b/c~1d/1');
  });

  it('round-trips pointer tokens with escapes', () => {
    expect(parsePointer(joinPointer(['a/b', 'c~d', 3]))).toEqual(['a/b', 'c~d', '3']);
  });
});

describe('line-diff', () => {
  it('marks added and removed lines and groups them in hunks', () => {
    const lines = diffLines('a\nb\nc\nd', 'a\nB\nc\nd\ne');

    expect(lines.filter((l) => l.kind !== 'same').map((l) => `${l.kind}:${l.text}`)).toEqual(['remove:b', 'add:B', 'add:e']);
    // Line numbers on each side, counted by hand: b was line 2 of the old text, B and e are lines 2 and 5 of the new.
    expect(lines.filter((l) => l.kind !== 'same').map((l) => [l.oldLine, l.newLine])).toEqual([[2, undefined], [undefined, 2], [undefined, 5]]);
    expect(lines.find((l) => l.text === 'd')).toEqual({ kind: 'same', text: 'd', oldLine: 4, newLine: 4 });
    expect(diffHunks(lines, 0)).toHaveLength(2);
    expect(diffHunks(diffLines('same', 'same'))).toEqual([]);
  });
});

const schema: SchemaNode = {
  type: 'object',
  $defs: { colour: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
  required: ['name'],
  properties: {
    name: { type: 'string' },
    features: { type: 'object', properties: { compare: { type: 'boolean', default: true }, layout: { type: 'string', enum: ['grid', 'list'], default: 'grid' } } },
    theme: { type: 'object', properties: { primary: { $ref: '#/$defs/colour', default: '#111111' } } },
    items: { type: 'array', minItems: 1, items: { type: 'object', required: ['id', 'size'], properties: { id: { type: 'string' }, size: { type: 'integer' } } } },
  },
};

describe('schema-walk', () => {
  it('resolves the subschema for a pointer through $ref and items', () => {
    expect(schemaAt(schema, '/theme/primary')).toMatchObject({ pattern: '^#[0-9a-fA-F]{6}$', default: '#111111' });
    expect(schemaAt(schema, '/items/3/id')).toEqual({ type: 'string' });
    expect(schemaAt(schema, '/nope')).toBeUndefined();
  });

  it('lists values that differ from or repeat their defaults', () => {
    const doc = { name: 'x', features: { compare: false, layout: 'grid' }, theme: { primary: '#222222' } };

    const result = compareWithDefaults(schema, doc);

    expect(result).toEqual([
      { pointer: '/features/compare', value: false, default: true, status: 'differs' },
      { pointer: '/features/layout', value: 'grid', default: 'grid', status: 'same' },
      { pointer: '/theme/primary', value: '#222222', default: '#111111', status: 'differs' },
    ]);
  });

  it('sets and removes values without mutating the input', () => {
    const doc = { a: { b: 1 } };

    const set = setValueAt(doc, '/a/c', 2);
    const removed = setValueAt(doc, '/a/b', undefined);

    expect(set).toEqual({ a: { b: 1, c: 2 } });
    expect(removed).toEqual({ a: {} });
    expect(doc).toEqual({ a: { b: 1 } });
  });

  it('builds a skeleton with required fields, leaving numbers without defaults out', () => {
    expect(skeletonFor(schema, schema)).toEqual({ name: '' });
    expect(skeletonFor(schema, schema.properties!.items)).toEqual([{ id: '' }]);
  });
});

describe('json-edit', () => {
  it('replaces an existing value in place, keeping the rest of the formatting', () => {
    const edit = editForValue(text, '/a', 42)!;

    expect(applyEdit(text, edit)).toBe(text.replace('"a": 1', '"a": 42'));
  });

  it('adds a new property in the house format', () => {
    const edit = editForValue('{"a":1}', '/b', true)!;

    expect(applyEdit('{"a":1}', edit)).toBe('{\n  "a": 1,\n  "b": true\n}');
  });

  it('adds and removes a property or an item without touching the other lines', () => {
    // A tenant file as saved (two spaces, every object and list on its own lines).
    const house = '{\n  "a": 1,\n  "b": {\n    "c": true\n  }\n}\n';
    const added = applyEdit(house, editForValue(house, '/z', { x: [1] })!);
    expect(added).toBe('{\n  "a": 1,\n  "b": {\n    "c": true\n  },\n  "z": {\n    "x": [\n      1\n    ]\n  }\n}\n');
    const removed = applyEdit(added, editForValue(added, '/a', undefined)!);
    expect(removed).toBe('{\n  "b": {\n    "c": true\n  },\n  "z": {\n    "x": [\n      1\n    ]\n  }\n}\n');
    const list = '{\n  "l": [\n    1,\n    2\n  ]\n}\n';
    expect(applyEdit(list, editForValue(list, '/l/2', 3)!)).toBe('{\n  "l": [\n    1,\n    2,\n    3\n  ]\n}\n');
  });

  it('removes the last item of a one-line array correctly (rewriting the file where the library’s minimal edit would not be JSON)', () => {
    const edit = editForValue(text, '/b/c~1d/1', undefined)!;

    expect(JSON.parse(applyEdit(text, edit))).toEqual({ a: 1, b: { 'c/d': [true] } });
  });

  it('refuses to edit text that is not JSON', () => {
    expect(editForValue('{"a":', '/a', 1)).toBeUndefined();
  });
});

describe('issue positions', () => {
  it('puts a value issue on the value and a missing-property issue on its parent key', () => {
    const issues = withPositions(
      text,
      [
        { file: 'x.json', pointer: '/a', message: 'bad', severity: 'error' },
        { file: 'x.json', pointer: '/b/required', message: 'missing', severity: 'warning' },
      ],
      (i) => `tenants/${i.file}: ${i.pointer}: ${i.message}`,
    );

    expect(issues[0]).toMatchObject({ line: 2, column: 8, endLine: 2, endColumn: 9, formatted: 'tenants/x.json: /a: bad' });
    expect(issues[1]).toMatchObject({ line: 3, column: 3 });
  });
});

describe('workspace-api', () => {
  it('names the bad field of a request', () => {
    expect(() => parseRequest('openTenant', { slug: 'Bad Slug' })).toThrow(BadRequestError);
    expect(() => parseRequest('openTenant', { slug: 'Bad Slug' })).toThrow(/openTenant: slug: slug must be lower-case/);
    expect(() => parseRequest('deleteTenant', { slug: 'ok' })).toThrow(/confirm/);
    expect(() => parseRequest('listTenants', { extra: 1 })).toThrow(/listTenants/);
  });

  it('parses responses on the trusted side so malformed data never reaches the UI', async () => {
    const handlers = { listTenants: async () => ({ tenants: [{ slug: 1 }] }) } as unknown as WorkspaceHandlers;

    await expect(answerChannel(handlers, 'listTenants', {})).rejects.toThrow(/expected string/i);
    await expect(answerChannel(handlers, 'listTenants', { validate: 'yes' })).rejects.toThrow(BadRequestError);
  });

  it("names the same channels in the renderer's zod-free list as in the schemas", () => {
    expect([...channelNames].sort()).toEqual(Object.keys(channels).sort());
  });

  it('has a request and a response schema for every channel', () => {
    for (const c of Object.values(channels)) {
      expect(c.request).toBeDefined();
      expect(c.response).toBeDefined();
    }
  });
});

describe('schemaForLanguageService', () => {
  const tenantLike: SchemaNode = {
    $id: 'https://example/x.json',
    type: 'object',
    properties: {
      features: { type: 'object', properties: { compare: { type: 'boolean', description: 'Compare *cars*.', default: false } } },
      dealer: { type: 'object', properties: { locations: { type: 'array', items: { type: 'object', properties: { phone: { $ref: '#/$defs/phone', description: 'Phone.' } } } } } },
      template: { type: 'string', enum: ['brand'], description: 'Template.' },
    },
    $defs: { phone: { type: 'string', description: 'A phone number.' } },
  };

  it('gives every setting its description, default, path and switch-ness as markdown', () => {
    const out = schemaForLanguageService(tenantLike, new Set(['dealer.locations[].phone'])) as SchemaNode & { properties: Record<string, SchemaNode> };

    const compare = (out.properties.features!.properties as Record<string, SchemaNode>).compare!;
    const phone = ((out.properties.dealer!.properties as Record<string, SchemaNode>).locations!.items!.properties as Record<string, SchemaNode>).phone!;
    expect(compare.markdownDescription).toBe('Compare \\*cars\\*.\n\nDefault: `false`\n\nFeature switch `features.compare`');
    expect(phone.markdownDescription).toBe(`Phone.\n\nSetting \`dealer.locations[].phone\`\n\n**${UNREAD_NOTE}.**`);
    expect(out.properties.template!.enum).toEqual(['brand']);
    expect(out.$defs!.phone!.markdownDescription).toBe('A phone number.');
    expect(out.$id).toBeUndefined();
  });

  it('names settings the way the unread list does', () => {
    expect(settingPathOf('/dealer/locations/0/phone')).toBe('dealer.locations[].phone');
    expect(settingPathOf('/promotions/2/node/heading')).toBe('promotions[].node.heading');
    expect(settingPathOf('/features/compare')).toBe('features.compare');
  });

  it('leaves the input schema untouched', () => {
    schemaForLanguageService(tenantLike);

    expect((tenantLike.properties!.template as SchemaNode).markdownDescription).toBeUndefined();
  });
});

describe('three-way merge', () => {
  const base = '{\n  "name": "Range Road Kia",\n  "labels": { "a": "A", "b": "B" },\n  "list": [1, 2]\n}\n';

  it('keeps both sides\' changes to different settings, with the disk file\'s formatting', () => {
    const mine = base.replace('"A"', '"Mine"');
    const theirs = '{\n  "name": "Colleague",\n  "labels": { "a": "A", "b": "B" },\n  "list": [1, 2]\n}\n';

    const changes = threeWayChanges(base, mine, theirs)!;
    const merged = applyMerge(theirs, changes);

    expect(changes.map((c) => [c.pointer, c.kind])).toEqual([
      ['/labels/a', 'mine'],
      ['/name', 'theirs'],
    ]);
    expect(JSON.parse(merged)).toEqual({ name: 'Colleague', labels: { a: 'Mine', b: 'B' }, list: [1, 2] });
    expect(merged.startsWith('{\n  "name": "Colleague",\n')).toBe(true);
  });

  it('reports a conflict when both changed the same setting, and applies the choice made', () => {
    const mine = base.replace('"Range Road Kia"', '"Mine"').replace('[1, 2]', '[1, 2, 3]');
    const theirs = base.replace('"Range Road Kia"', '"Theirs"').replace('"B"', '"Theirs B"');

    const changes = threeWayChanges(base, mine, theirs)!;

    expect(changes).toContainEqual({ pointer: '/name', kind: 'conflict', base: 'Range Road Kia', mine: 'Mine', theirs: 'Theirs' });
    expect(JSON.parse(applyMerge(theirs, changes, (c) => (c.kind === 'conflict' ? 'theirs' : defaultChoice(c))))).toEqual({
      name: 'Theirs',
      labels: { a: 'A', b: 'Theirs B' },
      list: [1, 2, 3],
    });
    expect(JSON.parse(applyMerge(theirs, changes)).name).toBe('Mine');
  });

  it('treats a removed object edited on the other side as one conflict, and identical edits as none', () => {
    const mine = '{\n  "name": "Same",\n  "list": [1, 2]\n}\n';
    const theirs = base.replace('"Range Road Kia"', '"Same"').replace('"A"', '"Edited"');

    const changes = threeWayChanges(base, mine, theirs)!;

    expect(changes.map((c) => [c.pointer, c.kind])).toEqual([['/labels', 'conflict']]);
    expect(JSON.parse(applyMerge(theirs, changes))).toEqual({ name: 'Same', list: [1, 2] });
    expect(threeWayChanges(base, '{', theirs)).toBeUndefined();
  });
});
