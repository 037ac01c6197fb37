import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceApi } from '../../shared/workspace-api.ts';
import { EditorSession } from './session.ts';
import { MemoryTextModel } from './text-model.ts';

const saved = '{\n  "slug": "acme",\n  "name": "Acme"\n}\n';

function fakeApi(overrides: Partial<WorkspaceApi> = {}) {
  const calls: [string, unknown][] = [];
  const base: Partial<WorkspaceApi> = {
    listTenants: async () => ({ tenants: [{ slug: 'acme', name: 'Acme', errors: 0, warnings: 0 }] }),
    listTemplates: async () => ({ templates: [] }),
    listDrafts: async () => ({ drafts: [] }),
    previewStatus: async () => ({ state: 'ready', url: 'http://127.0.0.1:1/', pages: [] }),
    openTenant: async () => ({ slug: 'acme', file: 'acme.json', text: saved, stamp: { mtimeMs: 1, size: 1, hash: 'h0' } }),
    validate: async ({ text }) => ({
      issues: text.includes('"name": ""') ? [{ file: 'acme.json', pointer: '/name', message: 'must not be empty', severity: 'error', formatted: 'x', line: 3, column: 11, endLine: 3, endColumn: 13 }] : [],
      durationMs: 1,
    }),
    previewUpdate: async () => ({ applied: true, version: 1, shown: 'this' as const, pages: [] }),
    saveDraft: async () => ({ ok: true }),
    discardDraft: async () => ({ ok: true }),
    checkDisk: async () => ({ status: 'unchanged' }),
    saveTenant: async () => ({ status: 'saved', stamp: { mtimeMs: 2, size: 2, hash: 'h1' } }),
    ...overrides,
  };
  const api = new Proxy(base, {
    get(t, name: string) {
      const fn = t[name as keyof WorkspaceApi] as ((r: unknown) => Promise<unknown>) | undefined;
      return async (req: unknown) => {
        calls.push([name, req]);
        if (!fn) throw new Error(`unexpected call ${name}`);
        return fn(req);
      };
    },
  }) as WorkspaceApi;
  return { api, calls };
}

async function openSession(overrides: Partial<WorkspaceApi> = {}) {
  const { api, calls } = fakeApi(overrides);
  let model!: MemoryTextModel;
  const session = new EditorSession({ api, createModel: (_s, text) => (model = new MemoryTextModel(text)), diskPollMs: 0, draftDelayMs: 5 });
  await session.init();
  await session.open('acme');
  return { session, model: () => model, calls };
}

describe('EditorSession', () => {
  it('shows which step the preview is on while its first start holds the push, then the preview', async () => {
    let step = 'setting up the demo cars…';
    let state: 'starting' | 'ready' = 'starting';
    let release!: () => void;
    const { api } = fakeApi({
      previewStatus: async () => (state === 'starting' ? { state, step, pages: [] } : { state, url: 'http://127.0.0.1:1/', pages: [] }),
      previewUpdate: () => new Promise((resolve) => (release = () => resolve({ applied: true, version: 1, shown: 'this' as const, pages: [] }))),
    });
    vi.useFakeTimers();
    try {
      const session = new EditorSession({ api, createModel: (_s, text) => new MemoryTextModel(text), diskPollMs: 0, draftDelayMs: 5 });
      await session.init();
      expect(session.getState().preview).toMatchObject({ state: 'starting', step: 'setting up the demo cars…' });

      const opened = session.open('acme');
      step = 'preparing the site’s pages…';
      await vi.advanceTimersByTimeAsync(500);
      expect(session.getState().preview).toMatchObject({ state: 'starting', step: 'preparing the site’s pages…' });

      state = 'ready';
      release();
      await vi.advanceTimersByTimeAsync(500);
      await opened;
      expect(session.getState().preview).toMatchObject({ state: 'ready', shown: 'this', url: 'http://127.0.0.1:1/' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the tenant list the same problem count as the header: the text being edited', async () => {
    // The file on disk has 18 errors; the editor text is fixed but not saved yet.
    const { session, model } = await openSession({ listTenants: async () => ({ tenants: [{ slug: 'acme', name: 'Acme', errors: 18, warnings: 0 }] }) });

    model().setValue(saved.replace('"Acme"', '""'), true);
    await vi.waitFor(() => expect(session.getState().tenants[0]!.errors).toBe(1), { timeout: 5_000 });
    model().setValue(saved, true);
    await vi.waitFor(() => expect(session.errorCount()).toBe(0), { timeout: 5_000 });
    await session.refreshTenants();

    expect(session.getState().tenants[0]!.errors).toBe(session.errorCount());
    expect(session.errorCount()).toBe(0);
  });

  it('marks the tenant dirty on an edit and validates the new text', async () => {
    const { session, model } = await openSession();

    model().setValue(saved.replace('"Acme"', '""'), true);
    await vi.waitFor(() => expect(session.getState().doc?.issues.map((i) => i.pointer)).toEqual(['/name']), { timeout: 5_000 });

    expect(session.getState().dirty).toEqual(['acme']);
    expect(session.errorCount()).toBe(1);
  });

  it('sets a value from the form as an undoable edit of the same text', async () => {
    const { session, model } = await openSession();

    session.setValue('/name', 'Acme Motors');
    session.undo();
    const afterUndo = model().getValue();
    session.redo();

    expect(afterUndo).toBe(saved);
    expect(model().getValue()).toBe(saved.replace('"Acme"', '"Acme Motors"'));
  });

  it('stores a recovery draft of unsaved work', async () => {
    const { session, calls } = await openSession();

    session.setValue('/name', 'Draft');

    await vi.waitFor(() => expect(calls.some(([name, req]) => name === 'saveDraft' && (req as { text: string }).text.includes('Draft'))).toBe(true), { timeout: 5_000 });
  });

  it('saves and becomes clean', async () => {
    const { session } = await openSession();
    session.setValue('/name', 'Saved name');

    const result = await session.save();

    expect(result).toBe('saved');
    expect(session.getState().dirty).toEqual([]);
    expect(session.getState().doc?.baseHash).toBe('h1');
  });

  it('on a save conflict keeps the text and offers the disk version; "keep mine" then overwrites', async () => {
    const saveTenant = vi.fn(async (req: { overwrite: boolean; baseHash: string | null }) =>
      req.baseHash === 'h0' ? { status: 'conflict' as const, diskText: 'disk text', diskStamp: { mtimeMs: 3, size: 9, hash: 'hd' } } : { status: 'saved' as const, stamp: { mtimeMs: 4, size: 4, hash: 'h2' } },
    );
    const { session, model } = await openSession({ saveTenant: saveTenant as never });
    session.setValue('/name', 'Mine');

    const first = await session.save();
    const external = session.getState().doc?.external;
    session.keepMine();
    const second = await session.save();

    expect(first).toBe('conflict');
    expect(external).toMatchObject({ kind: 'changed', text: 'disk text', onSave: true });
    expect(model().getValue()).toContain('Mine');
    expect(second).toBe('saved');
    expect(saveTenant.mock.calls[1]![0]).toMatchObject({ baseHash: 'hd' });
  });

  it('reloads silently-safe changes on disk when nothing is unsaved', async () => {
    const { session, model } = await openSession({ checkDisk: async () => ({ status: 'changed', text: '{"slug":"acme"}', stamp: { mtimeMs: 5, size: 5, hash: 'h5' } }) });

    await session.checkDisk();

    expect(model().getValue()).toBe('{"slug":"acme"}');
    expect(session.getState().doc?.external).toBeUndefined();
    expect(session.getState().notices.at(-1)?.text).toMatch(/changed on disk and was reloaded/);
  });

  it('asks before replacing unsaved work with a disk change, and "reload" takes the disk version', async () => {
    const { session, model } = await openSession({ checkDisk: async () => ({ status: 'changed', text: '{"slug":"acme","name":"Disk"}', stamp: { mtimeMs: 5, size: 5, hash: 'h5' } }) });
    session.setValue('/name', 'Unsaved');

    await session.checkDisk();
    const textWhileAsking = model().getValue();
    session.reloadFromDisk();

    expect(textWhileAsking).toContain('Unsaved');
    expect(model().getValue()).toContain('Disk');
    expect(session.getState().dirty).toEqual([]);
  });

  it('restores a recovered draft as unsaved work', async () => {
    const { session, model } = await openSession();

    await session.restoreDraft({ slug: 'acme', text: saved.replace('Acme', 'Recovered'), savedAt: 1, baseHash: 'h0' });

    expect(model().getValue()).toContain('Recovered');
    expect(session.getState().dirty).toEqual(['acme']);
  });

  describe('a save whose base is not the file on disk goes through the merge, even after Undo', () => {
    const disk = '{\n  "slug": "acme",\n  "name": "Acme",\n  "siteUrl": "https://colleague.example.com.au"\n}\n';
    /** A workspace whose file now holds the colleague's version (hash hd); a save based on another hash is refused. */
    const colleague = () => {
      const saveTenant = vi.fn(async (req: { baseHash: string | null }) =>
        req.baseHash === 'hd' ? { status: 'saved' as const, stamp: { mtimeMs: 6, size: 6, hash: 'h6' } } : { status: 'conflict' as const, diskText: disk, diskStamp: { mtimeMs: 5, size: 5, hash: 'hd' } },
      );
      return { saveTenant, checkDisk: async ({ baseHash }: { baseHash: string | null }) => (baseHash === 'hd' ? { status: 'unchanged' as const } : { status: 'changed' as const, text: disk, stamp: { mtimeMs: 5, size: 5, hash: 'hd' } }) };
    };

    it('undoing past a reload that followed the disk puts the old base back: the save is refused and the merge lists the colleague’s change', async () => {
      const { saveTenant, checkDisk } = colleague();
      const { session, model } = await openSession({ saveTenant: saveTenant as never, checkDisk: checkDisk as never });
      await session.checkDisk(); // nothing unsaved: the editor follows the disk
      expect(model().getValue()).toBe(disk);

      session.undo(); // back to the text before the colleague's change
      const external = session.getState().doc?.external;
      const result = await session.save();

      expect(model().getValue()).toBe(saved);
      expect(external).toMatchObject({ kind: 'changed', text: disk });
      expect(result).toBe('conflict');
      expect(saveTenant.mock.calls[0]![0]).toMatchObject({ baseHash: 'h0' });
      expect(session.mergeChanges()).toEqual([{ pointer: '/siteUrl', kind: 'theirs', base: undefined, mine: undefined, theirs: 'https://colleague.example.com.au' }]);
    });

    it('redo brings the disk base back, and a merge undone is checked against the disk again', async () => {
      const { saveTenant, checkDisk } = colleague();
      const { session, model } = await openSession({ saveTenant: saveTenant as never, checkDisk: checkDisk as never });
      session.setValue('/name', 'Mine');
      await session.checkDisk(); // unsaved work: the banner, not a silent reload
      session.applyMerge(new Map());
      expect(model().getValue()).toContain('colleague');
      expect(model().getValue()).toContain('"Mine"');

      session.undo(); // undo the merge: my text on the old base
      expect(session.getState().doc?.baseHash).toBe('h0');
      expect(await session.save()).toBe('conflict');
      session.redo(); // the merge again, on the disk's base
      expect(session.getState().doc?.baseHash).toBe('hd');
      expect(session.getState().doc?.external).toBeUndefined();
      expect(await session.save()).toBe('saved');
      expect(saveTenant.mock.calls.map((c) => c[0].baseHash)).toEqual(['h0', 'hd']);
    });
  });
});
