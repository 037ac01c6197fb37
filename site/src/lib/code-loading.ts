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
  return new Promise<T>((resolve) => {
    let pause = FIRST_RETRY_MS;
    const attempt = (): void => {
      load().then(resolve, () => {
        if (!win.navigator.onLine) {
          win.addEventListener('online', attempt, { once: true });
          return;
        }
        win.setTimeout(attempt, pause);
        pause = Math.min(pause * 2, RETRY_CAP_MS);
      });
    };
    attempt();
  });
}
