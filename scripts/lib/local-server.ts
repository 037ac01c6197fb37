/**
 * How a command reaches the platform's data: through a running `npm start` on this machine (the
 * embedded database admits one process, so the command asks the server over loopback with its
 * local admin token), or by opening the database itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { databaseOptionsFromEnv, type DatabaseOptions } from '../../server/db/database.ts';
import { serverRuntimeFile } from '../../server/index.ts';
import { REPO_ROOT } from './tenants.ts';

/** A running server's port and local admin token. */
export interface LocalServer {
  pid: number;
  port: number;
  adminToken: string;
}

/** The data directory commands use (DATA_DIR, else the repository's .data). */
export function localDataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
}

/** Database options of the commands: DATABASE_URL, else the embedded database of the data directory. */
export function localDatabaseOptions(): DatabaseOptions {
  const options = databaseOptionsFromEnv();
  if (!options.databaseUrl && !process.env.PGLITE_DIR && !process.env.DATA_DIR) options.pgliteDir = path.join(REPO_ROOT, '.data', 'pglite');
  return options;
}

/** The server running on this data directory, if its process is alive. */
export function runningServer(): LocalServer | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(serverRuntimeFile(localDataDir()), 'utf8')) as LocalServer;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}
