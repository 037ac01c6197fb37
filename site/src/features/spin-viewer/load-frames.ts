/*
 * The spinner's frame loading (features/spin-viewer), loaded when the frames start loading: not
 * part of what the car page loads before it hydrates.
 */

/** How often the loading screen's percentage is brought up to date while frames arrive. */
const PROGRESS_EVERY_MS = 100;
/**
 * Frames asked for at once; each one that arrives asks for the next. Asked for all together, the
 * 35 requests left the page in one task that took a phone's main thread for ~60 ms (×4) while the
 * browser sent them; a browser fetches six at a time from a site over HTTP/1.1 in any case.
 */
const FRAMES_AT_ONCE = 6;

/**
 * Loads `frames`, FRAMES_AT_ONCE at a time, telling `onProgress` how many have arrived (or failed)
 * at most every PROGRESS_EVERY_MS and at once when the last one has. Returns a stop.
 */
export function loadFrames(frames: readonly string[], onProgress: (count: number) => void): () => void {
  let alive = true;
  let count = 0;
  let next = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    pending = undefined;
    if (alive) onProgress(count);
  };
  const loadNext = () => {
    if (!alive || next >= frames.length) return;
    const image = new Image();
    image.addEventListener('load', done);
    image.addEventListener('error', done);
    image.src = frames[next++]!;
  };
  function done() {
    count++;
    if (count >= frames.length) {
      clearTimeout(pending);
      show();
    } else pending ??= setTimeout(show, PROGRESS_EVERY_MS);
    loadNext();
  }
  for (let i = 0; i < FRAMES_AT_ONCE; i++) loadNext();
  return () => {
    alive = false;
    clearTimeout(pending);
  };
}
