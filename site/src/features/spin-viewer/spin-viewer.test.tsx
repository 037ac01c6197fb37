import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { replayHeldInput } from '../../lib/hydration-replay.ts';
import { leaveHeldInputPage, startHeldInputPage } from '../../test/held-input-page.ts';
import SpinViewer from './index.tsx';

// Spec §2 "Viewer tabs: Spin, Walkaround, Gallery, Interior, with Fullscreen".

afterEach(() => cleanup());

const props = {
  title: '2024 Kia Sportage GT-Line',
  frames: ['/spin/1.webp', '/spin/2.webp'],
  interiorImage: '/spin/interior.webp',
  walkaroundVideo: '/videos/walkaround.mp4',
  gallery: <p>Photos</p>,
  defaultView: 'spin' as const,
  autoRotate: false,
  intervalMs: 100,
  hotspots: null,
};

// Each view and what its fullscreen shows.
const VIEWS = [
  ['Spin', (shown: HTMLElement) => within(shown).getByRole('slider').getAttribute('aria-valuemax')],
  ['Walkaround', (shown: HTMLElement) => within(shown).getByLabelText(`${props.title} walkaround video`).tagName],
  ['Interior', (shown: HTMLElement) => within(shown).getByRole('img', { name: `${props.title} interior` }).getAttribute('src')],
] as const;
const EXPECTED = { Spin: '2', Walkaround: 'VIDEO', Interior: '/spin/interior.webp' };

test.each(VIEWS)('the %s view opens fullscreen in a dialog named after the car and the view', async (view, read) => {
  render(<SpinViewer {...props} />);
  fireEvent.click(screen.getByRole('button', { name: view }));
  fireEvent.click(screen.getByRole('button', { name: `Fullscreen ${view}` }));
  const dialog = await screen.findByRole('dialog', { name: `${props.title}: ${view}` });
  expect(read(within(dialog).getByTestId('viewer-fullscreen'))).toBe(EXPECTED[view]);
});

test('the Gallery keeps its own Fullscreen: the viewer adds none there', () => {
  render(<SpinViewer {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'Gallery' }));
  expect(screen.queryByRole('button', { name: /^Fullscreen/ })).toBeNull();
});

/** Lets the spinner's frame loading (imported when the frames start) arrive. */
function framesLoader() {
  return act(async () => {
    await import('./load-frames.ts');
  });
}

describe('the spinner loads its frames once the page has started, or at once when a shopper reaches for it', () => {
  /** Images the spinner asked for, each loaded when the test says. */
  let requested: FakeImage[] = [];
  class FakeImage extends EventTarget {
    src = '';
    constructor() {
      super();
      requested.push(this);
    }
  }
  /** The browser's idle callbacks the page asked for: the page has started once one runs (lib/after-page-start.ts). */
  let idle: (() => void)[] = [];
  beforeEach(async () => {
    requested = [];
    idle = [];
    loadedImages.clear();
    // The page has hydrated (what the root layout does after its first commit) and loaded
    // (jsdom's document is complete); the browser's idle moment is the test's to give.
    startHeldInputPage();
    await replayHeldInput();
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('Image', FakeImage);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    leaveHeldInputPage();
  });

  const frames = Array.from({ length: 36 }, (_, i) => `/spin/${i}.webp`);
  const spinProps = { ...props, frames, walkaroundVideo: null, interiorImage: null };
  /** Images whose load event the test has fired. */
  const loadedImages = new Set<FakeImage>();
  const loadAll = () =>
    act(() => {
      for (const image of requested) {
        if (loadedImages.has(image)) continue;
        loadedImages.add(image);
        image.dispatchEvent(new Event('load'));
      }
    });

  test('nothing loads while the page starts; then every frame, behind the loading screen, and the hint once all are in', async () => {
    render(<SpinViewer {...spinProps} />);
    await act(async () => {});
    expect(requested).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Loading 360° view… 0%');

    // The page waits for the browser's first idle moment, then starts the frames.
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]!());
    await framesLoader();
    // Six at a time, in order: each frame that arrives (or fails) asks for the next.
    expect(requested.map((image) => image.src)).toEqual(frames.slice(0, 6));
    act(() => requested[0]!.dispatchEvent(new Event('load')));
    act(() => requested[1]!.dispatchEvent(new Event('error')));
    expect(requested.map((image) => image.src)).toEqual(frames.slice(0, 8));
    // Half the frames arrive: the percentage follows within PROGRESS_EVERY_MS, in one render.
    act(() => {
      for (let i = 2; i < 18; i++) requested[i]!.dispatchEvent(new Event('load'));
    });
    expect(requested).toHaveLength(24);
    expect(screen.getByRole('status').textContent).toBe('Loading 360° view… 0%');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status').textContent).toBe('Loading 360° view… 50%');
    // The last frame shows the hint at once, without waiting for the next update.
    act(() => {
      for (let i = 18; i < frames.length; i++) requested[i]!.dispatchEvent(new Event('load'));
    });
    expect(requested.map((image) => image.src)).toEqual(frames);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('spin-hint').textContent).toBe('Swipe to spin');
  });

  test.each([
    ['points at it', (el: HTMLElement) => fireEvent.pointerEnter(el)],
    ['touches it', (el: HTMLElement) => fireEvent.touchStart(el)],
    ['tabs to it', (el: HTMLElement) => fireEvent.focus(el)],
  ])('a shopper who %s before the page has started gets the frames at once', async (_, reach) => {
    // The browser has had no idle moment: the page is still starting.
    render(<SpinViewer {...spinProps} />);
    await act(async () => {});
    expect(idle).toHaveLength(1);
    expect(requested).toHaveLength(0);
    act(() => reach(screen.getByRole('slider')));
    await framesLoader();
    expect(requested).toHaveLength(6);
    while (requested.some((image) => !loadedImages.has(image))) loadAll();
    expect(screen.getByTestId('spin-viewer').getAttribute('data-ready')).toBe('true');
  });
});
