import { whenOnline, whenReachable } from './code-loading.ts';

/*
 * What a started page does when a page or a part of it failed to load, so that the shopper need
 * not: used by the route's error (components/layout/route-error.tsx) and by the parts of pages
 * that load their code when they first render (lib/feature-component.tsx). Apart from code-loading.ts,
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
  if (loadedAfreshForCode(win)) return false;
  try {
    win.sessionStorage.setItem(RELOAD_NOTE_KEY, JSON.stringify({ href: win.location.href, at: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the page's address was loaded afresh for its code within the last RELOAD_GUARD_MS (so
 * code missing now is missing from the site's latest release too, not left behind by an earlier one).
 * @param win the window whose address and storage are read
 */
export function loadedAfreshForCode(win: Window = window): boolean {
  try {
    const note = JSON.parse(win.sessionStorage.getItem(RELOAD_NOTE_KEY) ?? 'null') as { href?: string; at?: number } | null;
    return note?.href === win.location.href && typeof note.at === 'number' && Date.now() - note.at < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/**
 * After the page's code failed to arrive while online: asks the server for the page's address
 * (until the server answers, as `whenReachable` does). If the server answers, the missing code
 * belongs to an earlier release of the site, whose parts the new release replaced (a dealer's
 * feature switched on or off), and asking for it again would fail for good; so the address is
 * loaded afresh, which brings the new release's page and code. Once a minute at most for the same
 * address (`mayReloadFor`). Resolves true when the page is being loaded afresh, false when not
 * (stopped meanwhile, or loaded afresh for its code within the minute).
 * @param win the window whose address, storage and server are used
 * @param stopped whether the caller no longer wants it (checked before each step)
 */
async function loadAfreshForNewRelease(win: Window, stopped: () => boolean): Promise<boolean> {
  // Loaded afresh for its code within the minute: it would not be again, so the server is not asked.
  if (loadedAfreshForCode(win)) return false;
  await whenReachable(async () => {
    if (stopped()) return;
    const answer = await win.fetch(win.location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    // A server restarting (502/503) has no new release to give yet: asked again after a pause.
    if (answer.status >= 500) throw new Error(`The server answered ${answer.status}`);
  }, win);
  if (stopped() || !mayReloadFor(win)) return false;
  win.location.reload();
  return true;
}

/**
 * What a started page does when a page or a part of it failed to load (a page the shopper went to
 * by a link, a dialog, a section), so that the shopper need not: offline, whatever failed, it
 * calls `retry` once the browser is back online. Online, when what failed was the page's code,
 * the page is loaded afresh once the server answers (`loadAfreshForNewRelease`); otherwise, and
 * for any other failure while online, the error stays with its Try again. Returns a function that
 * stops it (the error was left), or undefined when there is nothing to do.
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
  void loadAfreshForNewRelease(win, () => stopped);
  return () => {
    stopped = true;
  };
}

/**
 * The code of a part of a page that loads when it first renders (a dialog, a menu, a section),
 * asked for so that a failure does not put the route's error in place of the page: offline, it
 * is asked for again once back online (`whenOnline`); online, code left behind by an earlier
 * release loads the page afresh (`loadAfreshForNewRelease`) while the part's place stays as it
 * was. It fails only when the code is missing from the latest release too, or for another cause.
 * @param load the part's dynamic import
 * @param win the window whose connection, address, storage and server are used
 */
export function partCode<T>(load: () => Promise<T>, win: Window = window): Promise<T> {
  return whenOnline(load, win).catch(async (error: unknown) => {
    if (isCodeLoadError(error) && (await loadAfreshForNewRelease(win, () => false))) return new Promise<T>(() => {});
    throw error;
  });
}
