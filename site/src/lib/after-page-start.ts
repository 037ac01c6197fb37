import { afterHydration } from './hydration-replay.ts';

/*
 * Work a page does not need to start (a car's 36 spin frames, ~200 KB) waits until it has
 * started: hydrated, loaded, and the browser idle. Started with the first commit, the frames'
 * downloads and their load events shared a phone's connection and main thread with the parts that
 * hydrate after it (the sidebar, the sticky header, the phone bar) and with their code arriving.
 */

/** How long the browser's idle time is waited for once the page has loaded. */
export const IDLE_WAIT_CAP_MS = 2000;

/** The window parts read here (a test passes its own). */
export type StartWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  document: Pick<Document, 'readyState'>;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Resolves once the page has started: the app has hydrated it (`hydrated`), the window has
 * loaded, and the browser has an idle moment (or `IDLE_WAIT_CAP_MS` passed without one).
 */
export async function afterPageStart(hydrated: Promise<void> = afterHydration(), win: StartWindow = window): Promise<void> {
  await hydrated;
  if (win.document.readyState !== 'complete') await new Promise<void>((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
  await new Promise<void>((resolve) => {
    if (win.requestIdleCallback) win.requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_CAP_MS });
    else win.setTimeout(resolve, 0);
  });
}
