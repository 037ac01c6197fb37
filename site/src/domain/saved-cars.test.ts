import { describe, expect, it } from 'vitest';
import {
  comparedCars,
  DEFAULT_COMPARE_CARS,
  isSaved,
  parseSavedCars,
  removeSaved,
  savedCarOf,
  toggleCompare,
  toggleFavourite,
  type SavedCar,
} from './saved-cars.ts';

const car = (id: number): SavedCar => ({ id, name: `Car ${id}`, slug: `car-${id}`, make: 'Kia', model: 'Seltos', primary_image_url: `/photos/${id}.jpg` });

describe('savedCarOf', () => {
  it('keeps exactly the six favourite fields of spec §3', () => {
    const hit = { ...car(7), price: 31990, km: 12000, status: 'in_stock' };
    expect(savedCarOf(hit)).toEqual({ id: 7, name: 'Car 7', slug: 'car-7', make: 'Kia', model: 'Seltos', primary_image_url: '/photos/7.jpg' });
  });

  it('stores a car without a photo as null', () => {
    expect(savedCarOf({ id: 8, name: 'x', slug: 'x-8', make: 'Kia', model: 'Rio' }).primary_image_url).toBeNull();
  });
});

describe('toggleFavourite (SAVE / SAVED)', () => {
  it('adds a car that is not saved, last, and reports saved', () => {
    const result = toggleFavourite([car(1)], car(2));
    expect(result.saved).toBe(true);
    expect(result.list.map((c) => c.id)).toEqual([1, 2]);
  });

  it('removes a saved car and reports not saved', () => {
    const result = toggleFavourite([car(1), car(2), car(3)], car(2));
    expect(result.saved).toBe(false);
    expect(result.list.map((c) => c.id)).toEqual([1, 3]);
  });

  it('has no limit', () => {
    const many = Array.from({ length: 40 }, (_, i) => car(i + 1));
    expect(toggleFavourite(many, car(41)).list).toHaveLength(41);
  });
});

describe('toggleCompare', () => {
  it('the default side-by-side view holds 4 cars', () => {
    expect(DEFAULT_COMPARE_CARS).toBe(4);
  });

  it('adds up to the limit and counts the list', () => {
    let list: SavedCar[] = [];
    for (const id of [1, 2, 3]) {
      const result = toggleCompare(list, car(id), 3);
      expect(result.outcome).toBe('added');
      list = result.list;
    }
    expect(list.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('refuses a car beyond the limit and leaves the list as it was', () => {
    const full = [car(1), car(2), car(3), car(4)];
    const result = toggleCompare(full, car(5), 4);
    expect(result).toEqual({ outcome: 'full', list: full, count: 4 });
  });

  it('removes a compared car even when the list is full', () => {
    const result = toggleCompare([car(1), car(2), car(3), car(4)], car(3), 4);
    expect(result.outcome).toBe('removed');
    expect(result.list.map((c) => c.id)).toEqual([1, 2, 4]);
    expect(result.count).toBe(3);
  });
});

describe('parseSavedCars', () => {
  it('reads back what was stored', () => {
    expect(parseSavedCars(JSON.parse(JSON.stringify([car(1), car(2)])))).toEqual([car(1), car(2)]);
  });

  it('drops malformed entries and repeats, and repairs missing text', () => {
    const raw = [null, 'x', { id: '3', slug: 'a' }, { id: 1.5, slug: 'b' }, { id: 4 }, { id: 5, slug: '' }, car(6), { ...car(6), name: 'again' }, { id: 9, slug: 'car-9', primary_image_url: '' }];
    expect(parseSavedCars(raw)).toEqual([car(6), { id: 9, name: '', slug: 'car-9', make: '', model: '', primary_image_url: null }]);
  });

  it('anything but a list is an empty list', () => {
    expect(parseSavedCars(null)).toEqual([]);
    expect(parseSavedCars({ 0: car(1) })).toEqual([]);
  });
});

describe('removeSaved, isSaved, comparedCars', () => {
  it('removes by id', () => {
    expect(removeSaved([car(1), car(2)], 1)).toEqual([car(2)]);
    expect(isSaved([car(1)], 1)).toBe(true);
    expect(isSaved([car(1)], 2)).toBe(false);
  });

  it('a list stored before the limit was lowered shows its oldest cars', () => {
    expect(comparedCars([car(1), car(2), car(3), car(4)], 3).map((c) => c.id)).toEqual([1, 2, 3]);
  });
});
