import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EntrySpec, RenderedAnswer, RenderInput, SearchRequest } from './render-core.mjs';

/*
 * Render threads. Server rendering is the expensive answer (tens to hundreds of milliseconds of
 * JavaScript per page); on the server's own thread every other request — another tenant's API,
 * files, search, kept pages — waited behind it. So pages are rendered by a small pool of worker
 * threads (server/http/render-worker.mjs), each importing the tenants' server entries itself,
 * and the server's thread only routes, answers everything else and writes the rendered page out.
 * A render is read whole before it is written, so a slow client holds no render thread.
 * - Each render has a time limit: past it, its thread is ended (a render stuck in a loop cannot
 *   be stopped any other way) and started again; its renders answer "busy" and the pool goes on.
 * - A thread that dies (a crash inside an entry) fails only its own renders and is replaced.
 * - A rebuilt bundle is a new import URL. A thread that imported an older build of the same
 *   entry is retired (no new renders, ended when its renders are done) and replaced by a fresh
 *   one that imports the new build: Node keeps every module a thread ever imported, so this is
 *   what lets old builds go.
 * How many renders run at once and how many may wait is decided by the render queue in front
 * of the pool (server/http/render-queue.ts).
 */

/** The render pool's settings. */
export interface RenderPoolOptions {
  /** Render threads. */
  threads: number;
  /** Renders one thread takes at once (a render waits for its searches and API calls). */
  perThread: number;
  /** The longest a render may take before its thread is ended. */
  timeoutMs: number;
}

/** Render threads: one per core, at least one and at most four (each holds its own copy of the bundles). */
export function defaultRenderThreads(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cores));
}

/** The pool the server starts with. */
export const RENDER_POOL_DEFAULTS: RenderPoolOptions = { threads: defaultRenderThreads(), perThread: 2, timeoutMs: 10_000 };

/** One render handed to the pool. */
export interface RenderJob {
  entry: EntrySpec;
  /** The entry's file (and stand-in key) and its build: a newer build retires threads holding an older one. */
  file: string;
  version: string;
  input: RenderInput;
  /** Answers the render's searches (on the server's thread, where the engine is). */
  search: (request: SearchRequest) => Promise<{ content: string; status: number }>;
  /** Aborted when the shopper went away (the render is told; its slot is held until it ends). */
  signal?: AbortSignal;
}

/** How a render ended. */
export type RenderOutcome =
  | { kind: 'rendered'; answer: RenderedAnswer }
  /** The entry could not be imported (a broken build). */
  | { kind: 'load-failed'; message: string }
  /** The render threw, or its thread died. */
  | { kind: 'failed'; message: string }
  /** The render passed its time limit, or its thread was ended for another's. */
  /** Stopped: its own render ran past the limit (`retrySoon` false), or it was cut off with its
   * thread or by a closing server, where the same page asked again is likely to be drawn. */
  | { kind: 'timed-out'; message: string; retrySoon: boolean };

/** Sends a message to a render thread (a worker, not a window: no target origin). */
function send(worker: Worker, message: unknown): void {
  worker.postMessage(message); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
}

interface Job {
  id: number;
  job: RenderJob;
  resolve: (outcome: RenderOutcome) => void;
  timer: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
  /** Entry file → the build this thread imported. */
  loaded: Map<string, string>;
  /** Imported specs by file (preloaded by the thread that replaces it). */
  specs: Map<string, EntrySpec>;
  retiring: boolean;
}

/** A server entry to import ahead of its first render. */
export type WarmEntry = Pick<RenderJob, 'entry' | 'file' | 'version'>;

/** The render pool of one server. */
export interface RenderPool {
  render(job: RenderJob): Promise<RenderOutcome>;
  /**
   * Starts every render thread now and has them import these entries, each entry in one thread
   * (its renders go there while it has room), so that the first page of each is only a render
   * (`npm start` does this while the database opens).
   */
  warm(entries: readonly WarmEntry[]): void;
  /** Renders the pool takes at once (threads × per thread). */
  readonly capacity: number;
  /** Threads started since the pool began (replacements included). */
  readonly started: number;
  /** Ends every thread. */
  close(): Promise<void>;
}

type FromThread =
  | { type: 'search'; id: number; seq: number; request: SearchRequest }
  | { type: 'done'; id: number; answer?: RenderedAnswer; error?: { kind: 'load' | 'render'; message: string } };

/**
 * Creates a render pool; threads start on the first render.
 * @param options threads, renders per thread, time limit
 * @param log where restarts are reported
 */
export function createRenderPool(options: Partial<RenderPoolOptions> = {}, log: (line: string) => void = (line) => console.error(line)): RenderPool {
  const settings = { ...RENDER_POOL_DEFAULTS, ...options };
  const threads: Thread[] = [];
  /** Entry file → the newest build seen. */
  const newest = new Map<string, string>();
  let nextId = 1;
  let started = 0;
  let closed = false;

  const finish = (thread: Thread, id: number, outcome: RenderOutcome) => {
    const job = thread.jobs.get(id);
    if (!job) return;
    thread.jobs.delete(id);
    clearTimeout(job.timer);
    job.resolve(outcome);
    if (thread.retiring && thread.jobs.size === 0) void thread.worker.terminate();
  };

  const spawn = (preload: EntrySpec[] = []): Thread => {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url));
    started++;
    // The server's open requests keep the process alive, not idle render threads.
    worker.unref();
    const thread: Thread = { worker, jobs: new Map(), loaded: new Map(), specs: new Map(), retiring: false };
    threads.push(thread);
    if (preload.length > 0) send(worker, { type: 'preload', entries: preload });
    worker.on('message', (msg: FromThread) => {
      if (msg.type === 'search') {
        const job = thread.jobs.get(msg.id);
        if (!job) return;
        job.job.search(msg.request).then(
          (answer) => send(worker, { type: 'search', seq: msg.seq, content: answer.content, status: answer.status }),
          (error: unknown) => send(worker, { type: 'search', seq: msg.seq, error: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      if (msg.answer) finish(thread, msg.id, { kind: 'rendered', answer: msg.answer });
      else finish(thread, msg.id, { kind: msg.error?.kind === 'load' ? 'load-failed' : 'failed', message: msg.error?.message ?? 'render failed' });
    });
    const died = (reason: string) => {
      const at = threads.indexOf(thread);
      if (at < 0) return;
      threads.splice(at, 1);
      for (const id of thread.jobs.keys()) finish(thread, id, { kind: 'failed', message: `render thread ${reason}` });
      if (!closed && !thread.retiring) {
        log(`[render] a render thread ${reason}; starting another`);
        spawn(currentSpecs(thread));
      }
    };
    worker.on('error', (error: unknown) => died(`failed: ${error instanceof Error ? error.message : String(error)}`));
    worker.on('exit', (code) => died(`stopped (exit code ${code})`));
    return thread;
  };

  /** The entries a thread had imported that are still the newest build: its replacement loads them at once. */
  const currentSpecs = (thread: Thread): EntrySpec[] => [...thread.specs].filter(([file]) => newest.get(file) === thread.loaded.get(file)).map(([, spec]) => spec);

  const retire = (thread: Thread) => {
    thread.retiring = true;
    spawn(currentSpecs(thread));
    if (thread.jobs.size === 0) void thread.worker.terminate();
  };

  /** Ends a thread whose render passed its time limit; its other renders answer "busy". */
  const restart = (thread: Thread, id: number) => {
    finish(thread, id, { kind: 'timed-out', message: `render took over ${settings.timeoutMs} ms`, retrySoon: false });
    for (const other of thread.jobs.keys()) finish(thread, other, { kind: 'timed-out', message: 'its render thread was restarted', retrySoon: true });
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    if (!thread.retiring) {
      log(`[render] a render took over ${settings.timeoutMs} ms; restarting its thread`);
      spawn(currentSpecs(thread));
    }
    void thread.worker.terminate();
  };

  /** The least busy thread; one that already imported this build of the entry while it has room, so an entry is not imported by every thread at once. */
  const pick = (file: string, version: string): Thread => {
    const live = threads.filter((t) => !t.retiring);
    while (live.length < settings.threads) live.push(spawn());
    const least = (among: Thread[]) => among.reduce((best, t) => (t.jobs.size < best.jobs.size ? t : best));
    const holding = live.filter((t) => t.loaded.get(file) === version && t.jobs.size < settings.perThread);
    return least(holding.length > 0 ? holding : live);
  };

  return {
    render(job) {
      if (closed) return Promise.resolve({ kind: 'timed-out', message: 'the server is closing', retrySoon: true });
      const seen = newest.get(job.file);
      if (seen !== job.version) {
        newest.set(job.file, job.version);
        if (seen !== undefined) for (const t of threads) if (!t.retiring && t.loaded.has(job.file) && t.loaded.get(job.file) !== job.version) retire(t);
      }
      const thread = pick(job.file, job.version);
      thread.loaded.set(job.file, job.version);
      thread.specs.set(job.file, job.entry);
      const id = nextId++;
      return new Promise<RenderOutcome>((resolve) => {
        const timer = setTimeout(() => restart(thread, id), settings.timeoutMs);
        thread.jobs.set(id, { id, job, resolve, timer });
        job.signal?.addEventListener('abort', () => send(thread.worker, { type: 'abort', id }), { once: true });
        send(thread.worker, { type: 'render', id, entry: job.entry, input: job.input });
      });
    },
    warm(entries) {
      if (closed || entries.length === 0) return;
      for (const e of entries) if (!newest.has(e.file)) newest.set(e.file, e.version);
      const live = threads.filter((t) => !t.retiring);
      while (live.length < settings.threads) live.push(spawn());
      const fresh = entries.filter((e) => newest.get(e.file) === e.version && !live.some((t) => t.loaded.get(e.file) === e.version));
      live.forEach((thread, i) => {
        const mine = fresh.filter((_, at) => at % live.length === i);
        for (const e of mine) {
          thread.loaded.set(e.file, e.version);
          thread.specs.set(e.file, e.entry);
        }
        if (mine.length > 0) send(thread.worker, { type: 'preload', entries: mine.map((e) => e.entry) });
      });
    },
    get capacity() {
      return settings.threads * settings.perThread;
    },
    get started() {
      return started;
    },
    async close() {
      closed = true;
      const all = threads.splice(0);
      for (const t of all) for (const id of t.jobs.keys()) finish(t, id, { kind: 'timed-out', message: 'the server is closing', retrySoon: true });
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}
