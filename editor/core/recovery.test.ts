import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecoveryStore } from './recovery.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'recovery-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('RecoveryStore', () => {
  it('keeps drafts across instances (a restart) and lists the newest first', async () => {
    const before = new RecoveryStore(path.join(dir, 'r'));
    await before.save('alpha', 'a text', 'hash-a', 1000);
    await before.save('beta', 'b text', null, 2000);

    const after = new RecoveryStore(path.join(dir, 'r'));
    const drafts = await after.list();

    expect(drafts).toEqual([
      { slug: 'beta', text: 'b text', savedAt: 2000, baseHash: null },
      { slug: 'alpha', text: 'a text', savedAt: 1000, baseHash: 'hash-a' },
    ]);
  });

  it('drops a draft on discard', async () => {
    const store = new RecoveryStore(dir);
    await store.save('alpha', 'x', null);

    await store.discard('alpha');

    expect(await store.list()).toEqual([]);
  });

  it('skips a corrupt draft instead of failing', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'broken.draft.json'), '{not json');
    const store = new RecoveryStore(dir);
    await store.save('ok', 'fine', null, 5);

    const drafts = await store.list();

    expect(drafts.map((d) => d.slug)).toEqual(['ok']);
  });

  it('returns no drafts when the folder does not exist yet', async () => {
    expect(await new RecoveryStore(path.join(dir, 'missing')).list()).toEqual([]);
  });
});
