import { ANSWER_BUDGET_MS, realClock, type BudgetClock } from './answer-budget.ts';

/*
 * Bounded page rendering. Server rendering is the expensive answer (tens of milliseconds of a
 * render thread per page); under more load than the machine can render, every page would wait
 * longer and longer until requests time out. So at most `concurrent` renders run at once and
 * later ones wait in order, each against its request's deadline (server/http/answer-budget.ts):
 * - refused at once with 503 and Retry-After when `queued` renders already wait, or when the
 *   expected wait (the renders ahead times the recent render time, shared by the running slots)
 *   plus one render would pass the deadline;
 * - refused when it is still waiting at the last moment a render could start and finish in time
 *   (the deadline less the recent render time), whatever the estimate said when it came in.
 * A refused page never renders: the shopper's browser or a crawler comes back shortly, and pages
 * already kept in the page cache, files, search and the API are answered as usual (they never
 * enter this queue).
 */

/** The render queue's settings. */
export interface RenderQueueOptions {
  /** Renders running at once. */
  concurrent: number;
  /** Renders waiting at most. */
  queued: number;
  /** The longest a page's answer may take from its request's arrival, ms. */
  budgetMs: number;
  /** The clock deadlines are kept on. */
  clock: BudgetClock;
}

/** The limits the server starts with: a render mostly holds its thread, so a few at once are enough to keep the threads busy while others wait on their data. */
export const RENDER_QUEUE_DEFAULTS: RenderQueueOptions = { concurrent: 2, queued: 64, budgetMs: ANSWER_BUDGET_MS, clock: realClock };

/** A refused render: answer 503 with this Retry-After (seconds). */
export interface Refusal {
  retryAfterSeconds: number;
}

/** One render's request: when its answer is due, and whether its shopper left. */
export interface RenderTicket {
  /** When the answer is due, on the queue's clock (arrival + budget). */
  deadline: number;
  /** Aborted when the client went away (its wait is dropped). */
  gone?: AbortSignal;
}

/** The render queue of one server. */
export interface RenderQueue {
  /**
   * Runs a render when a slot is free in time, or refuses it.
   * @param work the render
   * @param ticket its deadline and the client's going away
   */
  run(work: () => Promise<void>, ticket: RenderTicket): Promise<Refusal | null>;
  /** Every slot is taken, renders wait for one, or one was refused within the last budget: the server is shedding pages. */
  readonly crowded: boolean;
  /** The recent render time, ms (what a render is expected to take). */
  readonly renderMs: number;
  readonly running: number;
  readonly waiting: number;
  readonly limits: Readonly<RenderQueueOptions>;
}

interface Waiting {
  /** Takes the slot it was given; false when it had already given up. */
  start: () => boolean;
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
  // Recent render time (exponential average), for the expected wait.
  let averageMs = 50;

  const next = () => {
    while (running < limits.concurrent && waiting.length > 0) {
      // The slot is taken here, before the waiting render resumes, so no other takes it meanwhile.
      if (waiting.shift()!.start()) running++;
    }
  };
  let lastRefusal = -Infinity;
  const refusal = (waitMs: number): Refusal => {
    lastRefusal = clock.now();
    return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  };

  return {
    async run(work, { deadline, gone }) {
      const now = clock.now();
      if (running >= limits.concurrent || now >= deadline) {
        const expectedMs = ((waiting.length + 1) * averageMs) / limits.concurrent;
        if (waiting.length >= limits.queued || now + expectedMs + averageMs > deadline) return refusal(expectedMs);
        // The last moment this render can start and still be answered in time.
        const startBy = deadline - averageMs;
        const admitted = await new Promise<Refusal | boolean>((resolve) => {
          let settled = false;
          const settle = (value: Refusal | boolean) => {
            if (settled) return false;
            settled = true;
            cancelTimer();
            const at = waiting.indexOf(entry);
            if (at >= 0) waiting.splice(at, 1);
            resolve(value);
            return true;
          };
          const entry: Waiting = { start: () => settle(true) };
          waiting.push(entry);
          const cancelTimer = clock.after(startBy - now, () => settle(refusal(((waiting.indexOf(entry) + 1) * averageMs) / limits.concurrent)));
          gone?.addEventListener('abort', () => settle(false), { once: true });
          if (gone?.aborted) settle(false);
        });
        if (admitted === false) return null;
        if (admitted !== true) return admitted;
      } else running++;
      const started = clock.now();
      try {
        await work();
      } finally {
        averageMs = averageMs * 0.8 + (clock.now() - started) * 0.2;
        running--;
        next();
      }
      return null;
    },
    get crowded() {
      return running >= limits.concurrent || waiting.length > 0 || clock.now() - lastRefusal < limits.budgetMs;
    },
    get renderMs() {
      return averageMs;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    limits,
  };
}
