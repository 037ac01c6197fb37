import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayHeldInput } from './hydration-replay.ts';
import { leaveHeldInputPage, runHoldInputScript, startHeldInputPage } from '../test/held-input-page.ts';

// The inline script and the replay, in jsdom: React's own listener is simulated by a document
// listener added after the script (as hydrateRoot(document) adds its listeners after it ran).

/** A page's submit handler that keeps the form on the page. */
const keepSubmit = (event: Event) => event.preventDefault();

/** A field that applies itself on Enter and keeps the key from its form (the price boxes). */
const takesEnter = (event: Event) => {
  if ((event.target as Element).id === 'price2' && (event as KeyboardEvent).key === 'Enter') event.preventDefault();
};

function hydrate(el: Element, props: object = {}) {
  Object.assign(el, { __reactProps$test: props });
}

describe('held input', () => {
  let reactSaw: string[];
  const reactListener = (event: Event) => reactSaw.push(`${event.type}:${(event.target as Element).id}`);

  beforeEach(() => {
    reactSaw = [];
    document.body.innerHTML = '<main data-interactive="false"><input type="checkbox" id="toyota"><button type="button" id="filters">Filters</button><a id="home" href="#home">Home</a></main>';
    startHeldInputPage();
    document.addEventListener('click', reactListener, true);
  });
  afterEach(() => {
    document.removeEventListener('click', reactListener, true);
    leaveHeldInputPage();
  });

  it('holds a checkbox click made before hydration, unticked, and replays it once the page is interactive', async () => {
    const box = document.getElementById('toyota') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    expect(reactSaw).toEqual([]);
    expect(window.fcHeldInput).toHaveLength(1);

    hydrate(document.body);
    hydrate(document.querySelector('main')!);
    hydrate(box);
    const replay = replayHeldInput();
    // Hydrated but still starting (InstantSearch's effects not run yet): a second click on the
    // same box is not held twice (it would undo the first), and React sees neither yet.
    box.click();
    expect(reactSaw).toEqual([]);
    expect(window.fcHeldInput).toHaveLength(1);

    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    expect(await replay).toBe(1);
    expect(box.checked).toBe(true);
    expect(reactSaw).toEqual(['click:toyota']);
    expect(window.fcHeldInput).toHaveLength(0);
  });

  it('after hydration, holds a click on a part React has not hydrated yet (its code still loading) and replays it when React does', async () => {
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    for (const el of [document.body, document.querySelector('main')!, document.getElementById('toyota')!]) hydrate(el);
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<fieldset id="calculator"><input type="radio" name="f" id="weekly" checked><input type="radio" name="f" id="monthly"></fieldset>');
    expect(await replayHeldInput()).toBe(0);
    // The page frame is live: its checkbox goes straight to React.
    document.getElementById('toyota')!.click();
    expect(reactSaw).toEqual(['click:toyota']);

    const monthly = document.getElementById('monthly') as HTMLInputElement;
    monthly.click();
    expect(monthly.checked).toBe(false);
    expect(reactSaw).toEqual(['click:toyota']);
    expect(window.fcHeldInput).toHaveLength(1);
    // The feature's code arrives and React hydrates it: the click is played back on its own.
    for (const el of [document.getElementById('calculator')!, document.getElementById('weekly')!, monthly]) hydrate(el);
    await expect.poll(() => reactSaw).toEqual(['click:toyota', 'click:monthly']);
    expect(monthly.checked).toBe(true);
    expect(window.fcHeldInput).toHaveLength(0);
  });

  it('a control React has rendered but not committed is held, and played back only once React takes input there', async () => {
    // React attaches its props to a node while it renders the hydration of the node's part, and
    // stops an event aimed at a part it cannot commit yet (as its listener does for the probe here).
    let committed = false;
    const reactStops = (event: Event) => {
      if (!committed && (event.target as Element).id === 'monthly') event.stopPropagation();
    };
    document.addEventListener('auxclick', reactStops, true);
    try {
      document.querySelector('main')!.setAttribute('data-interactive', 'true');
      for (const el of [document.body, document.querySelector('main')!]) hydrate(el);
      document.querySelector('main')!.insertAdjacentHTML('beforeend', '<fieldset id="calculator"><input type="radio" name="f" id="weekly" checked><input type="radio" name="f" id="monthly"></fieldset>');
      expect(await replayHeldInput()).toBe(0);
      const monthly = document.getElementById('monthly') as HTMLInputElement;
      for (const el of [document.getElementById('calculator')!, document.getElementById('weekly')!, monthly]) hydrate(el);

      vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
      // Rendered, not committed: the click is held (the radio left as it was), not sent to React.
      monthly.click();
      expect(monthly.checked).toBe(false);
      expect(reactSaw).toEqual([]);
      expect(window.fcHeldInput).toHaveLength(1);
      const replay = replayHeldInput();
      // The replay waits while React still cannot take it (it looks again every 25 ms).
      await vi.advanceTimersByTimeAsync(1_000);
      expect(reactSaw).toEqual([]);
      expect(window.fcHeldInput).toHaveLength(1);
      committed = true;
      await vi.advanceTimersByTimeAsync(50);
      expect(await replay).toBe(1);
      expect(reactSaw).toEqual(['click:monthly']);
      expect(monthly.checked).toBe(true);
      // Committed: the next click goes straight through.
      document.getElementById('weekly')!.click();
      expect(reactSaw).toEqual(['click:monthly', 'click:weekly']);
    } finally {
      vi.useRealTimers();
      document.removeEventListener('auxclick', reactStops, true);
    }
  });

  it('a section waiting for the shopper to come near it holds only its own controls: a tap elsewhere on the hydrated page goes through at once', async () => {
    // A car page on a phone: the gallery has hydrated; the enquiry form lower down is still the
    // server's HTML (its code loads when the shopper comes near it), marked not yet interactive.
    document.body.innerHTML =
      '<main data-interactive="true"><button type="button" id="previous">Previous photo</button></main><div data-hydrate-near="r1"><form data-interactive="false"><button type="button" id="send">Send</button></form></div>';
    hydrate(document.body);
    hydrate(document.querySelector('main')!);
    hydrate(document.getElementById('previous')!);
    hydrate(document.querySelector('[data-hydrate-near]')!);
    expect(await replayHeldInput()).toBe(0);

    document.getElementById('previous')!.click();
    expect(reactSaw).toEqual(['click:previous']);
    expect(window.fcHeldInput).toHaveLength(0);

    // The form's own button is held until the form has hydrated and started.
    const send = document.getElementById('send')!;
    send.click();
    expect(reactSaw).toEqual(['click:previous']);
    expect(window.fcHeldInput).toHaveLength(1);
    const form = document.querySelector('form')!;
    hydrate(send);
    hydrate(form);
    // Hydrated but not yet started: it holds the page, as a starting page does.
    document.getElementById('previous')!.click();
    expect(window.fcHeldInput).toHaveLength(2);
    form.setAttribute('data-interactive', 'true');
    expect(await replayHeldInput()).toBe(2);
    expect(reactSaw).toEqual(['click:previous', 'click:send', 'click:previous']);
  });

  it('a part that marks itself starting holds taps anywhere while the page hydrates, though React has set props on the control before the part', async () => {
    // React sets its props on a control before it reaches the part around it: the part's mark,
    // not its props, says the page is still starting.
    document.body.innerHTML = '<header><button type="button" id="menu">Menu</button></header><main data-interactive="false"><input type="checkbox" id="toyota"></main>';
    hydrate(document.body);
    hydrate(document.getElementById('menu')!);
    hydrate(document.getElementById('toyota')!);
    expect(await replayHeldInput()).toBe(0);
    document.getElementById('toyota')!.click();
    document.getElementById('menu')!.click();
    expect(reactSaw).toEqual([]);
    expect(window.fcHeldInput).toHaveLength(2);
    hydrate(document.querySelector('main')!);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    expect(await replayHeldInput()).toBe(2);
    expect(reactSaw).toEqual(['click:toyota', 'click:menu']);
  });

  it('leaves controls inside HTML that React never manages (rich text set as inner HTML) alone', async () => {
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<div id="copy"><p><button type="button" id="faq">Show answer</button></p></div>');
    for (const el of [document.body, document.querySelector('main')!]) hydrate(el);
    hydrate(document.getElementById('copy')!, { dangerouslySetInnerHTML: { __html: '…' } });
    await replayHeldInput();
    document.getElementById('faq')!.click();
    expect(window.fcHeldInput).toHaveLength(0);
    expect(reactSaw).toEqual(['click:faq']);
  });

  it('leaves links alone and lets input through once the page is interactive', async () => {
    document.getElementById('home')!.click();
    expect(window.fcHeldInput).toHaveLength(0);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    await replayHeldInput();
    hydrate(document.getElementById('filters')!);
    document.getElementById('filters')!.click();
    expect(reactSaw).toEqual(['click:home', 'click:filters']);
  });

  it('replays a slider moved before hydration with the value the shopper chose', async () => {
    document.body.insertAdjacentHTML('beforeend', '<input type="range" id="price" min="0" max="100" value="100">');
    const slider = document.getElementById('price') as HTMLInputElement;
    slider.value = '90';
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    // A render before the replay puts the rendered value back (hydration itself keeps it).
    slider.value = '100';
    hydrate(slider);
    const seen: string[] = [];
    slider.addEventListener('input', () => seen.push(slider.value));
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    expect(await replayHeldInput()).toBe(1);
    expect(slider.value).toBe('90');
    expect(seen).toEqual(['90']);
  });

  it('input made after the page turned interactive but before the held input was replayed waits behind it, in the order the shopper made it', async () => {
    // The search page under load (CI): a thumb moved while the page started; the page turns
    // interactive; the shopper types a maximum price and presses Enter before the replay has run.
    // The typed price went to React at once and the replayed thumb move then overrode it.
    document.body.insertAdjacentHTML('beforeend', '<input type="range" id="price" min="0" max="100" value="100"><form><input id="price2" value="100"></form>');
    const slider = document.getElementById('price') as HTMLInputElement;
    const box = document.getElementById('price2') as HTMLInputElement;
    const seen: string[] = [];
    const react = (event: Event) => {
      const target = event.target as HTMLInputElement;
      seen.push(`${event.type} ${target.id} ${event instanceof KeyboardEvent ? event.key : target.value}`);
    };
    for (const type of ['change', 'input', 'keydown']) document.addEventListener(type, react, true);
    document.addEventListener('keydown', takesEnter);
    slider.value = '90';
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    expect(window.fcHeldInput).toHaveLength(1);
    for (const el of [document.body, document.querySelector('main')!, slider, box]) hydrate(el);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    seen.length = 0;
    box.value = '44';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(seen, 'nothing overtakes the held thumb move').toEqual([]);
    expect(await replayHeldInput()).toBe(2);
    expect(seen).toEqual(['input price 90', 'change price 90', 'input price2 44', 'keydown price2 Enter']);
    // Everything played back: input goes straight to React again.
    box.dispatchEvent(new Event('input', { bubbles: true }));
    expect(seen.at(-1)).toBe('input price2 44');
    for (const type of ['change', 'input', 'keydown']) document.removeEventListener(type, react, true);
    document.removeEventListener('keydown', takesEnter);
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
    select.value = 'a'; // a render puts the rendered value back
    hydrate(select);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    await replayHeldInput();
    expect(reactChanges).toEqual(['b']);
    document.removeEventListener('change', reactChange, true);
  });

  it('keeps text typed while the page starts from React, and tells React once, with all of it, when interactive', async () => {
    document.body.insertAdjacentHTML('beforeend', '<input type="search" id="query" value="">');
    const field = document.getElementById('query') as HTMLInputElement;
    const reactInputs: string[] = [];
    const reactInput = (event: Event) => reactInputs.push((event.target as HTMLInputElement).value);
    document.addEventListener('input', reactInput, true);
    document.addEventListener('change', reactInput, true);
    // Typed before React reached the field, then again after it did but while the page still starts.
    for (const text of ['c', 'co']) {
      field.value = text;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    hydrate(document.body);
    hydrate(document.querySelector('main')!);
    hydrate(field);
    const replay = replayHeldInput();
    field.value = 'cor';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
    expect(reactInputs).toEqual([]);
    expect(window.fcHeldInput).toHaveLength(1);
    field.value = ''; // a render puts the rendered (empty) text back
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    expect(await replay).toBe(1);
    expect(reactInputs).toEqual(['cor']);
    expect(field.value).toBe('cor');
    // Interactive: typing goes straight to React.
    field.value = 'coro';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(reactInputs).toEqual(['cor', 'coro']);
    document.removeEventListener('input', reactInput, true);
    document.removeEventListener('change', reactInput, true);
  });

  it('holds Enter pressed in a field while the page starts, and presses it again after the replayed text', async () => {
    document.body.insertAdjacentHTML('beforeend', '<form><input id="price" value="$225,500"></form><form action="/search"><input type="search" id="q"></form>');
    const price = document.getElementById('price') as HTMLInputElement;
    const reactSawKeys: string[] = [];
    const reactKey = (event: Event) => reactSawKeys.push(`${(event as KeyboardEvent).key}:${(event.target as HTMLInputElement).value}`);
    document.addEventListener('keydown', reactKey, true);
    price.value = '44,499';
    price.dispatchEvent(new Event('input', { bubbles: true }));
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    price.dispatchEvent(enter);
    // Kept from React, and no implicit submission of the form (a reload before the page starts).
    expect(enter.defaultPrevented).toBe(true);
    // Other keys, and Enter in a search form that submits as a plain GET, go through.
    price.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    const search = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    document.getElementById('q')!.dispatchEvent(search);
    expect(search.defaultPrevented).toBe(false);
    expect(reactSawKeys).toEqual(['Tab:44,499', 'Enter:']);
    expect(window.fcHeldInput).toMatchObject([{ el: price, value: '44,499', typed: true, enter: true }]);
    for (const el of [document.body, document.querySelector('main')!, price]) hydrate(el);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    price.value = '$225,500'; // a render put the rendered text back
    // React's handler of the form (the replayed Enter submits it, as a pressed one would).
    document.addEventListener('submit', keepSubmit);
    expect(await replayHeldInput()).toBe(1);
    expect(reactSawKeys).toEqual(['Tab:44,499', 'Enter:', 'Enter:44,499']);
    document.removeEventListener('keydown', reactKey, true);
    document.removeEventListener('submit', keepSubmit);
  });

  it('a held Enter submits the field\'s form as a pressed one would, unless the page took the key', async () => {
    document.body.insertAdjacentHTML('beforeend', '<form id="finder"><input id="postcode"><button type="submit" id="go">Search</button></form><form id="price-form"><input id="price2"></form>');
    const submitted: string[] = [];
    const onSubmit = (event: Event) => {
      event.preventDefault();
      const e = event as SubmitEvent;
      submitted.push(`${(e.target as HTMLFormElement).id}:${(document.getElementById('postcode') as HTMLInputElement).value}:${e.submitter?.id ?? ''}`);
    };
    document.addEventListener('submit', onSubmit);
    // The price box applies itself on Enter and keeps the key from the form.
    document.addEventListener('keydown', takesEnter);
    for (const id of ['postcode', 'price2']) {
      const field = document.getElementById(id) as HTMLInputElement;
      field.value = '0999';
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    }
    expect(submitted).toEqual([]);
    for (const el of [document.body, document.querySelector('main')!, document.getElementById('postcode')!, document.getElementById('price2')!]) hydrate(el);
    document.querySelector('main')!.setAttribute('data-interactive', 'true');
    expect(await replayHeldInput()).toBe(2);
    expect(submitted).toEqual(['finder:0999:go']);
    document.removeEventListener('submit', onSubmit);
    document.removeEventListener('keydown', takesEnter);
  });

  it('installs itself once, even when the router runs the head script again', () => {
    document.getElementById('toyota')!.click();
    runHoldInputScript();
    expect(window.fcHeldInput).toHaveLength(1);
  });
});
