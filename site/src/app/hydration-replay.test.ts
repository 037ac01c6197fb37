import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOLD_INPUT_SCRIPT, replayHeldInput } from './hydration-replay.ts';

// The inline script and the replay, in jsdom: React's own listener is simulated by a document
// listener added after the script (as hydrateRoot(document) adds its listeners after it ran).

function installScript() {
  // oxlint-disable-next-line no-new-func -- runs the exact inline script the page carries
  new Function(HOLD_INPUT_SCRIPT)();
}

function hydrate(el: Element) {
  Object.assign(el, { __reactProps$test: {} });
}

describe('held input', () => {
  let reactSaw: string[];
  const reactListener = (event: Event) => reactSaw.push(`${event.type}:${(event.target as Element).id}`);

  beforeEach(() => {
    reactSaw = [];
    delete window.fcHeldInput;
    delete window.fcHydrated;
    document.body.innerHTML = '<main data-interactive="false"><input type="checkbox" id="toyota"><button type="button" id="filters">Filters</button><a id="home" href="#home">Home</a></main>';
    installScript();
    document.addEventListener('click', reactListener, true);
  });
  afterEach(() => document.removeEventListener('click', reactListener, true));

  it('holds a checkbox click made before hydration, unticked, and replays it once the page is interactive', async () => {
    const box = document.getElementById('toyota') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    expect(reactSaw).toEqual([]);
    expect(window.fcHeldInput).toHaveLength(1);

    hydrate(box);
    const replay = replayHeldInput();
    // Hydrated but still starting (InstantSearch's effects not run yet): a new click is held too.
    document.getElementById('filters')!.click();
    expect(reactSaw).toEqual([]);
    expect(window.fcHeldInput).toHaveLength(1);

    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    expect(await replay).toBe(1);
    expect(box.checked).toBe(true);
    expect(reactSaw).toEqual(['click:toyota']);
  });

  it('leaves links alone and lets input through once the page is interactive', async () => {
    document.getElementById('home')!.click();
    expect(window.fcHeldInput).toHaveLength(0);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    await replayHeldInput();
    document.getElementById('filters')!.click();
    expect(reactSaw).toEqual(['click:home', 'click:filters']);
  });

  it('replays a slider moved before hydration with the value the shopper chose', async () => {
    document.body.insertAdjacentHTML('beforeend', '<input type="range" id="price" min="0" max="100" value="100">');
    const slider = document.getElementById('price') as HTMLInputElement;
    slider.value = '90';
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    // Hydration puts the rendered value back.
    slider.value = '100';
    hydrate(slider);
    const seen: string[] = [];
    slider.addEventListener('input', () => seen.push(slider.value));
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    expect(await replayHeldInput()).toBe(1);
    expect(slider.value).toBe('90');
    expect(seen).toEqual(['90']);
  });

  it('keeps a select change made while the page starts from React, and replays it when interactive', async () => {
    document.body.insertAdjacentHTML('beforeend', '<select id="sort"><option value="a">A</option><option value="b">B</option></select>');
    const select = document.getElementById('sort') as HTMLSelectElement;
    const reactChanges: string[] = [];
    const reactChange = (event: Event) => reactChanges.push((event.target as HTMLSelectElement).value);
    document.addEventListener('change', reactChange, true);
    select.value = 'b';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(reactChanges).toEqual([]);
    select.value = 'a'; // hydration puts the rendered value back
    hydrate(select);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    await replayHeldInput();
    expect(reactChanges).toEqual(['b']);
    document.removeEventListener('change', reactChange, true);
  });

  it('installs itself once, even when the router runs the head script again', () => {
    document.getElementById('toyota')!.click();
    installScript();
    expect(window.fcHeldInput).toHaveLength(1);
  });
});
