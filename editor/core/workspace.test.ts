import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateTenant } from '../../schema/validate.ts';
import { hashText } from './atomic-write.ts';
import { REPO_ROOT } from './editor-app.ts';
import { schemaTemplates } from './templates.ts';
import { Workspace } from './workspace.ts';

let root: string;
let ws: Workspace;
beforeEach(() => {
  // Always a copy: tests never touch tenants/.
  root = mkdtempSync(path.join(tmpdir(), 'ws-'));
  cpSync(path.join(REPO_ROOT, 'tenants'), path.join(root, 'tenants'), { recursive: true });
  ws = new Workspace(path.join(root, 'tenants'), path.join(root, 'trash'), schemaTemplates());
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const someSlug = async () => (await ws.listSlugs())[0]!;

describe('Workspace', () => {
  it('lists the tenant slugs from the file names', async () => {
    const slugs = await ws.listSlugs();

    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs).toEqual([...slugs].sort());
    for (const s of slugs) expect(existsSync(path.join(root, 'tenants', `${s}.json`))).toBe(true);
  });

  it('opens a tenant with the hash of its content', async () => {
    const slug = await someSlug();

    const doc = await ws.open(slug);

    expect(doc.text).toBe(readFileSync(path.join(root, 'tenants', `${slug}.json`), 'utf8'));
    expect(doc.stamp.hash).toBe(hashText(doc.text));
  });

  it('refuses an unsafe slug with a message naming the field', async () => {
    await expect(ws.open('../etc/passwd')).rejects.toThrow(/slug: "..\/etc\/passwd" is not a valid slug/);
  });

  it('creates a tenant from a template with only fields staff must fill in reported', async () => {
    const template = ws.templates.find((t) => t.id === 'dealer-group')!;

    await ws.create('new-dealer', 'New Dealer', { kind: 'template', template: template.id });

    const text = readFileSync(path.join(root, 'tenants', 'new-dealer.json'), 'utf8');
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(doc).toMatchObject({ slug: 'new-dealer', name: 'New Dealer', template: 'dealer-group', siteUrl: '' });
    const pointers = validateTenant(text, 'new-dealer.json').issues.filter((i) => i.severity === 'error').map((i) => i.pointer);
    expect(pointers).toContain('/siteUrl');
    expect(pointers.every((p) => p === '/siteUrl' || p.startsWith('/dealer/'))).toBe(true);
  });

  it('duplicates a tenant under a new slug and name, clearing the unique site URL', async () => {
    const source = await someSlug();

    await ws.create('copy-of-it', 'Copy', { kind: 'duplicate', source });

    const copy = JSON.parse(readFileSync(path.join(root, 'tenants', 'copy-of-it.json'), 'utf8')) as Record<string, unknown>;
    const original = JSON.parse(readFileSync(path.join(root, 'tenants', `${source}.json`), 'utf8')) as Record<string, unknown>;
    expect(copy.slug).toBe('copy-of-it');
    expect(copy.name).toBe('Copy');
    expect(copy.siteUrl).toBe('');
    expect(copy.dealer).toEqual(original.dealer);
  });

  it('refuses to create over an existing tenant', async () => {
    const slug = await someSlug();

    await expect(ws.create(slug, 'X', { kind: 'template', template: 'brand' })).rejects.toThrow(/already exists/);
  });

  it('renames the file and the slug inside it', async () => {
    const slug = await someSlug();

    await ws.rename(slug, 'renamed-one');

    expect(existsSync(path.join(root, 'tenants', `${slug}.json`))).toBe(false);
    const doc = JSON.parse(readFileSync(path.join(root, 'tenants', 'renamed-one.json'), 'utf8')) as { slug: string };
    expect(doc.slug).toBe('renamed-one');
  });

  it('deletes by moving the file to the trash folder', async () => {
    const slug = await someSlug();

    await ws.delete(slug);

    expect(existsSync(path.join(root, 'tenants', `${slug}.json`))).toBe(false);
    expect(readdirSync(path.join(root, 'trash')).some((n) => n.startsWith(`${slug}.`))).toBe(true);
  });

  it('saves when the disk still holds what was opened', async () => {
    const slug = await someSlug();
    const doc = await ws.open(slug);

    const result = await ws.save(slug, doc.text.replace('{', '{ '), doc.stamp.hash, false);

    expect(result.status).toBe('saved');
    expect(readFileSync(path.join(root, 'tenants', `${slug}.json`), 'utf8').startsWith('{ ')).toBe(true);
  });

  it('refuses to overwrite a change made on disk meanwhile, returning the disk version', async () => {
    const slug = await someSlug();
    const doc = await ws.open(slug);
    const file = path.join(root, 'tenants', `${slug}.json`);
    writeFileSync(file, doc.text + '\n');

    const result = await ws.save(slug, 'mine', doc.stamp.hash, false);

    expect(result).toMatchObject({ status: 'conflict', diskText: doc.text + '\n' });
    expect(readFileSync(file, 'utf8')).toBe(doc.text + '\n');
  });

  it('overwrites the disk change after an explicit "keep mine"', async () => {
    const slug = await someSlug();
    const doc = await ws.open(slug);
    const file = path.join(root, 'tenants', `${slug}.json`);
    writeFileSync(file, 'someone else');

    const result = await ws.save(slug, doc.text, doc.stamp.hash, true);

    expect(result.status).toBe('saved');
    expect(readFileSync(file, 'utf8')).toBe(doc.text);
  });

  it('reports unchanged, changed and deleted files', async () => {
    const slug = await someSlug();
    const doc = await ws.open(slug);
    const file = path.join(root, 'tenants', `${slug}.json`);

    const before = await ws.checkDisk(slug, doc.stamp.hash);
    writeFileSync(file, 'changed');
    const changed = await ws.checkDisk(slug, doc.stamp.hash);
    rmSync(file);
    const deleted = await ws.checkDisk(slug, doc.stamp.hash);

    expect(before.status).toBe('unchanged');
    expect(changed).toMatchObject({ status: 'changed', text: 'changed' });
    expect(deleted.status).toBe('deleted');
  });
});
