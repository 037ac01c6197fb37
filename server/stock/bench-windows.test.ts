import { describe, expect, it } from 'vitest';
import { countAllocations } from '../search/allocation.ts';
import { percentile, percentileInterval, samplesByKind, summarise, unchangedVerdict, youngCollections } from './bench-windows.ts';

/** Two numbers, made by a constructor: no literal allocation site for V8 to move to the old generation. */
class Pair {
  constructor(
    readonly first: number,
    readonly second: number,
  ) {}
}

describe('the stock benchmark statistics', () => {
  it('takes the nearest-rank percentile', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });

  it("gives the 99th percentile's interval from the sample's own order: the 18th to the 4th slowest of 1,000", () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    // 1,000 × 0.99 = 990; 1.96 × √(1,000 × 0.99 × 0.01) = 6.17: ranks 983 and 997.
    expect(percentileInterval(thousand, 99)).toEqual([983, 997]);
    expect(summarise(thousand).p99Interval).toEqual([983, 997]);
    expect(percentileInterval([], 99).every(Number.isNaN)).toBe(true);
    expect(percentileInterval([5], 99)).toEqual([5, 5]);
  });

  it('holds the true 99th percentile about 95 times in 100', () => {
    // Uniform times from a fixed generator: the true 99th percentile is 0.99.
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let held = 0;
    const trials = 400;
    for (let t = 0; t < trials; t++) {
      const sorted = Array.from({ length: 1000 }, next).sort((a, b) => a - b);
      const [low, high] = percentileInterval(sorted, 99);
      if (low <= 0.99 && 0.99 <= high) held++;
    }
    expect(held / trials).toBeGreaterThan(0.9);
    expect(held / trials).toBeLessThan(0.99);
  });

  it('counts each search in the window in which it was due, even when it answered after the window', () => {
    const windows = [
      { kind: 'idle', start: 0, end: 100, load: 1 },
      { kind: 'full feed', start: 100, end: 200, load: 1 },
      { kind: 'idle', start: 200, end: 300, load: 1 },
    ];
    const samples = [
      { due: 10, ms: 1 },
      { due: 99, ms: 150 }, // due while idle, answered during the import: an idle search
      { due: 100, ms: 5 },
      { due: 199, ms: 40 },
      { due: 250, ms: 2 },
      { due: 300, ms: 99 }, // due after the last window: left out
    ];
    const byKind = samplesByKind(samples, windows);
    expect(byKind.get('idle')).toEqual([1, 150, 2]);
    expect(byKind.get('full feed')).toEqual([5, 40]);
  });

  it('calls p99 unchanged up to idle plus 10 ms when idle is fast, and not beyond', () => {
    // 1,000 idle searches: 990 at 2 ms, 10 at 30 ms, so p99 (the 990th) is 2 ms.
    const idle = summarise([...Array.from({ length: 990 }, () => 2), ...Array.from({ length: 10 }, () => 30)]);
    expect(idle.p99).toBe(2);
    // Allowed: 2 + 10 = 12 ms (more than twice 2 ms).
    const within = summarise([...Array.from({ length: 989 }, () => 2), ...Array.from({ length: 11 }, () => 12)]);
    const verdict = unchangedVerdict(idle, within);
    expect(verdict.allowedMs).toBe(12);
    expect(verdict.unchanged).toBe(true);
    expect(verdict.enough).toBe(true);
    // Eleven searches held 13 ms behind an index rebuild move p99 from 2 ms to 13 ms: changed.
    const held = summarise([...Array.from({ length: 989 }, () => 2), ...Array.from({ length: 11 }, () => 13)]);
    expect(held.p99).toBe(13);
    expect(unchangedVerdict(idle, held).unchanged).toBe(false);
  });

  it('calls p99 unchanged up to twice idle when idle is slow (a busy machine), and not beyond', () => {
    // Idle p99 40 ms: twice is 80 ms, more than 40 + 10.
    const idle = summarise([...Array.from({ length: 990 }, () => 3), ...Array.from({ length: 10 }, () => 40)]);
    expect(idle.p99).toBe(3);
    const slowIdle = summarise([...Array.from({ length: 980 }, () => 3), ...Array.from({ length: 20 }, () => 40)]);
    expect(slowIdle.p99).toBe(40);
    const at80 = summarise([...Array.from({ length: 989 }, () => 3), ...Array.from({ length: 11 }, () => 80)]);
    expect(unchangedVerdict(slowIdle, at80)).toEqual({ allowedMs: 80, unchanged: true, enough: true });
    const at81 = summarise([...Array.from({ length: 989 }, () => 3), ...Array.from({ length: 11 }, () => 81)]);
    expect(unchangedVerdict(slowIdle, at81).unchanged).toBe(false);
    expect(unchangedVerdict(idle, at80).unchanged).toBe(false);
  });

  it('does not decide on too few searches', () => {
    const few = summarise([1, 2, 3]);
    expect(unchangedVerdict(few, few).enough).toBe(false);
    // 999 on one side is still too few: p99 would be the 10th slowest of fewer than a thousand.
    const many = summarise(Array.from({ length: 1000 }, () => 1));
    const almost = summarise(Array.from({ length: 999 }, () => 1));
    expect(unchangedVerdict(many, almost).enough).toBe(false);
    expect(unchangedVerdict(almost, many).enough).toBe(false);
    expect(unchangedVerdict(many, many).enough).toBe(true);
  });

  it('summarises the young-generation collections of a kind of window, leaving the old generation\'s out', () => {
    const c = youngCollections(
      [
        { young: true, ms: 2, survivedBytes: 4_000_000 },
        { young: true, ms: 9, survivedBytes: 16_000_000 },
        { young: false, ms: 40, survivedBytes: 0 },
        { young: true, ms: 3, survivedBytes: 5_000_000 },
      ],
      2,
    );
    expect(c).toEqual({ perSecond: 1.5, survivedMedianBytes: 5_000_000, survivedMaxBytes: 16_000_000, pauseMedianMs: 3, pauseMaxMs: 9 });
    expect(youngCollections([], 3).perSecond).toBe(0);
  });

  it('counts what young-generation collections keep: objects still held survive, garbage does not', () => {
    // Garbage: small arrays each dropped 1,000 allocations later (escaping, so they are allocated).
    const ring: number[][] = Array.from({ length: 1000 }, () => []);
    const churn = () => {
      for (let i = 0; i < 3_000_000; i++) ring[i % 1000] = [i, i];
    };
    let stop = countAllocations();
    churn();
    const garbage = stop();
    const garbageYoung = garbage.collections.filter((c) => c.young);
    expect(garbage.bytes).toBeGreaterThan(50_000_000);
    expect(garbageYoung.length).toBeGreaterThan(0);
    // (The first may keep what was young before counting began: the median, not the largest.)
    expect(youngCollections(garbage.collections, 1).survivedMedianBytes).toBeLessThan(1_000_000);

    // The same garbage while 500,000 pairs (at least 16 bytes each) are made and held. Instances
    // of a class, not array literals: V8 moves a literal's allocation site to the old generation
    // once it sees its objects survive (pretenuring), after which no young collection keeps them,
    // and when that happened depended on the files run before in the worker (a run counted 6.6 MB).
    stop = countAllocations();
    const held: Pair[] = [];
    for (let i = 0; i < 500_000; i++) held.push(new Pair(i, i + 1));
    churn();
    const kept = stop().collections.filter((c) => c.young).reduce((sum, c) => sum + c.survivedBytes, 0);
    expect(held).toHaveLength(500_000);
    expect(kept).toBeGreaterThan(500_000 * 16);
  });
});
