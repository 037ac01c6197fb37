import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextReopenWait, startReopenWait } from './reopen-backoff.ts';

describe('the wait between attempts to reopen the database', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('doubles from a second to at most a minute', () => {
    const waits: number[] = [];
    let wait: number | null = null;
    for (let i = 0; i < 9; i++) waits.push((wait = nextReopenWait(wait)));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('ends when its time runs out, with nothing asking', async () => {
    const wait = startReopenWait(60_000, () => Date.now());
    let over = false;
    void wait.over.then(() => (over = true));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(over).toBe(true);
    expect(wait.demand(), 'a wait already over').toBe(false);
  });

  it('a request ends a long wait once the failed attempt is five seconds old, not before', async () => {
    const wait = startReopenWait(60_000, () => Date.now());
    let over = false;
    void wait.over.then(() => (over = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(wait.demand()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.demand()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(over).toBe(true);
    expect(vi.getTimerCount(), 'its timer is cleared').toBe(0);
  });

  it('a short wait is not cut shorter: a request after two seconds of a two-second wait finds it over', async () => {
    const wait = startReopenWait(2_000, () => Date.now());
    await vi.advanceTimersByTimeAsync(1_999);
    expect(wait.demand()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.demand()).toBe(false);
  });
});
