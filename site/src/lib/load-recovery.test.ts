import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedWindow as browser } from '../test/connected-window.ts';
import { isCodeLoadError, loadedAfreshForCode, partCode, recoverFromLoadFailure } from './load-recovery.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Chromium's, Firefox's and Safari's words for a page's code that did not arrive. */
const CODE_LOST = [
  new TypeError('Failed to fetch dynamically imported module: https://example.localhost/assets/about-us-DI4Oh5JV.js'),
  new TypeError('error loading dynamically imported module: https://example.localhost/assets/about-us-DI4Oh5JV.js'),
  new TypeError('Importing a module script failed.'),
];

describe('isCodeLoadError', () => {
  it("is the browsers' failures to fetch code, not code failing as it ran or a refused request", () => {
    expect(CODE_LOST.map((error) => isCodeLoadError(error))).toEqual([true, true, true]);
    expect(isCodeLoadError(new TypeError("Cannot read properties of undefined (reading 'price')"))).toBe(false);
    expect(isCodeLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isCodeLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('recoverFromLoadFailure', () => {
  it('offline: tries again once the browser is back online, whatever failed, and not after it was stopped', async () => {
    for (const error of [CODE_LOST[0], new TypeError('Failed to fetch')]) {
      const { win, goOnline, reload, fetch } = browser(false);
      const retry = vi.fn();
      expect(recoverFromLoadFailure(error, retry, win)).toBeTypeOf('function');
      expect(retry).not.toHaveBeenCalled();
      goOnline();
      expect(retry).toHaveBeenCalledTimes(1);
      goOnline();
      expect(retry).toHaveBeenCalledTimes(1);
      expect(fetch).not.toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
    }
    const { win, goOnline } = browser(false);
    const retry = vi.fn();
    recoverFromLoadFailure(CODE_LOST[0], retry, win)?.();
    goOnline();
    expect(retry).not.toHaveBeenCalled();
  });

  it('online, code gone: asks the server for the address without its cache, and loads the page afresh once a minute at most', async () => {
    vi.useFakeTimers();
    const { win, reload, fetch } = browser(true);
    const retry = vi.fn();
    recoverFromLoadFailure(CODE_LOST[0], retry, win);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledWith('https://example.localhost/cars/21', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    expect(reload).toHaveBeenCalledTimes(1);
    // The new release's page is missing the code too: the error stays, with its Try again.
    await vi.advanceTimersByTimeAsync(59_000);
    recoverFromLoadFailure(CODE_LOST[1], retry, win);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    // A minute after the page was loaded afresh, it may be again.
    await vi.advanceTimersByTimeAsync(1000);
    recoverFromLoadFailure(CODE_LOST[2], retry, win);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(retry).not.toHaveBeenCalled();
  });

  it('online, code gone and the server not answering or restarting: asks again after 1 s, then 2 s, and loads the page afresh once it answers', async () => {
    vi.useFakeTimers();
    const { win, reload, fetch } = browser(true, [new TypeError('Failed to fetch'), 503, 200]);
    recoverFromLoadFailure(CODE_LOST[0], vi.fn(), win);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('online, any other failure: nothing to do (the error offers Try again); stopped, it does not load the page afresh', async () => {
    vi.useFakeTimers();
    const { win, reload, fetch } = browser(true);
    expect(recoverFromLoadFailure(new TypeError("Cannot read properties of undefined (reading 'price')"), vi.fn(), win)).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    // Stopped as soon as it began (the shopper left the error): its one question to the server is not followed by a reload.
    recoverFromLoadFailure(CODE_LOST[0], vi.fn(), win)?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(1);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('partCode', () => {
  it('online, code gone: the part waits while the server is asked for the address, and the page is loaded afresh; a minute later it may be again', async () => {
    vi.useFakeTimers();
    const { win, reload, fetch } = browser(true, [503, 200]);
    const settled = vi.fn();
    expect(loadedAfreshForCode(win)).toBe(false);
    void partCode(() => Promise.reject(CODE_LOST[0]), win).then(settled, settled);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // The server restarting answered 503: asked again a second later, then the page is loaded afresh.
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(loadedAfreshForCode(win)).toBe(true);
    // The part never fails meanwhile: its place stays as it was until the page is loaded afresh.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(settled).not.toHaveBeenCalled();
    expect(loadedAfreshForCode(win)).toBe(false);
  });

  it('online, code gone within a minute of the page being loaded afresh for it: the part fails (the error says the code is missing), without loading the page again', async () => {
    vi.useFakeTimers();
    const { win, reload } = browser(true);
    void partCode(() => Promise.reject(CODE_LOST[1]), win);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_000);
    await expect(partCode(() => Promise.reject(CODE_LOST[2]), win)).rejects.toBe(CODE_LOST[2]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(loadedAfreshForCode(win)).toBe(true);
  });

  it('online, the code failing as it ran: fails at once, without asking the server; offline: waits and loads once back online', async () => {
    const { win, reload, fetch } = browser(true);
    const fault = new TypeError("Cannot read properties of undefined (reading 'price')");
    await expect(partCode(() => Promise.reject(fault), win)).rejects.toBe(fault);
    expect(fetch).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    const offline = browser(false);
    const answers = [Promise.reject(CODE_LOST[0]), Promise.resolve('the part')];
    const part = partCode(() => answers.shift()!, offline.win);
    // The failure is seen (a turn of the event loop) before the browser is back online.
    await new Promise((resolve) => setTimeout(resolve, 0));
    offline.goOnline();
    await expect(part).resolves.toBe('the part');
    expect(offline.fetch).not.toHaveBeenCalled();
  });
});
