import { expect, test } from 'vitest';
import { afterPageStart, IDLE_WAIT_CAP_MS, type StartWindow } from './after-page-start.ts';

/** A window that loads and goes idle when the test says so. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  const idle: { callback: () => void; timeout?: number }[] = [];
  const document = { readyState };
  const win = {
    document,
    addEventListener: target.addEventListener.bind(target),
    setTimeout: globalThis.setTimeout.bind(globalThis),
    requestIdleCallback: (callback: () => void, options?: { timeout: number }) => idle.push({ callback, timeout: options?.timeout }),
  } as unknown as StartWindow;
  const load = () => {
    document.readyState = 'complete';
    target.dispatchEvent(new Event('load'));
  };
  return { win, load, idle };
}

/** Whether the promise has settled after the tasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

test('the page has started only once it has hydrated, loaded and the browser is idle, in that order', async () => {
  let hydrate!: () => void;
  const hydrated = new Promise<void>((resolve) => (hydrate = resolve));
  const { win, load, idle } = fakeWindow('interactive');
  const started = afterPageStart(hydrated, win);

  expect(await settled(started)).toBe(false);
  hydrate();
  expect(await settled(started)).toBe(false);
  expect(idle).toHaveLength(0);
  load();
  expect(await settled(started)).toBe(false);
  expect(idle).toHaveLength(1);
  expect(idle[0]!.timeout).toBe(IDLE_WAIT_CAP_MS);
  idle[0]!.callback();
  expect(await settled(started)).toBe(true);
});

test('a page that loaded before it hydrated waits only for an idle moment after hydrating', async () => {
  let hydrate!: () => void;
  const hydrated = new Promise<void>((resolve) => (hydrate = resolve));
  const { win, load, idle } = fakeWindow('interactive');
  const started = afterPageStart(hydrated, win);
  load();
  expect(await settled(started)).toBe(false);
  expect(idle).toHaveLength(0);
  hydrate();
  expect(await settled(started)).toBe(false);
  idle[0]!.callback();
  expect(await settled(started)).toBe(true);
});
