import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { E2E_DATA_DIR } from './tenants.ts';

/**
 * A dealer account's password, the way staff get one: `npm run dealer-account -- <slug>` asks the
 * running server and prints a generated password once (there is no default password). Each call
 * replaces the password of the account (and ends its sessions), so specs that run at the same
 * time use accounts of their own.
 * @param slug the tenant
 * @param email the account (default `dealer@<slug>.localhost`, passed as the staff member's address)
 */
export function dealerPassword(slug: string, email?: string): string {
  const root = path.join(import.meta.dirname, '..', '..');
  const loader = pathToFileURL(path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const out = execFileSync(process.execPath, ['--import', loader, path.join(root, 'scripts', 'dealer-account.ts'), slug, '--email', email ?? `dealer@${slug}.localhost`], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  const password = /Password \(shown once[^)]*\): (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`npm run dealer-account printed no password:\n${out}`);
  return password;
}
