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

/** Starts counting this thread's allocations; the function returned stops and answers the bytes (async work in between counts). */
export function countAllocations(): () => number {
  const profiler = new v8.GCProfiler();
  const before = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return () => {
    const after = v8.getHeapStatistics().used_heap_size;
    return after - before + freedBy(profiler.stop());
  };
}

function freedBy(result: ReturnType<v8.GCProfiler['stop']>): number {
  let freed = 0;
  for (const gc of result?.statistics ?? []) freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  return freed;
}
