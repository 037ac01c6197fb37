import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { serverRuntimeFile } from '../../server/runtime-file.ts';
import { tenantHttp } from './tenant-http.ts';
import { E2E_DATA_DIR } from './tenants.ts';

/**
 * The headers staff tools on this machine send the running e2e server: its local admin token,
 * from the file the server leaves in its data directory (as `npm run leads` and
 * `npm run dealer-account` read it).
 */
export function localAdminHeaders(): Record<string, string> {
  const { adminToken } = JSON.parse(fs.readFileSync(serverRuntimeFile(E2E_DATA_DIR), 'utf8')) as { adminToken: string };
  return { 'x-forecourt-admin-token': adminToken };
}

/**
 * A dealer account's password, as `npm run dealer-account` gets it from the running server (a
 * generated password shown once; there is no default password). Each call replaces the password
 * of the account (and ends its sessions), so specs that run at the same time use accounts of
 * their own.
 * @param slug the tenant
 * @param email the account (default `dealer@<slug>.localhost`)
 */
export async function dealerPassword(slug: string, email = `dealer@${slug}.localhost`): Promise<string> {
  const r = await tenantHttp(slug, '/api/dealer/accounts', { headers: localAdminHeaders(), body: { email } });
  if (r.status !== 200 && r.status !== 201) throw new Error(`the dealer API answered ${r.status} for an account on ${slug}: ${r.text}`);
  return (r.json as { password: string }).password;
}

/**
 * A dealer account's password, the way staff get one: `npm run dealer-account -- <slug> --email`
 * started as its own process, which asks the running server and prints the password once. It
 * costs about half a second of CPU, so one journey uses it and the other tests ask the API
 * (dealerPassword).
 */
export function dealerPasswordByCommand(slug: string, email: string): string {
  const root = path.join(import.meta.dirname, '..', '..');
  const loader = pathToFileURL(path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const out = execFileSync(process.execPath, ['--import', loader, path.join(root, 'scripts', 'dealer-account.ts'), slug, '--email', email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  const password = /Password \(shown once[^)]*\): (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`npm run dealer-account printed no password:\n${out}`);
  return password;
}
