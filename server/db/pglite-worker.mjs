// The embedded database in its own thread. When a write fails for want of
// disk or file size, PostgreSQL inside PGlite gives up on its WAL and the query that met it (or the
// next one) spins the thread forever; out here it spins only this worker, which the server
// terminates and reopens, while the main thread keeps serving every site. Plain JavaScript so any
// runner can start it.
import fs, { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { STORAGE_ERRNO_CODES } from './storage-codes.mjs';

const port = parentPort;

// PGlite's file system reaches the disk through these calls of Node's `fs` module. The first one
// the storage refuses (no space, file-size limit, read-only) is told to the server at once, before
// PostgreSQL spins on it: the server then fails the requests waiting on this thread with 503 and
// reopens the database, where it would otherwise wait for the stuck query's time limit.
const WRITING_CALLS = ['openSync', 'writeSync', 'fsyncSync', 'fdatasyncSync', 'ftruncateSync', 'truncateSync', 'mkdirSync', 'renameSync', 'unlinkSync'];
let storageRefused = false;
for (const name of WRITING_CALLS) {
  const call = fs[name];
  fs[name] = function storageWatched(...args) {
    try {
      return call.apply(this, args);
    } catch (error) {
      if (!storageRefused && STORAGE_ERRNO_CODES.has(error?.code)) {
        storageRefused = true;
        port.postMessage({ type: 'storage-failure', error: { message: `${name.replace(/Sync$/, '')}: ${error.message}`, code: error.code } });
      }
      throw error;
    }
  };
}
let db;
try {
  db = await PGlite.create(workerData.dir);
  await db.waitReady;
  // The kernel's id of this thread (Linux), so the server can tell its CPU time apart (the stock bench does).
  let tid = null;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    // Not Linux: no per-thread figures.
  }
  port.postMessage({ type: 'ready', tid });
} catch (error) {
  port.postMessage({ type: 'failed', error: { message: String(error?.message ?? error), code: error?.code } });
}

port.on('message', async (msg) => {
  if (msg.type === 'close') {
    try {
      if (db && !db.closed) await db.close();
    } finally {
      port.postMessage({ type: 'closed' });
    }
    return;
  }
  try {
    const result = await db.query(msg.sql, msg.params, { rowMode: 'object' });
    port.postMessage({ type: 'result', id: msg.id, rows: result.rows, affectedRows: result.affectedRows });
  } catch (error) {
    port.postMessage({ type: 'error', id: msg.id, error: { message: String(error?.message ?? error), code: error?.code, detail: error?.detail } });
  }
});
