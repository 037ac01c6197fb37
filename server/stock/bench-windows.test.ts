import { describe, expect, it } from 'vitest';
import { percentile, samplesByKind, summarise, unchangedVerdict } from './bench-windows.ts';

describe('the stock benchmark statistics', () => {
  it('takes the nearest-rank percentile', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
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

  it('calls p99 unchanged up to 20 % above idle plus a millisecond, and not beyond', () => {
    // 1,000 idle searches: 990 at 2 ms, 10 at 10 ms, so p99 (the 990th) is 2 ms.
    const idle = summarise([...Array.from({ length: 990 }, () => 2), ...Array.from({ length: 10 }, () => 10)]);
    expect(idle.p99).toBe(2);
    // Allowed: 2 × 1.2 + 1 = 3.4 ms.
    const within = summarise([...Array.from({ length: 989 }, () => 2), ...Array.from({ length: 11 }, () => 3.39)]);
    const verdict = unchangedVerdict(idle, within);
    expect(verdict.allowedMs).toBeCloseTo(3.4, 9);
    expect(verdict.unchanged).toBe(true);
    expect(verdict.enough).toBe(true);
    // Eleven searches held 50 ms behind an index rebuild move p99 from 2 ms to 50 ms.
    const held = summarise([...Array.from({ length: 989 }, () => 2), ...Array.from({ length: 11 }, () => 50)]);
    expect(held.p99).toBe(50);
    expect(unchangedVerdict(idle, held).unchanged).toBe(false);
  });

  it('does not decide on too few searches', () => {
    const few = summarise([1, 2, 3]);
    expect(unchangedVerdict(few, few).enough).toBe(false);
  });
});
