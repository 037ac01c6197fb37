import fs from 'node:fs';

/*
 * CPU time of each thread of this process, from /proc/self/task (Linux), for the stock bench:
 * on two cores the request thread competes with the database thread, the feed worker and V8's
 * garbage-collection helpers, and a wall-clock figure cannot say which of them took the core.
 * Elsewhere it reads nothing (the bench then prints no per-thread figures).
 */

/** One thread's CPU time so far, its time waiting for a core, and its nice value. */
export interface ThreadCpu {
  /** Time on a core, milliseconds. */
  cpuMs: number;
  /** Time runnable but waiting for a core (the scheduler's run queue), milliseconds; 0 where the kernel does not say. */
  waitMs: number;
  nice: number;
}

/** Clock ticks a second of /proc's times (USER_HZ, 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * Fields of a /proc/<pid>/task/<tid>/stat line after the command name (which may hold spaces),
 * as the numbers utime, stime and nice.
 * @param stat the line
 */
export function parseThreadStat(stat: string): Omit<ThreadCpu, 'waitMs'> | null {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state(3) … utime(14) stime(15) … nice(19), counted from pid(1).
  const utime = Number(rest[14 - 3]);
  const stime = Number(rest[15 - 3]);
  const nice = Number(rest[19 - 3]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime) || !Number.isFinite(nice)) return null;
  return { cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND, nice };
}

/** Every thread of this process now, by thread id (empty where /proc is not there). */
export function threadCpu(): Map<number, ThreadCpu> {
  const out = new Map<number, ThreadCpu>();
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const parsed = parseThreadStat(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'));
      if (!parsed) continue;
      // schedstat: nanoseconds on a core, nanoseconds waiting for one, timeslices (finer than stat's ticks).
      const [onCore, waiting] = readSchedstat(tid);
      out.set(Number(tid), onCore === null ? { ...parsed, waitMs: 0 } : { cpuMs: onCore / 1e6, waitMs: (waiting ?? 0) / 1e6, nice: parsed.nice });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

function readSchedstat(tid: string): [number | null, number | null] {
  try {
    const [onCore, waiting] = fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return [Number.isFinite(onCore) ? (onCore as number) : null, Number.isFinite(waiting) ? (waiting as number) : null];
  } catch {
    return [null, null];
  }
}
