import v8 from 'node:v8';

/**
 * Bytes `run` allocates on this thread's JavaScript heap, whatever collections happen meanwhile:
 * the heap in use after minus before, plus what each collection in between freed. Independent
 * of the machine's load (unlike latency), so benches can give it as a figure per search. Off-heap
 * memory (Buffers' contents) is not counted.
 */
export function allocatedBytes(run: () => void): number {
  const profiler = new v8.GCProfiler();
  const before = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  run();
  const after = v8.getHeapStatistics().used_heap_size;
  return after - before + freedBy(profiler.stop());
}

/** One collection on this thread: its kind, its pause (ms) and, for a young-generation one, the bytes it kept (copied or promoted). */
export interface Collection {
  young: boolean;
  ms: number;
  survivedBytes: number;
}

/** What a thread allocated while counted, and the collections that ran meanwhile. */
export interface AllocationCount {
  bytes: number;
  collections: Collection[];
}

/**
 * Starts counting this thread's allocations; the function returned stops and answers the bytes
 * (async work in between counts) and each collection that ran meanwhile. A young-generation
 * collection's pause grows with what it keeps (it copies the survivors), which the machine's
 * load does not change, so `survivedBytes` compares runs on a busy machine where pauses do not.
 */
export function countAllocations(): () => AllocationCount {
  const profiler = new v8.GCProfiler();
  const before = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return () => {
    const after = v8.getHeapStatistics().used_heap_size;
    const result = profiler.stop();
    return { bytes: after - before + freedBy(result), collections: (result?.statistics ?? []).map(collection) };
  };
}

/** Used bytes of a heap space in a collection's before or after statistics. */
function spaceUsed(stats: v8.GCProfilerResult['statistics'][number]['beforeGC'], names: readonly string[]): number {
  let used = 0;
  for (const space of stats.heapSpaceStatistics) if (names.includes(space.spaceName)) used += space.spaceUsedSize;
  return used;
}

const YOUNG_SPACES = ['new_space', 'new_large_object_space'];
const OLD_SPACES = ['old_space', 'code_space', 'large_object_space', 'code_large_object_space'];

function collection(gc: v8.GCProfilerResult['statistics'][number]): Collection {
  const young = gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkCompact';
  // Kept: what is left in the young generation, plus what moved to the old one (promoted).
  const survivedBytes = young ? spaceUsed(gc.afterGC, YOUNG_SPACES) + Math.max(0, spaceUsed(gc.afterGC, OLD_SPACES) - spaceUsed(gc.beforeGC, OLD_SPACES)) : 0;
  return { young, ms: gc.cost / 1000, survivedBytes };
}

function freedBy(result: ReturnType<v8.GCProfiler['stop']>): number {
  let freed = 0;
  for (const gc of result?.statistics ?? []) freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  return freed;
}
