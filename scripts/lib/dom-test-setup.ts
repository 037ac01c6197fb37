import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
// Every component test file meets the same page: the carousel's observers and matchMedia are
// there whichever files ran before it in this worker (the gallery crashed a page in a file that
// happened to run before any file that added them).
import '../../site/src/test/browser-stubs.ts';

/*
 * Component tests wait up to 5 s (not Testing Library's 1 s) for what they expect: much of the
 * site loads on first use through import(), and on a busy two-core machine the first load of such
 * a module can take over a second. A real failure still fails, only later; nothing is retried.
 */
configure({ asyncUtilTimeout: 5_000 });

/*
 * The component test files of a worker share one page and one module graph (vitest.config.ts,
 * project "dom"): setting up a fresh jsdom and importing React afresh for every file cost about
 * five times the tests themselves. So each test leaves the page as it found it: what it rendered
 * is unmounted after it, and after each file the body, the head's additions, storage, timers,
 * stubs, the page's start-up globals and the modules' own state go too.
 */
afterEach(() => cleanup());

// The page's own globals as the first file of this worker found them (kept on the global object,
// which outlives each file): one a file deleted (a fake clock's uninstall can delete what it
// replaced) is put back before the next file, so no file meets a page without, say, its
// animation frames.
const PAGE_GLOBALS = Symbol.for('forecourt.dom-test.page-globals');
const store = globalThis as unknown as Record<symbol, Map<PropertyKey, PropertyDescriptor> | undefined>;
const pageGlobals = (store[PAGE_GLOBALS] ??= new Map(
  Reflect.ownKeys(globalThis).flatMap((key) => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
    return descriptor ? [[key, descriptor] as const] : [];
  }),
));
function restorePageGlobals(): void {
  for (const [key, descriptor] of pageGlobals) {
    if (!Object.prototype.hasOwnProperty.call(globalThis, key)) Object.defineProperty(globalThis, key, descriptor);
  }
}
restorePageGlobals();

afterAll(() => {
  document.body.innerHTML = '';
  for (const node of document.head.querySelectorAll('style, link, meta, script, title')) node.remove();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('lang');
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const key of ['fcHeldInput', 'fcHydrated', 'fcReplay', 'fcReplaying']) Reflect.deleteProperty(window, key);
  restorePageGlobals();
  window.history.replaceState(null, '', '/');
  // Modules load afresh for the next file (their caches and first-use state with them); their
  // compiled code is kept, which is most of what a fresh file cost.
  vi.resetModules();
});
