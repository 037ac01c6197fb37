import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import Sharing from './index.tsx';

const URL_OF_CAR = 'https://www.example.com.au/cars/2021-toyota-corolla-1';

function renderSharing() {
  return render(
    <ToastProvider>
      <Sharing title="2021 Toyota Corolla" url={URL_OF_CAR} />
    </ToastProvider>,
  );
}

describe('Sharing (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(() => Promise.resolve()) } });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  test('a network link opens its share page in a 550 by 400 window', () => {
    const shared = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(shared);
    renderSharing();
    const facebook = screen.getByRole('link', { name: /Facebook/ });
    const clicked = fireEvent.click(facebook);
    expect(open).toHaveBeenCalledTimes(1);
    const [href, , features] = open.mock.calls[0]!;
    expect(href).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(URL_OF_CAR)}`);
    expect(String(features)).toMatch(/(^|,)width=550(,|$)/);
    expect(String(features)).toMatch(/(^|,)height=400(,|$)/);
    expect(clicked, 'the page itself does not navigate').toBe(false);
    expect(shared.opener).toBeNull();
  });

  test('a blocked window leaves the plain link to open', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderSharing();
    expect(fireEvent.click(screen.getByRole('link', { name: /X \(Twitter\)/ }))).toBe(true);
  });

  test("Copy link says 'Share Copied' for 1.5 s", async () => {
    renderSharing();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
      await Promise.resolve();
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledTimes(1);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Share Copied');
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(status.textContent).toBe('Share Copied');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status.textContent).toBe('');
  });
});
