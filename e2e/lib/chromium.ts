import { existsSync } from 'node:fs';

/** Where Debian's Chromium lives; `npx playwright install` cannot download browsers here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's build of Chromium's headless shell (package `chromium-headless-shell`): the same
 * Blink, V8 and network stack as `chromium`, without the desktop browser around them. It is what
 * Playwright itself runs for headless tests. On this two-core machine it opens a page in about a
 * third of the full browser's time (newPage 135–150 ms against 350–650 ms) and spent 35 s of CPU
 * on a browser spec where the full browser spent 90 s, which nearly halves the browser suite.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests drive: CHROMIUM_PATH when it is set explicitly, else the headless shell
 * when it is installed, else the full Chromium. Lighthouse (`npm run bench`) keeps the full
 * browser, as a shopper's is.
 */
export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

/**
 * Launch flags for headless Chromium on this machine: no sandbox (root), no GPU, and no
 * background networking, because the network is closed and Chromium would otherwise keep
 * opening refused connections.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright launch options for the browser tests (the headless shell where it is installed). */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: testBrowserPath(), args: CHROMIUM_ARGS };
}
