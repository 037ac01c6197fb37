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

/**
 * Runs `start` once, after the page's priority photo has loaded (or failed, or `capMs` passed)
 * and a frame has painted. A background tab paints no frames: a timer stands in for the frame.
 */
export function afterLargestPaint(start: () => void, doc: Document = document, win: Window = window, capMs = PHOTO_WAIT_CAP_MS): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    start();
  };
  let painted = false;
  const afterPaint = () => {
    if (painted) return;
    painted = true;
    // The callback of the next frame runs before it paints; a task later, it has painted.
    win.requestAnimationFrame(() => win.setTimeout(run, 0));
    win.setTimeout(run, 250);
  };
  const photo = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (photo && !photo.complete) {
    photo.addEventListener('load', afterPaint, { once: true });
    photo.addEventListener('error', afterPaint, { once: true });
    win.setTimeout(afterPaint, capMs);
  } else {
    afterPaint();
  }
}

/**
 * Imports the app in steps, one task each: a module graph evaluates in one go, so React's, the
 * router's and the app's modules evaluated together block a phone for ~120 ms; in steps the
 * browser can handle input and paint between them. Each step's modules were preloaded already.
 */
export async function importInSteps(steps: readonly (() => Promise<unknown>)[], win: Window = window): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await new Promise<void>((resolve) => win.setTimeout(resolve, 0));
    await step();
  }
}
