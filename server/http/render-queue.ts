/*
 * Bounded page rendering. Server rendering is the expensive answer (tens of milliseconds of a
 * render thread per page); under more load than the machine can render, every page would wait
 * longer and longer until requests time out. So at most `concurrent` renders run at once, later
 * ones wait in order, and excess pages are answered 503 with Retry-After, but only under real
 * overload, never for an ordinary burst:
 * - a page is refused on arrival only when more pages already wait than the slots can clear
 *   within its remaining budget (counted with the median of recent render times, which one cold
 *   or slow render cannot skew, and never fewer than `burst` waiting: a browser's or a link
 *   checker's handful of pages always waits its turn), or when `queued` already wait;
 * - nothing is predicted past that: a page is answered busy at its deadline (its arrival plus
 *   the answer budget), whether still waiting for a slot, waiting for another shopper's render
 *   of the same page, or still rendering (that render goes on and lands in the page cache), and
 *   only while the queue is overloaded: more than `burst` pages waiting, or one shed within the
 *   last budget. Without overload a late page is let finish (slow first renders on a cold server
 *   are not a flood; refusing them would shed nothing).
 * Pages already kept in the page cache, files, search and the API never enter this queue.
 * Why this budget and these figures: docs/rendering.md ("Render queue").
 */

/** The answer budget, ms: under overload no page's answer takes longer than this from its arrival (docs/rendering.md says why 1.2 s). */
const ANSWER_BUDGET_MS = 1_200;

/** How often a page past its deadline looks again whether the queue is overloaded, ms. */
const RECHECK_MS = 100;

/** Render times the median is taken over (the most recent). */
const SAMPLES = 15;

/** A clock the queue keeps deadlines on (the process's in the server, a driven one in tests). */
export interface QueueClock {
  now(): number;
  /** Calls `fn` after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** The process's monotonic clock and timers. */
const realClock: QueueClock = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/** The render queue's settings. */
export interface RenderQueueOptions {
  /** Renders running at once. */
  concurrent: number;
  /** Renders waiting at most. */
  queued: number;
  /** Pages that may always wait for a slot, whatever renders take: a browser's or a couple of link checkers' bursts. More waiting is overload. */
  burst: number;
  /** The answer budget, ms (ANSWER_BUDGET_MS). */
  budgetMs: number;
  /** The clock deadlines are kept on. */
  clock: QueueClock;
}

/** The limits the server starts with: a render mostly holds its thread, so a few at once keep the threads busy while others wait on their data. */
export const RENDER_QUEUE_DEFAULTS: RenderQueueOptions = { concurrent: 2, queued: 64, burst: 8, budgetMs: ANSWER_BUDGET_MS, clock: realClock };

/** A refused render: answer 503 with this Retry-After (seconds). */
export interface Refusal {
  retryAfterSeconds: number;
}

/** One page's request: when its answer is due, and whether its shopper left. */
export interface RenderTicket {
  /** When the answer is due, on the queue's clock (default: now plus the budget). */
  deadline?: number;
  /** Aborted when the client went away (a waiting render is dropped). */
  gone?: AbortSignal;
}

/** The render queue of one server. */
export interface RenderQueue {
  /**
   * Runs a render when a slot is free, or refuses it. Resolves null when the render is done (or
   * its shopper left while it waited), or with a refusal: on arrival, or at the deadline under
   * overload. A render refused while running goes on (it keeps its slot until done); its caller
   * must then not write its answer.
   * @param work the render
   * @param ticket its deadline and the client's going away
   */
  run(work: () => Promise<void>, ticket?: RenderTicket): Promise<Refusal | null>;
  /**
   * Waits for another shopper's render of the same page: null when it landed, a refusal at the
   * deadline under overload.
   * @param landed settles when that render's page is written and kept
   * @param deadline when this page's answer is due
   */
  until(landed: Promise<unknown>, deadline: number): Promise<Refusal | null>;
  /** A deadline for a page arriving now. */
  deadline(): number;
  /** More than `burst` pages wait, or one was shed within the last budget. */
  readonly overloaded: boolean;
  /** The median of recent render times, ms (undefined before any render finished). */
  readonly renderMs: number | undefined;
  readonly running: number;
  readonly waiting: number;
}

interface Waiting {
  /** Takes the slot it was given. */
  start: () => void;
}

/**
 * Creates a render queue.
 * @param options limits and clock (RENDER_QUEUE_DEFAULTS for what is not given)
 */
export function createRenderQueue(options: Partial<RenderQueueOptions> = {}): RenderQueue {
  const limits = { ...RENDER_QUEUE_DEFAULTS, ...options };
  const { clock } = limits;
  let running = 0;
  const waiting: Waiting[] = [];
  const recent: number[] = [];
  let lastShed = -Infinity;

  const median = (): number | undefined => {
    if (recent.length === 0) return undefined;
    const sorted = [...recent].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const record = (ms: number) => {
    recent.push(ms);
    if (recent.length > SAMPLES) recent.shift();
  };
  /** Pages the slots can render within `ms`, at the median render time (no limit before one is known). */
  const clearable = (ms: number) => {
    const typical = median();
    return typical === undefined ? Infinity : Math.floor((limits.concurrent * Math.max(0, ms)) / Math.max(1, typical));
  };
  const overloaded = () => waiting.length > limits.burst || clock.now() - lastShed < limits.budgetMs;
  const shed = (): Refusal => {
    lastShed = clock.now();
    const expectedMs = ((waiting.length + 1) * (median() ?? 0)) / limits.concurrent;
    return { retryAfterSeconds: Math.max(1, Math.ceil(expectedMs / 1000)) };
  };
  /**
   * Calls `late` once the deadline has passed while the queue is overloaded (looking again every
   * RECHECK_MS after the deadline until then).
   * @returns cancels it
   */
  const whenLate = (deadline: number, late: () => void): (() => void) => {
    let cancel = clock.after(deadline - clock.now(), function check() {
      if (overloaded()) late();
      else cancel = clock.after(RECHECK_MS, check);
    });
    return () => cancel();
  };

  const next = () => {
    while (running < limits.concurrent && waiting.length > 0) {
      // The slot is taken here, before the waiting render resumes, so no other takes it meanwhile.
      running++;
      waiting.shift()!.start();
    }
  };

  const until = (landed: Promise<unknown>, deadline: number): Promise<Refusal | null> =>
    new Promise<Refusal | null>((resolve, reject) => {
      let settled = false;
      const cancel = whenLate(deadline, () => {
        settled = true;
        resolve(shed());
      });
      landed.then(
        () => {
          if (settled) return;
          settled = true;
          cancel();
          resolve(null);
        },
        (error: unknown) => {
          cancel();
          if (settled) console.error('[server] a render answered busy at its deadline failed later:', error);
          else reject(error instanceof Error ? error : new Error(String(error)));
          settled = true;
        },
      );
    });

  return {
    async run(work, ticket = {}) {
      const deadline = ticket.deadline ?? clock.now() + limits.budgetMs;
      const { gone } = ticket;
      if (running >= limits.concurrent) {
        const ahead = waiting.length;
        if (ahead >= limits.queued || (ahead >= limits.burst && ahead >= clearable(deadline - clock.now()))) return shed();
        const admitted = await new Promise<Refusal | boolean>((resolve) => {
          let settled = false;
          const entry: Waiting = { start: () => settle(true) };
          const settle = (value: Refusal | boolean | (() => Refusal)) => {
            if (settled) return;
            settled = true;
            cancelLate();
            const at = waiting.indexOf(entry);
            if (at >= 0) waiting.splice(at, 1);
            resolve(typeof value === 'function' ? value() : value);
          };
          waiting.push(entry);
          const cancelLate = whenLate(deadline, () => settle(shed));
          gone?.addEventListener('abort', () => settle(false), { once: true });
          if (gone?.aborted) settle(false);
        });
        if (admitted === false) return null;
        if (admitted !== true) return admitted;
      } else running++;
      const started = clock.now();
      const done = (async () => {
        try {
          await work();
        } finally {
          record(clock.now() - started);
          running--;
          next();
        }
      })();
      return until(done, deadline);
    },
    until,
    deadline: () => clock.now() + limits.budgetMs,
    get overloaded() {
      return overloaded();
    },
    get renderMs() {
      return median();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
