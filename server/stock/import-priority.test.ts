import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type PlatformDatabase } from '../db/database.ts';
import { databaseThreadIds } from '../db/pglite-thread.ts';
import { FEED_THREAD_NICE_STEPS } from './feed-worker-priority.ts';
import { canRestorePriority, withDatabaseInBackground } from './import-priority.ts';
import { freshDataDir, removeDataDirs } from '../test-support/data-dir.ts';

/*
 * The database thread runs behind the request thread while an import runs, and only where its
 * priority can be set back afterwards. The nice values are read from /proc, as the kernel
 * schedules by them.
 */

/** /proc/self/limits with a nice limit of `soft`. */
const limits = (soft: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax nice priority         ${soft}                    ${soft}                    \n`;

describe('whether a lowered priority can be set back', () => {
  test('root may always', () => {
    expect(canRestorePriority(0, limits('0'), 0)).toBe(true);
  });
  test('another user only as far as the nice limit reaches (20 minus the limit)', () => {
    expect(canRestorePriority(0, limits('0'), 1000)).toBe(false);
    expect(canRestorePriority(0, limits('20'), 1000)).toBe(true);
    expect(canRestorePriority(10, limits('10'), 1000)).toBe(true);
    expect(canRestorePriority(9, limits('10'), 1000)).toBe(false);
    expect(canRestorePriority(0, limits('unlimited'), 1000)).toBe(true);
  });
  test('without /proc/self/limits, not for another user', () => {
    expect(canRestorePriority(0, null, 1000)).toBe(false);
  });
});

// Field 19 of /proc/self/task/<tid>/stat (counted from the pid, after the name in brackets).
const niceOf = (tid: number) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19 - 3]);

describe.runIf(process.platform === 'linux')('the embedded database thread during an import', () => {
  let dir: string;
  let database: PlatformDatabase;
  /** This file's database thread: another file's server in this worker may have one open too. */
  let tid: number | undefined;
  beforeAll(async () => {
    // A copy of the migrated template, not a cluster made from scratch (initdb and every migration).
    dir = freshDataDir('fc-import-priority-');
    const open = new Set(databaseThreadIds());
    database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    tid = [...databaseThreadIds()].find((id) => !open.has(id));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await removeDataDirs([dir]);
  }, 60_000);

  test('is lowered by the feed worker\'s steps while imports run, and set back when the last ends', async () => {
    expect(tid).toBeDefined();
    const before = niceOf(tid!);
    const limitsText = fs.readFileSync('/proc/self/limits', 'utf8');
    const during = canRestorePriority(before, limitsText, process.geteuid?.()) ? Math.min(19, before + FEED_THREAD_NICE_STEPS) : before;
    let releaseFirst: (() => void) | undefined;
    const first = withDatabaseInBackground(() => new Promise<void>((resolve) => (releaseFirst = resolve)));
    expect(niceOf(tid!)).toBe(during);
    // A second import starts and the first ends: the thread stays lowered until the second ends too.
    const second = withDatabaseInBackground(async () => {
      releaseFirst?.();
      await first;
      expect(niceOf(tid!)).toBe(during);
      // The database answers meanwhile.
      return database.db.selectFrom('sites').select((e) => e.fn.countAll().as('n')).execute();
    });
    await second;
    expect(niceOf(tid!)).toBe(before);
    // The request thread's own priority is never touched.
    expect(niceOf(process.pid)).toBe(os.getPriority());
  });

  test('is set back when the import fails', async () => {
    const before = niceOf(tid!);
    await expect(withDatabaseInBackground(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(niceOf(tid!)).toBe(before);
  });
});
