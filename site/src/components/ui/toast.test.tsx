import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastOptions } from './toast.tsx';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

function Shows({ toast, onReady }: { toast: ToastOptions; onReady: (show: () => void) => void }) {
  const show = useToast();
  onReady(() => show(toast));
  return null;
}

it("counts a toast's time on screen from the frame that draws it, not from when it entered the page", async () => {
  // The browser's frames are held, as they are while a busy main thread cannot paint.
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  // Timers on a driven clock that also moves with real time (the toast's code loads on first use).
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  let show: (() => void) | undefined;
  render(
    <ToastProvider>
      <Shows toast={{ title: 'Copied 2021 Toyota Corolla to your clipboard', durationMs: 150 }} onReady={(s) => (show = s)} />
    </ToastProvider>,
  );
  act(() => show?.());
  // The toast's code loads on first use: a busy machine can take more than the default second.
  await screen.findByText('Copied 2021 Toyota Corolla to your clipboard', undefined, { timeout: 10_000 });
  // Twice its duration without a frame, on the driven clock: still there (its timer has not started).
  act(() => vi.advanceTimersByTime(300));
  expect(screen.getByText('Copied 2021 Toyota Corolla to your clipboard')).toBeTruthy();
  // The frame that draws it: from then on its 150 ms run, and it goes.
  const drawnAt = performance.now();
  act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
  await waitFor(() => expect(screen.queryByText('Copied 2021 Toyota Corolla to your clipboard')).toBeNull(), { timeout: 2000 });
  expect(performance.now() - drawnAt).toBeGreaterThanOrEqual(150);
});

it('shows one toast at a time (spec §4): a new toast replaces the one on screen', async () => {
  let saved: (() => void) | undefined;
  let copied: (() => void) | undefined;
  render(
    <ToastProvider>
      <Shows toast={{ title: 'Car Saved In Watchlist', durationMs: 60_000 }} onReady={(s) => (saved = s)} />
      <Shows toast={{ title: 'Copied 2021 Toyota Corolla to your clipboard', durationMs: 60_000 }} onReady={(s) => (copied = s)} />
    </ToastProvider>,
  );
  act(() => saved?.());
  await screen.findByText('Car Saved In Watchlist', undefined, { timeout: 10_000 });
  act(() => copied?.());
  await screen.findByText('Copied 2021 Toyota Corolla to your clipboard');
  await waitFor(() => expect(screen.queryByText('Car Saved In Watchlist')).toBeNull());
});
