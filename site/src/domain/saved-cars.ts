/*
 * Favourites and the compare list (spec §3 "Stored on the visitor's device", §4
 * "Favourite/compare: toggle the car in a local list; labels SAVED / SAVE / Compare").
 * Both lists hold the spec's favourite record (id, name, slug, make, model, primary_image_url),
 * in the order the shopper added them. The compare list is capped (limits.compareCars, the
 * side-by-side view's columns); adding to a full list changes nothing and says so.
 */

/** A saved car as stored on the device for favourites and compare (spec §3). */
export interface SavedCar {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

/** The car fields a saved record is made from (a search hit or a car record). */
export type SavableCar = Pick<SavedCar, 'id' | 'name' | 'slug' | 'make' | 'model'> & { primary_image_url?: string | null | undefined };

/** Cars the side-by-side compare view holds when the tenant does not say (schema limits.compareCars). */
export const DEFAULT_COMPARE_CARS = 4;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The record stored for a car: the spec's six favourite fields, nothing else. */
export function savedCarOf(car: SavableCar): SavedCar {
  return { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url ?? null };
}

/**
 * Saved cars read back from storage: entries without a whole-number id or a slug are dropped,
 * a repeated id keeps its first entry, missing text fields read as empty, so a corrupted or
 * older stored value never breaks a page.
 */
export function parseSavedCars(raw: unknown): SavedCar[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const cars: SavedCar[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (typeof record.id !== 'number' || !Number.isInteger(record.id) || typeof record.slug !== 'string' || record.slug === '' || seen.has(record.id)) continue;
    seen.add(record.id);
    const image = record.primary_image_url;
    cars.push({ id: record.id, name: str(record.name), slug: record.slug, make: str(record.make), model: str(record.model), primary_image_url: typeof image === 'string' && image !== '' ? image : null });
  }
  return cars;
}

/** Whether a car is in a saved list. */
export function isSaved(list: readonly Pick<SavedCar, 'id'>[], carId: number): boolean {
  return list.some((saved) => saved.id === carId);
}

/** The favourites after the heart is pressed on a car: removed when saved, else added last. */
export function toggleFavourite(list: readonly SavedCar[], car: SavableCar): { list: SavedCar[]; saved: boolean } {
  if (isSaved(list, car.id)) return { list: list.filter((saved) => saved.id !== car.id), saved: false };
  return { list: [...list, savedCarOf(car)], saved: true };
}

/** What pressing Compare on a car did. */
export type CompareToggle =
  | { outcome: 'added'; list: SavedCar[]; count: number }
  | { outcome: 'removed'; list: SavedCar[]; count: number }
  /** The list already holds `limit` cars: nothing changed. */
  | { outcome: 'full'; list: SavedCar[]; count: number };

/**
 * The compare list after Compare is pressed on a car: removed when in the list, added last when
 * the list has room (fewer than `limit` cars), otherwise unchanged with outcome 'full'.
 */
export function toggleCompare(list: readonly SavedCar[], car: SavableCar, limit: number = DEFAULT_COMPARE_CARS): CompareToggle {
  if (isSaved(list, car.id)) {
    const next = list.filter((saved) => saved.id !== car.id);
    return { outcome: 'removed', list: next, count: next.length };
  }
  if (list.length >= limit) return { outcome: 'full', list: [...list], count: list.length };
  const next = [...list, savedCarOf(car)];
  return { outcome: 'added', list: next, count: next.length };
}

/** A list without one car (the Remove buttons of the favourites and compare pages). */
export function removeSaved(list: readonly SavedCar[], carId: number): SavedCar[] {
  return list.filter((saved) => saved.id !== carId);
}

/**
 * The cars a compare view shows: the first `limit` of the stored list (a list stored before the
 * tenant lowered its limit keeps its oldest cars in view).
 */
export function comparedCars(list: readonly SavedCar[], limit: number = DEFAULT_COMPARE_CARS): SavedCar[] {
  return list.slice(0, Math.max(0, limit));
}
