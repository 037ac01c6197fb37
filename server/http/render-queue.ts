/*
 * Bounded page rendering. Server rendering is the expensive answer (tens of milliseconds of the
 * one JavaScript thread per page); under more load than the machine can render, every page
 * would wait longer and longer until requests time out. So at most `concurrent` renders run at
 * once, later ones wait in order, and when the wait would pass `maxWaitMs` (the waiting renders
 * times the recent render time, shared by the running slots) or `queued` renders already wait,
 * the page is refused at once with 503 and Retry-After: the shopper's browser or a crawler comes
 * back shortly, and pages already kept in the page cache, files, search and the API are answered
 * as usual (they never enter this queue).
 */

/** The render queue's settings. */
export interface RenderQueueOptions {
  /** Renders running at once. */
  concurrent: number;
  /** Renders waiting at most. */
  queued: number;
  /** The longest a render may expect to wait before it is refused instead. */
  maxWaitMs: number;
}

/** The limits the server starts with: a render mostly holds the JavaScript thread, so a few at once are enough to keep it busy while others wait on their data. */
export const RENDER_QUEUE_DEFAULTS: RenderQueueOptions = { concurrent: 2, queued: 64, maxWaitMs: 1_000 };

/** A refused render: answer 503 with this Retry-After (seconds). */
export interface Refusal {
  retryAfterSeconds: number;
}

/** The render queue of one server. */
export interface RenderQueue {
  /**
   * Runs a render when a slot is free, or refuses it when the queue is too deep.
   * @param work the render
   * @param gone resolves, or is already settled, when the client went away (its wait is dropped)
   */
  run(work: () => Promise<void>, gone?: AbortSignal): Promise<Refusal | null>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * Creates a render queue.
 * @param options limits
 */
export function createRenderQueue(options: Partial<RenderQueueOptions> = {}): RenderQueue {
  const limits = { ...RENDER_QUEUE_DEFAULTS, ...options };
  let running = 0;
  const waiting: { start: () => void; signal?: AbortSignal }[] = [];
  // Recent render time (exponential average), for the expected wait.
  let averageMs = 50;

  const next = () => {
    while (running < limits.concurrent && waiting.length > 0) {
      const entry = waiting.shift()!;
      if (entry.signal?.aborted) continue;
      // The slot is taken here, before the waiting render resumes, so no other takes it meanwhile.
      running++;
      entry.start();
    }
  };

  return {
    async run(work, gone) {
      if (running >= limits.concurrent) {
        const expectedMs = ((waiting.length + 1) * averageMs) / limits.concurrent;
        if (waiting.length >= limits.queued || expectedMs > limits.maxWaitMs) {
          return { retryAfterSeconds: Math.max(1, Math.ceil(expectedMs / 1000)) };
        }
        const admitted = await new Promise<boolean>((resolve) => {
          const entry = { start: () => resolve(true), signal: gone };
          waiting.push(entry);
          gone?.addEventListener('abort', () => {
            const at = waiting.indexOf(entry);
            if (at >= 0) waiting.splice(at, 1);
            resolve(false);
          }, { once: true });
        });
        if (!admitted) return null;
      } else running++;
      const started = performance.now();
      try {
        await work();
      } finally {
        averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
        running--;
        next();
      }
      return null;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
