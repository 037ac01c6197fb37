import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceHandlers, type BuildService, type PreviewService } from './handlers.ts';
import { REPO_ROOT } from './editor-app.ts';
import { RecoveryStore } from './recovery.ts';
import { schemaTemplates } from './templates.ts';
import { SharedValidator } from './validation.ts';
import { Workspace } from './workspace.ts';

let root: string;
let recovery: RecoveryStore;
let h: ReturnType<typeof createWorkspaceHandlers>;
const preview: PreviewService = { status: () => ({ state: 'unavailable', pages: [] }), update: async () => ({ applied: false, version: 0, shown: 'placeholder' as const, pages: [] }) };
const builds: BuildService = { start: () => 'job-1', status: () => ({ state: 'running', events: [] }) };

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'handlers-'));
  cpSync(path.join(REPO_ROOT, 'tenants'), path.join(root, 'tenants'), { recursive: true });
  const workspace = new Workspace(path.join(root, 'tenants'), path.join(root, 'trash'), schemaTemplates());
  recovery = new RecoveryStore(path.join(root, 'recovery'));
  h = createWorkspaceHandlers({ workspace, recovery, validator: new SharedValidator(workspace), preview, builds });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('workspace handlers', () => {
  it('lists tenants with their names and problem counts', async () => {
    const { tenants } = await h.listTenants({});

    expect(tenants.length).toBeGreaterThan(0);
    expect(tenants.every((t) => typeof t.name === 'string' && t.errors === 0)).toBe(true);
  });

  it('lists names without validating when asked for the fast first paint', async () => {
    const { tenants } = await h.listTenants({ validate: false });

    expect(tenants.length).toBeGreaterThan(0);
    expect(tenants.every((t) => t.errors === undefined && typeof t.name === 'string')).toBe(true);
  });

  it('keeps a draft of unsaved text until it is saved, then drops it', async () => {
    const slug = (await h.listTenants({})).tenants[0]!.slug;
    const doc = await h.openTenant({ slug });
    const edited = doc.text.replace('"name": "', '"name": "Edited ');

    await h.saveDraft({ slug, text: edited, baseHash: doc.stamp.hash });
    const afterCrash = await h.listDrafts({});
    await h.saveTenant({ slug, text: edited, baseHash: doc.stamp.hash, overwrite: false });
    const afterSave = await h.listDrafts({});

    expect(afterCrash.drafts).toMatchObject([{ slug, text: edited, baseHash: doc.stamp.hash }]);
    expect(afterSave.drafts).toEqual([]);
    expect(readFileSync(path.join(root, 'tenants', `${slug}.json`), 'utf8')).toBe(edited);
  });

  it('does not keep a draft equal to the saved file', async () => {
    const slug = (await h.listTenants({})).tenants[0]!.slug;
    const doc = await h.openTenant({ slug });

    await h.saveDraft({ slug, text: doc.text, baseHash: doc.stamp.hash });

    expect((await h.listDrafts({})).drafts).toEqual([]);
  });

  it('offers one template per site template of the schema', async () => {
    const { templates } = await h.listTemplates({});

    expect(templates.map((t) => t.id)).toContain('dealer-group');
    expect(templates.every((t) => t.label && t.description)).toBe(true);
  });

  it('refuses to build a tenant that does not exist', async () => {
    await expect(h.startBuild({ slug: 'no-such-tenant' })).rejects.toThrow(/does not exist/);
  });
});
