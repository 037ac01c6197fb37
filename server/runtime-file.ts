import path from 'node:path';

/**
 * Where a running server leaves its port and local admin token for tools on this machine
 * (`npm run leads` while `npm start` runs). Kept apart from the server so a tool that only reads
 * this file does not load the whole server.
 * @param dataDir the server's data directory
 */
export function serverRuntimeFile(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}
