import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../../e2e/lib/chromium.ts';
import { run } from './run.ts';

/**
 * Makes sure Debian's Chromium is present for the browser tests, installing it with apt when
 * missing (CI runs as root on a fresh machine where only Debian's packages and npm can be
 * reached): the headless shell the tests drive, and the full browser that Lighthouse and people
 * use. Without the shell the tests run on the full browser, only slower.
 */
export async function ensureChromium(): Promise<void> {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return;
    throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.`);
  }
  const missing = [
    ...(existsSync(HEADLESS_SHELL_PATH) ? [] : ['chromium-headless-shell']),
    ...(existsSync(CHROMIUM_PATH) ? [] : ['chromium']),
  ];
  if (!missing.length) return;
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args: string[]) => (process.getuid?.() === 0 ? run('apt-get', args, env) : run('sudo', ['apt-get', ...args], env));
  const installed = (await apt('update', '-qq')) === 0 && (await apt('install', '-y', '-qq', ...missing, 'fonts-dejavu-core')) === 0;
  if (existsSync(HEADLESS_SHELL_PATH)) return;
  if (existsSync(CHROMIUM_PATH)) {
    console.warn(`chromium-headless-shell could not be installed${installed ? '' : ' (apt-get failed)'}: the browser tests run on ${CHROMIUM_PATH}, about twice as slowly.`);
    return;
  }
  throw new Error(`Could not install Chromium (apt-get install ${missing.join(' ')} failed). Install it and set CHROMIUM_PATH.`);
}
