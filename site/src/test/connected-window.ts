import { vi } from 'vitest';

/**
 * A window whose connection the test sets, with the test's driven timers; its server answers
 * `serverAnswers` in turn (a number is a status, an error a lost request), and its reloads are counted.
 */
export function connectedWindow(onLine: boolean, serverAnswers: (number | Error)[] = []) {
  const events = new EventTarget();
  const storage = new Map<string, string>();
  const win = {
    navigator: { onLine },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    location: { href: 'https://example.localhost/cars/21', reload: vi.fn() },
    sessionStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) },
    fetch: vi.fn(async (_url: string, _init: RequestInit) => {
      const answer = serverAnswers.shift() ?? 200;
      if (answer instanceof Error) throw answer;
      return { status: answer } as Response;
    }),
  };
  const goOnline = () => {
    win.navigator.onLine = true;
    events.dispatchEvent(new Event('online'));
  };
  return { win: win as unknown as Window, goOnline, reload: win.location.reload, fetch: win.fetch };
}
