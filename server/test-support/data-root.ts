import fs from 'node:fs';
import os from 'node:os';

/*
 * Where test servers keep their databases. A test server's data directory starts as a copy of the
 * migrated template (about 1,200 files, 41 MB) and is removed after its file; on this machine's
 * disk a copy and removal took about 2.4 s of a worker's time (0.4 s of it CPU, the rest waiting on
 * the disk), and the database's own writes and syncs wait on it too. /dev/shm is memory: the same
 * copy and removal take 0.35 s. Used when it has room for a run's databases; otherwise the
 * system's temp folder. FC_TEST_DATA_ROOT names another folder.
 */

/** A run's databases at their largest, with room to spare (a few dozen 50 MB folders at once). */
const ROOM_NEEDED = 2 * 1024 ** 3;

let chosen: string | undefined;

/** The folder test data directories and the template cluster are made in. */
export function testDataRoot(): string {
  if (chosen) return chosen;
  chosen = process.env.FC_TEST_DATA_ROOT || (hasRoom('/dev/shm') ? '/dev/shm' : os.tmpdir());
  return chosen;
}

function hasRoom(dir: string): boolean {
  try {
    const stats = fs.statfsSync(dir);
    fs.accessSync(dir, fs.constants.W_OK);
    return stats.bavail * stats.bsize >= ROOM_NEEDED;
  } catch {
    return false;
  }
}
