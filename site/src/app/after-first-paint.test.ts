// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint, importInSteps, PHOTO_WAIT_CAP_MS } from './after-first-paint.ts';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** A window whose frames are painted on demand. */
function windowWithFrames() {
  const frames: FrameRequestCallback[] = [];
  const win = Object.assign(Object.create(window) as Window, {
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (handler: () => void, ms?: number) => window.setTimeout(handler, ms),
  });
  const paint = () => frames.splice(0).forEach((frame) => frame(0));
  return { win, paint };
}

describe('afterLargestPaint', () => {
  it('starts the app a task after the next frame when the page has no priority photo', () => {
    vi.useFakeTimers();
    const { win, paint } = windowWithFrames();
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    vi.advanceTimersByTime(10);
    expect(start).not.toHaveBeenCalled();
    paint();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the priority photo to load, then for a painted frame', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<img src="/photo.jpg" fetchpriority="high" alt="">';
    const photo = document.querySelector('img')!;
    Object.defineProperty(photo, 'complete', { value: false });
    const { win, paint } = windowWithFrames();
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    paint();
    vi.advanceTimersByTime(2000);
    expect(start).not.toHaveBeenCalled();
    photo.dispatchEvent(new Event('load'));
    paint();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when the photo fails or is slow, and without frames (a background tab)', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<img src="/photo.jpg" fetchpriority="high" alt="">';
    Object.defineProperty(document.querySelector('img')!, 'complete', { value: false });
    const { win } = windowWithFrames();
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    vi.advanceTimersByTime(PHOTO_WAIT_CAP_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 250);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('importInSteps', () => {
  it('runs each step a task after the previous one has finished', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const step = (name: string) => () => {
      order.push(`${name} start`);
      return Promise.resolve().then(() => order.push(`${name} done`));
    };
    const done = importInSteps([step('react'), step('app')]);
    await vi.advanceTimersByTimeAsync(0);
    await done;
    expect(order).toEqual(['react start', 'react done', 'app start', 'app done']);
  });

  it('waits for a task between steps, so the browser can handle input between them', async () => {
    vi.useFakeTimers();
    const app = vi.fn(() => Promise.resolve());
    void importInSteps([() => Promise.resolve(), app]);
    await Promise.resolve();
    await Promise.resolve();
    expect(app).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(app).toHaveBeenCalledTimes(1);
  });
});
