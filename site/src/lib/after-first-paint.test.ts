// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint, importInSteps, PHOTO_WAIT_CAP_MS } from './after-first-paint.ts';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** A window whose frames are painted on demand, with the browser's paint timing or without it. */
function windowWithFrames({ paintTiming = false } = {}) {
  const frames: FrameRequestCallback[] = [];
  const observers: { callback: PerformanceObserverCallback; type?: string; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint', 'mark'];
    private readonly record: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe(options: { type: string }) {
      this.record.type = options.type;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const win = Object.assign(Object.create(window) as Window, {
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (handler: () => void, ms?: number) => window.setTimeout(handler, ms),
    PerformanceObserver: paintTiming ? (FakeObserver as unknown as typeof PerformanceObserver) : undefined,
  });
  const frame = () => frames.splice(0).forEach((callback) => callback(0));
  /** The browser reports a largest paint (of `element`) once its frame is on screen. */
  const reportLargestPaint = (element: Element) => {
    for (const observer of observers.filter((o) => !o.disconnected && o.type === 'largest-contentful-paint')) {
      const entries = [{ entryType: 'largest-contentful-paint', element }] as unknown as PerformanceEntryList;
      observer.callback({ getEntries: () => entries } as PerformanceObserverEntryList, observer as unknown as PerformanceObserver);
    }
  };
  return { win, frame, reportLargestPaint, observers };
}

/** The page's priority photo, still loading, after `before` (other content). */
function loadingPhoto(before = ''): HTMLImageElement {
  document.body.innerHTML = `${before}<img src="/photo.jpg" fetchpriority="high" alt="">`;
  const photo = document.querySelector('img')!;
  Object.defineProperty(photo, 'complete', { value: false });
  return photo;
}

describe('afterLargestPaint', () => {
  it('with paint timing, starts the app a task after the first paint is on screen, not after a frame callback', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<h1>Sydney\'s biggest lot</h1>';
    const { win, frame, reportLargestPaint, observers } = windowWithFrames({ paintTiming: true });
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    frame();
    frame();
    vi.advanceTimersByTime(10);
    expect(start, 'frame callbacks run before the frame is on screen').not.toHaveBeenCalled();
    reportLargestPaint(document.querySelector('h1')!);
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(observers.every((o) => o.disconnected)).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('with paint timing, waits for the priority photo\'s own paint, not the text\'s before it', () => {
    vi.useFakeTimers();
    const photo = loadingPhoto('<h1>2026 Kia Sorento</h1>');
    const { win, reportLargestPaint } = windowWithFrames({ paintTiming: true });
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    reportLargestPaint(document.querySelector('h1')!);
    vi.advanceTimersByTime(2000);
    expect(start).not.toHaveBeenCalled();
    photo.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(10);
    expect(start).not.toHaveBeenCalled();
    reportLargestPaint(photo);
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('with paint timing, a loaded photo that is not the largest paint starts the app 250 ms on', () => {
    vi.useFakeTimers();
    const photo = loadingPhoto();
    const { win } = windowWithFrames({ paintTiming: true });
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    photo.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(249);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, starts the app a task after the second frame when the page has no priority photo', () => {
    vi.useFakeTimers();
    const { win, frame } = windowWithFrames();
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    vi.advanceTimersByTime(10);
    expect(start).not.toHaveBeenCalled();
    frame();
    vi.advanceTimersByTime(0);
    expect(start).not.toHaveBeenCalled();
    frame();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, waits for the priority photo to load, then for painted frames', () => {
    vi.useFakeTimers();
    const photo = loadingPhoto();
    const { win, frame } = windowWithFrames();
    const start = vi.fn();
    afterLargestPaint(start, document, win);
    frame();
    vi.advanceTimersByTime(2000);
    expect(start).not.toHaveBeenCalled();
    photo.dispatchEvent(new Event('load'));
    frame();
    frame();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  for (const paintTiming of [false, true])
    it(`starts anyway when the photo fails or is slow, and without frames or paints (a background tab)${paintTiming ? ', with paint timing' : ''}`, () => {
      vi.useFakeTimers();
      loadingPhoto();
      const { win } = windowWithFrames({ paintTiming });
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

  it('asks again for a step whose code did not arrive, and starts the next only once it has', async () => {
    vi.useFakeTimers();
    const react = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({});
    const app = vi.fn(() => Promise.resolve());
    let finished = false;
    void importInSteps([react, app]).then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(react).toHaveBeenCalledTimes(1);
    expect(app).not.toHaveBeenCalled();
    // Online (jsdom's navigator says so): asked again a second after the failure.
    await vi.advanceTimersByTimeAsync(1);
    expect(react).toHaveBeenCalledTimes(2);
    await vi.runAllTimersAsync();
    expect(react).toHaveBeenCalledTimes(2);
    expect(app).toHaveBeenCalledTimes(1);
    expect(finished).toBe(true);
  });
});
