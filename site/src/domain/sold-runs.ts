import { isAvailable, type AvailabilityInput } from './availability.ts';

/*
 * Sold cars stay listed for the sold window, but a run of consecutive sold cars collapses to
 * one entry so a page is not a wall of SOLD cards — unless every result is sold (spec §4).
 */

/** One entry of the result list: a car, or the first car of a collapsed sold run. */
export interface ResultEntry<T> {
  car: T;
  /** Sold cars hidden behind this entry (0 for a single car). */
  collapsed: number;
}

/** The results with each run of two or more consecutive sold cars collapsed to its first car. */
export function collapseSoldRuns<T extends AvailabilityInput>(cars: readonly T[]): ResultEntry<T>[] {
  if (cars.every((car) => !isAvailable(car))) return cars.map((car) => ({ car, collapsed: 0 }));
  const entries: ResultEntry<T>[] = [];
  let run: ResultEntry<T> | null = null;
  for (const car of cars) {
    if (isAvailable(car)) {
      run = null;
      entries.push({ car, collapsed: 0 });
    } else if (run) {
      run.collapsed += 1;
    } else {
      run = { car, collapsed: 0 };
      entries.push(run);
    }
  }
  return entries;
}
