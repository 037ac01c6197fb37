/*
 * The statistics of the stock benchmark's "search unchanged while an import runs" check, apart
 * from the servers and threads that produce the samples (so they can be tested on known numbers).
 *
 * Searches are sent on a fixed schedule, whatever the server is doing, and each is timed from
 * when it was due to be sent: a server thread held for 300 ms shows as every search due in those
 * 300 ms waiting, not as one slow search (a client that waits for each answer before sending the
 * next would hide it). Idle windows and import windows alternate, so both meet the same load on
 * a shared machine; each search is counted in the window in which it was due.
 */

/** One search: when it was due (ms, any clock shared with the windows) and how long it took from then. */
export interface SearchSample {
  due: number;
  ms: number;
}

/** A stretch of the run: `kind` is 'idle' or what ran (an import), from `start` to `end` (same clock). */
export interface BenchWindow {
  kind: string;
  start: number;
  end: number;
  /** 1-minute load average when the window ended. */
  load: number;
}

/**
 * The value at or above `p` % of the sorted values (nearest rank); NaN for none.
 * @param sorted values in ascending order
 * @param p percentile, 0–100
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return atRank(sorted, Math.ceil((p / 100) * sorted.length));
}

/** The value of 1-based `rank` in sorted values, the rank held within 1…length. */
function atRank(sorted: readonly number[], rank: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/**
 * The samples of each kind of window, each sample in the window in which it was due (samples
 * due outside every window are left out).
 * @param samples the searches
 * @param windows the windows, not overlapping
 */
export function samplesByKind(samples: readonly SearchSample[], windows: readonly BenchWindow[]): Map<string, number[]> {
  const ordered = [...windows].sort((a, b) => a.start - b.start);
  const out = new Map<string, number[]>();
  for (const w of ordered) if (!out.has(w.kind)) out.set(w.kind, []);
  for (const sample of [...samples].sort((a, b) => a.due - b.due)) {
    // Windows are few (tens): a scan is clearer than a search.
    const w = ordered.find((candidate) => sample.due >= candidate.start && sample.due < candidate.end);
    if (w) out.get(w.kind)?.push(sample.ms);
  }
  return out;
}

/**
 * An interval that holds the true `p`th percentile with about 95 % confidence, from the sorted
 * sample itself: the number of samples below the true percentile is binomial (n, p/100), so the
 * interval runs between the sample values at the ranks n·p ∓ 1.96·√(n·p·(1−p)) (rounded outwards,
 * normal approximation). No assumption about the times' distribution. With 1,000 searches the
 * 99th percentile's interval runs from the 18th slowest to the 4th slowest: the p99 of one run is
 * that uncertain, whatever the machine. [NaN, NaN] for no samples.
 * @param sorted values in ascending order
 * @param p percentile, 0–100
 */
export function percentileInterval(sorted: readonly number[], p: number): [number, number] {
  const n = sorted.length;
  if (n === 0) return [Number.NaN, Number.NaN];
  const q = p / 100;
  const spread = 1.96 * Math.sqrt(n * q * (1 - q));
  return [atRank(sorted, Math.floor(n * q - spread)), atRank(sorted, Math.ceil(n * q + spread))];
}

/** A set of search times summarised. */
export interface LatencySummary {
  n: number;
  p50: number;
  p99: number;
  /** About 95 % confidence for the true p99 (percentileInterval). */
  p99Interval: [number, number];
  max: number;
}

/**
 * Median, 99th percentile (with its interval) and maximum of search times.
 * @param times milliseconds
 */
export function summarise(times: readonly number[]): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), p99Interval: percentileInterval(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

/**
 * How much slower the 99th percentile may be during imports and still count as unchanged: up to
 * twice idle's, or idle's plus 10 ms, whichever allows more (docs/stock.md says why).
 */
export const UNCHANGED = { ratio: 2, plusMs: 10 } as const;

/** At least this many searches in each set, so that the 99th percentile is the 10th slowest or beyond. */
export const MIN_SAMPLES = 1000;

/** The verdict of one comparison. */
export interface UnchangedVerdict {
  /** The largest 99th percentile that still counts as unchanged. */
  allowedMs: number;
  unchanged: boolean;
  /** Whether there were enough searches on both sides to tell. */
  enough: boolean;
}

/**
 * Whether search latency during imports is unchanged from idle: the 99th percentile during the
 * imports at most twice idle's or idle's plus 10 ms, whichever is larger (UNCHANGED).
 * @param idle searches in idle windows
 * @param during searches in import windows
 */
export function unchangedVerdict(idle: LatencySummary, during: LatencySummary): UnchangedVerdict {
  const allowedMs = Math.max(idle.p99 * UNCHANGED.ratio, idle.p99 + UNCHANGED.plusMs);
  return { allowedMs, unchanged: during.p99 <= allowedMs, enough: idle.n >= MIN_SAMPLES && during.n >= MIN_SAMPLES };
}

/** Young-generation collections of the request thread over windows of one kind. */
export interface YoungCollectionSummary {
  perSecond: number;
  /** Bytes each kept (copied or promoted): median and largest. Its pause grows with them. */
  survivedMedianBytes: number;
  survivedMaxBytes: number;
  pauseMedianMs: number;
  pauseMaxMs: number;
}

/**
 * The young-generation collections of a kind of window summarised: how often, what each kept
 * (load-independent) and how long each paused the thread (load-dependent).
 * @param collections the collections in the windows of the kind (`young` false ones are left out)
 * @param seconds the windows' total length
 */
export function youngCollections(collections: readonly { young: boolean; ms: number; survivedBytes: number }[], seconds: number): YoungCollectionSummary {
  const young = collections.filter((c) => c.young);
  const kept = young.map((c) => c.survivedBytes).sort((a, b) => a - b);
  const pauses = young.map((c) => c.ms).sort((a, b) => a - b);
  return {
    perSecond: seconds > 0 ? young.length / seconds : Number.NaN,
    survivedMedianBytes: percentile(kept, 50),
    survivedMaxBytes: kept.at(-1) ?? Number.NaN,
    pauseMedianMs: percentile(pauses, 50),
    pauseMaxMs: pauses.at(-1) ?? Number.NaN,
  };
}
