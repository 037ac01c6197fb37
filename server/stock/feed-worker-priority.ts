import os from 'node:os';

/**
 * How much lower the feed worker's scheduling priority is than the server's (nice steps). An
 * import is background work: when it and the threads answering shoppers want the same core, the
 * shoppers' get most of it (about nine tenths at 10 steps), so searches and pages keep their
 * speed while a dealer's feed is read and planned. Not the lowest priority: on a busy server a
 * feed must still finish within seconds.
 */
export const FEED_THREAD_NICE_STEPS = 10;

/**
 * Lowers the calling thread's priority by FEED_THREAD_NICE_STEPS. On Linux a thread's nice value
 * is its own (it starts as the thread's that made it), so only the calling thread is lowered:
 * call it from the feed worker, never from the server's thread.
 */
export function lowerThisThreadsPriority(): void {
  try {
    os.setPriority(Math.min(19, os.getPriority() + FEED_THREAD_NICE_STEPS));
  } catch {
    // A system that refuses leaves the thread at the server's priority: slower searches during an import, nothing worse.
  }
}
