import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { markSiteStale, readSnapshot, readStaleSites, writeSnapshot } from './search-snapshot.ts';

/*
 * The search snapshot's stale marks: a re-indexed site is listed beside the snapshot until the
 * next snapshot is written, and a mark that cannot be written never fails the change (the
 * snapshot goes instead, so the next start reads every site from the database).
 */

const dirs: string[] = [];
const snapshotIn = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-snapshot-'));
  dirs.push(dir);
  return path.join(dir, 'search-snapshot.json');
};
const record = { objectID: '1', make: 'Kia' } as unknown as Parameters<typeof writeSnapshot>[1]['sites'][string]['records'][number];

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('re-indexed sites are listed until the next snapshot is written', () => {
  const file = snapshotIn();
  writeSnapshot(file, { sites: { '3': { version: 'a', records: [record] }, '5': { version: 'b', records: [] } } });
  expect(readStaleSites(file)).toEqual(new Set());
  markSiteStale(file, 3);
  markSiteStale(file, 5);
  markSiteStale(file, 3);
  expect(readStaleSites(file)).toEqual(new Set(['3', '5']));
  // The snapshot itself is untouched by a mark.
  expect(readSnapshot(file).sites['3']?.records).toEqual([record]);
  writeSnapshot(file, { sites: { '3': { version: 'c', records: [] } } });
  expect(readStaleSites(file)).toEqual(new Set());
});

test('a mark that cannot be written removes the snapshot instead of failing', () => {
  const file = snapshotIn();
  writeSnapshot(file, { sites: { '3': { version: 'a', records: [record] } } });
  // The mark's file is a folder: appending to it fails.
  fs.mkdirSync(`${file}.stale`);
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => markSiteStale(file, 3)).not.toThrow();
  expect(fs.existsSync(file)).toBe(false);
  expect(readSnapshot(file)).toEqual({ sites: {} });
  expect(logged.mock.calls[0]?.[0]).toMatch(/could not mark site 3 stale/);
});
