import { afterEach, describe, expect, it } from 'vitest';
import { act, useEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { parseSavedCars } from '../domain/saved-cars.ts';
import { deviceKey, useDeviceValue, writeDeviceValue } from './device-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

/** Counts the renders of a component reading a saved-car list, through hydration. */
function hydrateSavedList(key: string): { renders: () => number; text: () => string } {
  let renders = 0;
  function Saved() {
    renders += 1;
    const [list] = useDeviceValue(key, parseSavedCars);
    return <p>{list.length} saved</p>;
  }
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Saved />);
  document.body.append(container);
  renders = 0;
  act(() => {
    root = hydrateRoot(container, <Saved />);
  });
  return { renders: () => renders, text: () => container.textContent ?? '' };
}

describe('device values through hydration', () => {
  it('a fresh device hydrates with one render: the empty server and browser values are the same', () => {
    const page = hydrateSavedList(deviceKey('fresh-tenant', 'favourites'));
    expect(page.text()).toBe('0 saved');
    // A second render would mean the server's empty list and the browser's were told apart.
    expect(page.renders()).toBe(1);
  });

  it('a device with saved cars shows them right after hydration', () => {
    const key = deviceKey('stored-tenant', 'favourites');
    writeDeviceValue(key, [{ id: 7, name: '2021 Kia Seltos', slug: '2021-kia-seltos-7', make: 'Kia', model: 'Seltos', primary_image_url: null }]);
    const page = hydrateSavedList(key);
    expect(page.text()).toBe('1 saved');
    expect(page.renders()).toBe(2);
  });
});

describe('a change made while the page hydrates', () => {
  it('is made to what the device has stored, not to the empty list the page rendered first', () => {
    const key = deviceKey('stored-tenant', 'favourites');
    const kept = { id: 7, name: '2021 Kia Seltos', slug: '2021-kia-seltos-7', make: 'Kia', model: 'Seltos', primary_image_url: null };
    const added = { id: 9, name: '2022 Kia Sportage', slug: '2022-kia-sportage-9', make: 'Kia', model: 'Sportage', primary_image_url: null };
    writeDeviceValue(key, [kept]);
    const seen: number[] = [];
    // As a heart tapped while the page starts is applied: in the hydrating render's own commit,
    // which still has the server's empty list.
    function Heart() {
      const [list, setList] = useDeviceValue(key, parseSavedCars);
      seen.push(list.length);
      useEffect(() => setList((stored) => [added, ...stored]), [setList]);
      return <p>{list.length} saved</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Heart />);
    document.body.append(container);
    act(() => {
      root = hydrateRoot(container, <Heart />);
    });
    expect(seen[0], 'the hydrating render has the empty list').toBe(0);
    expect(JSON.parse(localStorage.getItem(key)!).map((car: { id: number }) => car.id)).toEqual([9, 7]);
    expect(container.textContent).toBe('2 saved');
  });

  it('a change that leaves the stored value as it is writes nothing and re-renders nothing', () => {
    const key = deviceKey('stored-tenant', 'favourites');
    writeDeviceValue(key, [{ id: 7, name: '2021 Kia Seltos', slug: '2021-kia-seltos-7', make: 'Kia', model: 'Seltos', primary_image_url: null }]);
    let renders = 0;
    let set: ((change: (stored: ReturnType<typeof parseSavedCars>) => ReturnType<typeof parseSavedCars>) => void) | undefined;
    function Saved() {
      renders += 1;
      const [list, setList] = useDeviceValue(key, parseSavedCars);
      set = setList;
      return <p>{list.length} saved</p>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    act(() => {
      root = createRoot(container);
      root.render(<Saved />);
    });
    const rendersBefore = renders;
    const writes: string[] = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
      writes.push(name);
      setItem.call(this, name, value);
    };
    try {
      act(() => set!((stored) => stored));
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(writes).toEqual([]);
    expect(renders).toBe(rendersBefore);
    expect(container.textContent).toBe('1 saved');
  });
});
