import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedWindow as browser } from '../test/connected-window.ts';
import { whenOnline, whenReachable } from './code-loading.ts';

/** A load that fails `failures` times, then gives `value`; counts its calls. */
function flaky(failures: number, value = 'the code') {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return value;
  });
  return load;
}

afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['whenReachable', whenReachable],
  ['whenOnline', whenOnline],
])('%s offline', (_name, ask) => {
  it('asks again only once the browser is back online, and then gives the code', async () => {
    vi.useFakeTimers();
    const { win, goOnline } = browser(false);
    const load = flaky(1);
    let got: string | undefined;
    void ask(load, win).then((value) => (got = value));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(got).toBeUndefined();
    goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(got).toBe('the code');
  });
});

describe('whenReachable', () => {
  it('online: asks again after 1 s, then twice as long each time, never more than 30 s apart, and never fails', async () => {
    vi.useFakeTimers();
    const { win } = browser(true);
    const load = flaky(8);
    let got: string | undefined;
    void whenReachable(load, win).then((value) => (got = value));
    await vi.advanceTimersByTimeAsync(0);
    const callsAt: number[] = [];
    // 1, 2, 4, 8, 16, 30, 30, 30 s after each failure: the ninth call succeeds.
    for (const pause of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]) {
      await vi.advanceTimersByTimeAsync(pause - 1);
      callsAt.push(load.mock.calls.length);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(callsAt).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(load).toHaveBeenCalledTimes(9);
    expect(got).toBe('the code');
  });
});

describe('whenOnline', () => {
  it('online: gives the failure at once, without asking again (the route’s error sees to it)', async () => {
    vi.useFakeTimers();
    const { win } = browser(true);
    const load = flaky(1);
    await expect(whenOnline(load, win)).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
