import { HOLD_INPUT_SCRIPT } from '../lib/hydration-replay.ts';

/** What one run of the page's inline script left on the page, so a test can take it away again. */
interface Installed {
  listeners: [type: string, listener: EventListenerOrEventListenerObject, options: boolean | AddEventListenerOptions | undefined][];
  timers: Parameters<typeof clearTimeout>[0][];
}

let installed: Installed | undefined;

/**
 * A page as the browser has it before the site's scripts run: no held input, not hydrated, no
 * replay, and the exact inline input-holding script the page carries, run afresh. For component
 * tests that hydrate with real React (React's act environment is switched on for them).
 *
 * Call `leaveHeldInputPage` after each test: it removes the script's document listeners and its
 * start-up timer, so an earlier test's script never answers for the next one's.
 */
export function startHeldInputPage(): void {
  leaveHeldInputPage();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  delete window.fcHeldInput;
  delete window.fcHydrated;
  delete window.fcReplay;
  delete window.fcReachesReact;
  const record: Installed = { listeners: [], timers: [] };
  const addListener = document.addEventListener;
  const setTimer = globalThis.setTimeout;
  document.addEventListener = function (this: Document, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
    record.listeners.push([type, listener, options]);
    addListener.call(this, type, listener, options);
  } as typeof document.addEventListener;
  globalThis.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const id: unknown = Reflect.apply(setTimer, globalThis, [handler, ms, ...rest]);
    record.timers.push(id as Parameters<typeof clearTimeout>[0]);
    return id;
  }) as typeof globalThis.setTimeout;
  try {
    runHoldInputScript();
  } finally {
    document.addEventListener = addListener;
    globalThis.setTimeout = setTimer;
  }
  installed = record;
}

/** Takes the inline script `startHeldInputPage` ran off the page, with the globals it set. */
export function leaveHeldInputPage(): void {
  if (!installed) return;
  for (const [type, listener, options] of installed.listeners) document.removeEventListener(type, listener, options);
  for (const id of installed.timers) clearTimeout(id);
  installed = undefined;
  delete window.fcHeldInput;
  delete window.fcHydrated;
  delete window.fcReplay;
  delete window.fcReachesReact;
  delete window.fcReplaying;
}

/** Runs the page's inline input-holding script as the page does (the router may run it again). */
export function runHoldInputScript(): void {
  // oxlint-disable-next-line no-new-func -- runs the exact inline script the page carries
  new Function(HOLD_INPUT_SCRIPT)();
}
