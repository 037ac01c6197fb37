// The embedded database in its own thread. When a write fails for want of
// disk or file size, PostgreSQL inside PGlite gives up on its WAL and the next call spins the
// thread forever; out here it spins only this worker, which the server terminates and reopens,
// while the main thread keeps serving every site. Plain JavaScript so any runner can start it.
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
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
