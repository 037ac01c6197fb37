/*
 * The page's own code, asked for until it arrives. A server-rendered page works before its
 * scripts run (its links and forms are plain HTML, and what the shopper types or picks meanwhile is
 * held for the app: hydration-replay.ts). A connection lost while the scripts load (a train going
 * into a tunnel) used to fail the app's start for good, and a part's code failing while the page
 * hydrated removed the whole page: the shopper was left with a blank window and lost what they
 * had typed. Code that does not arrive is now asked for again, and the page stays as the server
 * rendered it until it does.
 */

/** The first pause before asking again while the browser says it is online (a server restarting). */
export const FIRST_RETRY_MS = 1000;

/** The longest pause between two asks while online: each pause is twice the last, up to this. */
export const RETRY_CAP_MS = 30_000;

/**
 * Runs `load` until it succeeds, and never fails: after a failure it asks again as soon as the
 * browser is back online, or, while online, after a pause that doubles each time (FIRST_RETRY_MS,
 * up to RETRY_CAP_MS).
 * @param load asks for the code (a dynamic import, or what loads a page's lazily loaded parts)
 * @param win the window whose connection and timers are used
 */
export function whenReachable<T>(load: () => Promise<T>, win: Window = window): Promise<T> {
  return askUntilLoaded(load, win, true);
}

/**
 * Runs `load`, and while the browser is offline waits to run it again once back online: the part
 * of the page it loads waits (the server's HTML, or its place left empty) where a failure would
 * put the route's error in place of the whole page. A failure while online is given to the caller
 * (the route's error then sees whether the site has had a new release, load-recovery.ts).
 * @param load asks for a part's code (a dynamic import)
 * @param win the window whose connection is used
 */
export function whenOnline<T>(load: () => Promise<T>, win: Window = window): Promise<T> {
  return askUntilLoaded(load, win, false);
}

/** `load` asked again once back online after failing offline; after failing online, asked again after a pause (`retryOnline`) or failed. */
function askUntilLoaded<T>(load: () => Promise<T>, win: Window, retryOnline: boolean): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let pause = FIRST_RETRY_MS;
    const attempt = (): void => {
      load().then(resolve, (error: unknown) => {
        if (!win.navigator.onLine) {
          win.addEventListener('online', attempt, { once: true });
          return;
        }
        if (!retryOnline) {
          reject(error);
          return;
        }
        win.setTimeout(attempt, pause);
        pause = Math.min(pause * 2, RETRY_CAP_MS);
      });
    };
    attempt();
  });
}
