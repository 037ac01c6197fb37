import { describe, expect, it } from 'vitest';
import { inRestedParts, slicer, type RestClock } from './time-slice.ts';

/** A clock that moves only when a part's work or a rest moves it, recording each rest. */
function drivenClock() {
  let now = 1000;
  const rests: number[] = [];
  const clock: RestClock = {
    now: () => now,
    wait: async (ms) => {
      rests.push(ms);
      now += ms;
    },
  };
  return { clock, rests, advance: (ms: number) => (now += ms) };
}

describe('work in rested parts', () => {
  it('rests as long as each part took when working half the time, and not after the last part', async () => {
    const { clock, rests, advance } = drivenClock();
    const took = [30, 10, 20];
    const parts: number[][] = [];
    const results = await inRestedParts([1, 2, 3, 4, 5], 2, async (part) => {
      parts.push(part);
      advance(took[parts.length - 1]!);
      return part.map((n) => n * 10);
    }, 0.5, clock);
    expect(parts).toEqual([[1, 2], [3, 4], [5]]);
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(rests).toEqual([30, 10]);
  });

  it('rests three times as long as the work when working a quarter of the time', async () => {
    const { clock, rests, advance } = drivenClock();
    await inRestedParts(['a', 'b', 'c'], 1, async (part) => {
      advance(8);
      return part;
    }, 0.25, clock);
    expect(rests).toEqual([24, 24]);
  });

  it('does one part without resting when everything fits in it', async () => {
    const { clock, rests } = drivenClock();
    expect(await inRestedParts([1, 2, 3], 1000, async (part) => part, 0.5, clock)).toEqual([1, 2, 3]);
    expect(await inRestedParts([], 1000, async (part) => part, 0.5, clock)).toEqual([]);
    expect(rests).toEqual([]);
  });
});

describe('a pause for loops', () => {
  it('gives a turn only once the slice has run, then starts a new slice', async () => {
    let now = 0;
    const pause = slicer(4, () => now);
    now = 3.9;
    expect(pause()).toBeUndefined();
    now = 4;
    const turn = pause();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    now = 7.9;
    expect(pause()).toBeUndefined();
    now = 8;
    expect(pause()).toBeInstanceOf(Promise);
  });
});
