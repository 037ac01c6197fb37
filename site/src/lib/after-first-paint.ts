import { whenReachable } from './code-loading.ts';

/*
 * The browser entry (site/src/main.tsx) starts the app only once the page has painted its
 * largest content. A server-rendered page is complete and styled without JavaScript; on a
 * phone, the app's ~130 KB of scripts downloading beside the page's first photo share the
 * connection with it, and their evaluation held the first paint back. So the entry waits for
 * the page's priority photo (the image rendered with fetchpriority="high", the largest paint of
 * a search or car page) or, without one, for the first frame, then imports the app (the
 * browser fetches its module graph as it imports it; no preloads, see docs/rendering.md).
 * Clicks, choices and typing meanwhile are held by the inline hold-input script and played back
 * after hydration (hydration-replay.ts).
 */

/** How long the app waits for a slow priority photo before it starts anyway. */
export const PHOTO_WAIT_CAP_MS = 3000;

/** A window, whose paint timing may be missing (older browsers, tests). */
type PaintWindow = Window & { PerformanceObserver?: typeof PerformanceObserver };

/**
 * Runs `start` once the page's largest content is on screen: the priority photo once it has
 * loaded (or failed, or `capMs` passed) and been painted, else the first paint.
 *
 * "Painted" is the browser's paint timing (a `largest-contentful-paint` entry, or `paint` where
 * there is none), which arrives once the frame is on screen. A frame's animation callback runs
 * before the frame is drawn and the screen shows it later still: started a task after that
 * callback, the app's first script request went out before the first paint in 3 of 8 Lighthouse
 * runs of harbourside's home page, and Lighthouse's simulation then counted the app's scripts
 * into the first and largest paint (LCP 1.67 s against 1.22 s). Without paint timing, two frames
 * stand in; a background tab paints nothing, so a timer (250 ms) stands in for the paint.
 */
export function afterLargestPaint(start: () => void, doc: Document = document, win: PaintWindow = window, capMs = PHOTO_WAIT_CAP_MS): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const photo = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const waitForPhoto = photo !== null && !photo.complete;
  const Observer = win.PerformanceObserver;
  const supported = Observer?.supportedEntryTypes ?? [];
  // Only the largest paint names its element: the photo's paint needs it, the first paint does not.
  const type = supported.includes('largest-contentful-paint') ? 'largest-contentful-paint' : !waitForPhoto && supported.includes('paint') ? 'paint' : null;
  if (Observer && type) {
    observer = new Observer((list) => {
      if (list.getEntries().some((entry) => !waitForPhoto || (entry as PerformanceEntry & { element?: Element | null }).element === photo)) win.setTimeout(run, 0);
    });
    observer.observe({ type, buffered: true });
  }
  let loaded = false;
  const afterLoad = () => {
    if (loaded) return;
    loaded = true;
    if (!type) win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(run, 0)));
    win.setTimeout(run, 250);
  };
  if (waitForPhoto) {
    photo.addEventListener('load', afterLoad, { once: true });
    photo.addEventListener('error', afterLoad, { once: true });
    win.setTimeout(afterLoad, capMs);
  } else {
    afterLoad();
  }
}

/**
 * Imports the app in steps, one task each: a module graph evaluates in one go, so React's, the
 * router's and the app's modules evaluated together block a phone for ~120 ms; in steps the
 * browser can handle input and paint between them. A step whose code does not arrive (a lost
 * connection) is asked for again until it does (code-loading.ts), and the next waits for it.
 */
export async function importInSteps(steps: readonly (() => Promise<unknown>)[], win: Window = window): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await new Promise<void>((resolve) => win.setTimeout(resolve, 0));
    await whenReachable(step, win);
  }
}
