import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freshDataDir, removeDataDirs } from '../../server/test-support/data-dir.ts';
import { testDataRoot } from '../../server/test-support/data-root.ts';
import { startTestServer } from '../../server/test-support/test-server.ts';
import { keepPreparedData, PREPARED_DATA_DIR, preparedDataFolder, preparedDataKey, usePreparedData } from './prepared-data.ts';

const dirs: string[] = [];
afterAll(() => removeDataDirs(dirs), 60_000);

/** Beside the test servers' data directories: prepared data is moved (renamed) into the repository, as on one disk at install. */
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(testDataRoot(), prefix));
  dirs.push(dir);
  return dir;
}

/** A repository with two tenant files and an uploaded image. */
function repo(): string {
  const root = tempDir('fc-prepared-repo-');
  fs.mkdirSync(path.join(root, 'tenants', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'tenants', 'alpha.json'), '{"name":"Alpha"}');
  fs.writeFileSync(path.join(root, 'tenants', 'beta.json'), '{"name":"Beta"}');
  fs.writeFileSync(path.join(root, 'tenants', 'assets', 'logo.svg'), '<svg/>');
  fs.mkdirSync(path.join(root, 'server', 'seed'), { recursive: true });
  fs.writeFileSync(path.join(root, 'server', 'seed', 'seed.ts'), 'export const CARS = 1;');
  return root;
}

/** Data prepared for the repository as it is now: a stand-in database folder and search records. */
function prepare(root: string, cars?: number): string {
  const data = tempDir('fc-prepared-data-');
  fs.mkdirSync(path.join(data, 'pglite'));
  fs.writeFileSync(path.join(data, 'pglite', 'PG_VERSION'), '17');
  fs.writeFileSync(path.join(data, 'search-snapshot.json'), '{"sites":{}}');
  const key = preparedDataKey(root, cars);
  keepPreparedData(root, key, data);
  return key;
}

describe('the data prepared at install', () => {
  test('is made again when a tenant file, the server code, the car count or the day changes, not for an uploaded image', () => {
    const root = repo();
    const key = preparedDataKey(root, undefined);
    expect(preparedDataKey(root, undefined)).toBe(key);
    expect(preparedDataKey(root, 500)).not.toBe(key);
    const morning = new Date('2026-11-29T00:00:01Z');
    expect(preparedDataKey(root, undefined, new Date('2026-11-29T23:59:59Z'))).toBe(preparedDataKey(root, undefined, morning));
    expect(preparedDataKey(root, undefined, new Date('2026-11-30T00:00:00Z'))).not.toBe(preparedDataKey(root, undefined, morning));
    fs.writeFileSync(path.join(root, 'tenants', 'assets', 'logo.svg'), '<svg width="2"/>');
    expect(preparedDataKey(root, undefined)).toBe(key);
    fs.writeFileSync(path.join(root, 'tenants', 'beta.json'), '{"name":"Beta Caravans"}');
    const edited = preparedDataKey(root, undefined);
    expect(edited).not.toBe(key);
    fs.writeFileSync(path.join(root, 'server', 'seed', 'seed.ts'), 'export const CARS = 2;');
    expect(preparedDataKey(root, undefined)).not.toBe(edited);
  });

  test('is copied into an empty data folder with its search records, and into no folder holding a database', async () => {
    const root = repo();
    prepare(root);
    const empty = path.join(tempDir('fc-prepared-use-'), 'data');
    expect(await usePreparedData({ repoRoot: root, dataDir: empty, cars: undefined })).toBe(true);
    expect(fs.readFileSync(path.join(empty, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17');
    expect(fs.readFileSync(path.join(empty, 'search-snapshot.json'), 'utf8')).toBe('{"sites":{}}');
    expect(fs.readdirSync(empty).sort()).toEqual(['pglite', 'search-snapshot.json']);

    const used = tempDir('fc-prepared-used-');
    fs.mkdirSync(path.join(used, 'pglite'));
    fs.writeFileSync(path.join(used, 'pglite', 'PG_VERSION'), 'a database of its own');
    expect(await usePreparedData({ repoRoot: root, dataDir: used, cars: undefined })).toBe(false);
    expect(fs.readFileSync(path.join(used, 'pglite', 'PG_VERSION'), 'utf8')).toBe('a database of its own');
    expect(fs.existsSync(path.join(used, 'search-snapshot.json'))).toBe(false);
  });

  test('is not used once the sources changed, nor for another car count or day; preparing again keeps only the newest', async () => {
    const root = repo();
    const old = prepare(root);
    expect(await usePreparedData({ repoRoot: root, dataDir: path.join(tempDir('fc-prepared-cars-'), 'data'), cars: 50 })).toBe(false);
    // Seeded today, it is not used tomorrow: the demo data is dated from its seeding day.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    expect(await usePreparedData({ repoRoot: root, dataDir: path.join(tempDir('fc-prepared-day-'), 'data'), cars: undefined, now: tomorrow })).toBe(false);
    expect(await usePreparedData({ repoRoot: root, dataDir: path.join(tempDir('fc-prepared-today-'), 'data'), cars: undefined })).toBe(true);
    fs.writeFileSync(path.join(root, 'tenants', 'alpha.json'), '{"name":"Alpha Motors"}');
    const dataDir = path.join(tempDir('fc-prepared-stale-'), 'data');
    expect(await usePreparedData({ repoRoot: root, dataDir, cars: undefined })).toBe(false);
    expect(fs.existsSync(dataDir)).toBe(false);

    expect(fs.existsSync(dataDir)).toBe(false);
    const fresh = prepare(root);
    expect(fs.readdirSync(path.join(root, PREPARED_DATA_DIR))).toEqual([fresh]);
    expect(fresh).not.toBe(old);
  });

  test('a seeded database, closed and copied, opens with its stock and is not seeded again', async () => {
    const root = repo();
    const first = freshDataDir('fc-prepared-seed-');
    dirs.push(first);
    const seeding = await startTestServer({ dataDir: first, seedCars: 40 });
    expect(seeding.seeded?.cars).toBeGreaterThanOrEqual(40);
    const cars = await seeding.db.selectFrom('cars').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await seeding.close();
    fs.rmSync(path.join(first, 'image-cache'), { recursive: true, force: true });
    keepPreparedData(root, preparedDataKey(root, 40), first);
    expect(fs.existsSync(path.join(preparedDataFolder(root, preparedDataKey(root, 40)), 'search-snapshot.json'))).toBe(true);

    const second = path.join(tempDir('fc-prepared-copy-'), 'data');
    expect(await usePreparedData({ repoRoot: root, dataDir: second, cars: 40 })).toBe(true);
    const server = await startTestServer({ dataDir: second, seedCars: 40 });
    try {
      expect(server.seeded).toBeNull();
      const copied = await server.db.selectFrom('cars').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(copied.n)).toBe(Number(cars.n));
    } finally {
      await server.close();
    }
  }, 120_000);
});
