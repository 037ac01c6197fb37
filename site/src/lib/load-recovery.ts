import { whenReachable } from './code-loading.ts';

/*
 * What a started page does when a page or a part of it failed to load, so that the shopper need
 * not: used by the route's error (components/layout/route-error.tsx). Apart from code-loading.ts,
 * which the browser's entry loads on every page before anything else, so that this is loaded only
 * with the app.
 */

/**
 * Whether an error is the browser failing to fetch part of the page's code, in Chromium's,
 * Firefox's or Safari's words for a dynamic import that failed, or Vite's for a part's stylesheet,
 * rather than the code failing as it ran.
 */
export function isCodeLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/** How long after the page was loaded afresh for its code the same address is not loaded afresh again. */
export const RELOAD_GUARD_MS = 60_000;

/** Where the page notes the address it loaded afresh for its code, and when (this tab only). */
const RELOAD_NOTE_KEY = 'forecourt:reloaded-for-code';

/**
 * Notes that the page's address is about to be loaded afresh for its code, unless it was within
 * RELOAD_GUARD_MS: the page of the new release is missing the code as well, and loading it again
 * would only repeat. Without the tab's storage (a browser's strict privacy mode) the page cannot
 * tell, and is not loaded afresh.
 */
function mayReloadFor(win: Window): boolean {
  try {
    const href = win.location.href;
    const note = JSON.parse(win.sessionStorage.getItem(RELOAD_NOTE_KEY) ?? 'null') as { href?: string; at?: number } | null;
    if (note?.href === href && typeof note.at === 'number' && Date.now() - note.at < RELOAD_GUARD_MS) return false;
    win.sessionStorage.setItem(RELOAD_NOTE_KEY, JSON.stringify({ href, at: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

/**
 * What a started page does when a page or a part of it failed to load (a page the shopper went to
 * by a link, a dialog, a section), so that the shopper need not: offline, whatever failed, it
 * calls `retry` once the browser is back online. Online, when what failed was the page's code,
 * it asks the server for the page's address (until the server answers, as `whenReachable` does):
 * if the server answers, the missing code belongs to an earlier release of the site, whose parts
 * the new release replaced (a dealer's feature switched on or off), and asking for it again would
 * fail for good; so the address is loaded afresh, which brings the new release's page and code.
 * Once a minute at most for the same address (`mayReloadFor`); otherwise, and for any other
 * failure while online, the error stays with its Try again. Returns a function that stops it (the
 * error was left), or undefined when there is nothing to do.
 * @param error what failed
 * @param retry renders the page again, asking for its code and data again
 * @param win the window whose connection, address and storage are used
 */
export function recoverFromLoadFailure(error: unknown, retry: () => void, win: Window = window): (() => void) | undefined {
  let stopped = false;
  if (!win.navigator.onLine) {
    const online = () => {
      if (!stopped) retry();
    };
    win.addEventListener('online', online, { once: true });
    return () => {
      stopped = true;
      win.removeEventListener('online', online);
    };
  }
  if (!isCodeLoadError(error)) return undefined;
  const askServer = async () => {
    if (stopped) return;
    const answer = await win.fetch(win.location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    // A server restarting (502/503) has no new release to give yet: asked again after a pause.
    if (answer.status >= 500) throw new Error(`The server answered ${answer.status}`);
  };
  void whenReachable(askServer, win).then(() => {
    if (!stopped && mayReloadFor(win)) win.location.reload();
  });
  return () => {
    stopped = true;
  };
}
