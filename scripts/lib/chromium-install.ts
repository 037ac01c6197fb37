import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../../e2e/lib/chromium.ts';
import { run } from './run.ts';

/**
 * Makes sure Debian's Chromium is present, installing it with apt when missing (CI runs as
 * root on a fresh machine where only Debian's packages and npm can be reached).
 */
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`Chromium not found at ${CHROMIUM_PATH}: installing Debian's chromium…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args: string[]) => (sudo.length ? run('sudo', ['apt-get', ...args], env) : run('apt-get', args, env));
  if ((await apt('update', '-qq')) !== 0 || (await apt('install', '-y', '-qq', 'chromium', 'fonts-dejavu-core')) !== 0 || !existsSync(CHROMIUM_PATH)) {
    throw new Error(`Could not install Chromium (apt-get install chromium failed). Install it and set CHROMIUM_PATH.`);
  }
}
