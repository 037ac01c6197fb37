/*
 * The browser entry (site/src/main.tsx) starts the app only once the page has painted its
 * largest content. A server-rendered page is complete and styled without JavaScript; on a
 * phone, the app's ~130 KB of scripts downloading beside the page's first photo share the
 * connection with it, and their evaluation held the first paint back. So the entry waits for
 * the page's priority photo (the image rendered with fetchpriority="high", the largest paint of
 * a search or car page) or, without one, for the first frame, then preloads every module the
 * page needs at once (listed by the server in `data-fc-modules` script tags, one per matched
 * route) and imports the app. Clicks, choices and typing meanwhile are held by the inline
 * hold-input script and played back after hydration (hydration-replay.ts).
 */

/** Attribute of the inert body scripts (`type="text/plain"`) listing the modules a page needs. */
export const PAGE_MODULES_ATTRIBUTE = 'data-fc-modules';

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

/** Adds a module preload for every module the server listed for this page; returns their URLs. */
export function preloadPageModules(doc: Document = document): string[] {
  const urls = new Set<string>();
  for (const list of doc.querySelectorAll(`script[${PAGE_MODULES_ATTRIBUTE}]`)) {
    for (const url of (list.getAttribute(PAGE_MODULES_ATTRIBUTE) ?? '').split(' ')) if (url) urls.add(url);
  }
  const linked = new Set([...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  for (const url of urls) {
    if (linked.has(url)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    doc.head.append(link);
  }
  return [...urls];
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
