import type { QueueClock } from '../http/render-queue.ts';

/** One turn of the event loop: every promise settled by now has run its callbacks. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock a test moves: its timers fire, in time order, only when the test advances it past
 * them, with a turn of the event loop after each, so what a timer sets off (a render finishing,
 * the next one starting, a client asking again) has happened before the next timer fires.
 */
export function drivenClock() {
  let now = 0;
  let timers: { at: number; seq: number; fn: () => void }[] = [];
  let seq = 0;
  const clock: QueueClock = {
    now: () => now,
    after(ms, fn) {
      const timer = { at: now + Math.max(0, ms), seq: seq++, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
  };
  /** Moves the clock `ms` on, firing the timers due meanwhile. */
  const advance = async (ms: number) => {
    const until = now + ms;
    await turn();
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
      await turn();
    }
    now = until;
    await turn();
  };
  return { clock, advance, pending: () => timers.length, now: () => now };
}
