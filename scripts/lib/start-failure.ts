/*
 * What `npm start` says when it cannot start for a reason the person running it can put right:
 * one plain line naming the cause and what to do, instead of a stack trace. Anything else is a
 * fault of ours and keeps its stack. Told apart by the errors' own marks, so this module loads
 * nothing of the platform (start.ts loads the database module first: scripts/start.test.ts).
 */

/** Where the platform was starting: its port, and its database (a folder, or a PostgreSQL server). */
export interface StartPlace {
  port: number;
  /** The embedded database's folder; null on PostgreSQL. */
  databaseDir: string | null;
}

/**
 * The line `npm start` prints for a start-up failure the person running it can put right, or
 * null for any other error (shown as it is).
 * @param error what starting threw
 * @param place the port and the database it was starting with
 */
export function startFailureText(error: unknown, place: StartPlace): string | null {
  if (error === null || typeof error !== 'object') return null;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; pid?: unknown; dir?: unknown; storageFailure?: unknown };
  if (e.code === 'EADDRINUSE') return `Port ${place.port} is already in use by another program: stop it, or start on another port (PORT=8081 npm start).`;
  if (e.code === 'EACCES') return `Port ${place.port} may only be used with administrator rights: start on a port from 1024 up (PORT=8080 npm start), behind a proxy for ports 80 and 443.`;
  if (e.name === 'DatabaseLockedError') {
    return `The database in ${String(e.dir)} is in use by another running Forecourt (process ${String(e.pid)}): stop that one first, or start this one with its own data folder (DATA_DIR=.data-2 npm start).`;
  }
  if (e.storageFailure === true) {
    const reason = String(e.message ?? '');
    return place.databaseDir === null
      ? `The database cannot be reached (${reason}): check that PostgreSQL is running and that DATABASE_URL points at it, then start again.`
      : `The database in ${place.databaseDir} cannot be opened because its storage refused a write (${reason}): check that the disk has space and that the folder is writable, then start again.`;
  }
  return null;
}
