import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/*
 * No click is lost while the page's scripts load. The server-rendered page is visible and its
 * links and GET forms work at once, but buttons, checkboxes, selects and sliders do nothing until React
 * has hydrated them. A tiny inline script (in <head>, before any content) holds such clicks,
 * select changes and text typed into fields (the text stays in the field; React is told once,
 * with Enter after it when the shopper pressed Enter there; Enter in a GET form with an action
 * submits it as usual); `replayHeldInput` plays them back on the same elements once React has hydrated
 * them and committed that (hydration keeps the server's DOM nodes), so a filter ticked during hydration is
 * applied, not silently dropped.
 *
 * A control is held while React cannot take input on it yet (it has not hydrated it, or has
 * rendered its hydration but not committed it: `reachesReact`), which is not only before the app starts:
 * a part of the page whose code is still loading (a lazily loaded feature, e.g. the vehicle
 * page's finance calculator) stays server HTML after the rest has hydrated, and React hydrates
 * it when its code arrives. A control inside HTML React never manages (a page's rich text, set
 * as inner HTML) is left alone. After hydration the script also holds input while a page marks
 * itself not yet interactive (`useInteractive`) — except a section waiting for the shopper to come
 * near it (`data-hydrate-near`), which holds only its own controls; the listener runs before React's on the same
 * node (both on `document`), so a held click or select change never reaches React early (React
 * would hydrate the control and apply it before InstantSearch can take it, and it would be lost).
 * A select's `input` event (the browser fires it just before `change`) is kept from React too:
 * React answers it by finishing the hydration of that part of the page at once, and the
 * re-render puts the rendered option back before the `change` event arrives, so the choice the
 * script then holds would be the old one.
 * A held choice (a select's option, a slider's position) stays shown the same way until it is
 * played back: a render of the select in the meantime put its rendered option back, so the
 * shopper saw their dealership flick back to the placeholder, and what read the select then (a
 * screen reader, a shopper choosing the location from what it showed) found no dealership.
 * Held text stays what the shopper typed until it is played back: React does not know of it, so
 * a render of a hydrated field in the meantime (the page turning interactive re-renders it) puts
 * the rendered text back; the script puts the typed text back before the next frame, and Enter
 * pressed after such a render holds the text typed, not the rendered text it found (it held the
 * rendered text, and the price box applied its old amount over the typed one and the thumb move
 * before it). Controls React renders from state also put it back themselves straight after each
 * render (`useHeldInputShown`), so nothing that reads them before the next frame finds React's value.
 * If the app never hydrates (a script failed to load), holding stops after 15 s so the page is
 * not left unresponsive. The router may run the head's inline scripts again after hydration, so
 * the script installs itself once.
 */

/**
 * One held input: a click (el only), a choice (`value`), or text typed into a field (`typed`, its
 * latest `value`; `enter` when the shopper also pressed Enter in it, which applies a field such as
 * the price boxes: the key is held, and pressed again after the text is replayed).
 */
interface HeldInput {
  el: Element;
  value?: string;
  typed?: boolean;
  enter?: boolean;
}

declare global {
  interface Window {
    fcHeldInput?: HeldInput[];
    fcHydrated?: boolean | 'timeout';
    /** Set once the app has hydrated: replays what the inline script holds from then on. */
    fcReplay?: () => void;
    /** True while `replayHeldInput` plays an item back (the script lets it through). */
    fcReplaying?: boolean;
    /** The inline script's probe: whether React takes input on the control now (`PROBE_EVENT`). */
    fcReachesReact?: (el: Element) => boolean;
  }
}

/**
 * The event that asks React whether it can take input on a control now. React attaches its props
 * to a node as it renders the node's hydration, before it commits it, and the hydration of a part
 * of the page (each Suspense boundary: the route's content, a lazily loaded feature) is rendered
 * in short slices between other tasks. Input on a control in that window makes React finish the
 * part's hydration first, but a click has already ticked a checkbox or radio by then, so React
 * records the ticked state as the rendered one, sees no change and fires no onChange: the finance
 * calculator's Monthly came back unticked, or ticked with the weekly repayment.
 *
 * The probe is an event React hydrates a part for at once, as for a click, and nothing on the
 * page listens to: the middle button's click, sent to the control alone (it does not bubble).
 * React finishes and commits the part when its code is there, and stops the event on its way down
 * when it cannot (a part still waiting for code), so the event reaches the control only once React
 * takes input there. The inline script defines the probe (`reach`) and publishes it as
 * `window.fcReachesReact`: it asks before it lets a click through, and the replay asks before it
 * plays held input back.
 */
const PROBE_EVENT = 'auxclick';

/** The inline script's source (hashed or nonced by the page's CSP). */
export const HOLD_INPUT_SCRIPT = `(function(){if(window.fcHeldInput)return;var q=window.fcHeldInput=[];
function props(el){var k=Object.keys(el);for(var i=0;i<k.length;i++){if(k[i].indexOf('__reactProps$')===0)return el[k[i]]||{};}return null;}
function reach(c){var r=false,f=function(){r=true;};c.addEventListener('${PROBE_EVENT}',f);try{c.dispatchEvent(new Event('${PROBE_EVENT}'));}finally{c.removeEventListener('${PROBE_EVENT}',f);}return r;}window.fcReachesReact=reach;
function pending(c){if(props(c))return !reach(c);for(var p=c.parentElement;p;p=p.parentElement){var r=props(p);if(r)return !r.dangerouslySetInnerHTML;}return true;}
function starting(c){if(c.closest('[data-interactive="false"]'))return true;var s=document.querySelectorAll('[data-interactive="false"]');for(var i=0;i<s.length;i++){if(props(s[i])||!s[i].closest('[data-hydrate-near]'))return true;}return false;}
function busy(c){return window.fcHydrated!=='timeout'&&(q.length>0||pending(c)||starting(c));}
function setv(el,v){var d=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el),'value');if(d&&d.set)d.set.call(el,v);}
function keep(it){var f=function(){if(window.fcHeldInput!==q||q.indexOf(it)<0||window.fcHydrated==='timeout')return;if(it.el.value!==it.value)setv(it.el,it.value);keep(it);};if(window.requestAnimationFrame)requestAnimationFrame(f);else setTimeout(f,16);}
function hold(item){for(var i=0;i<q.length;i++){if(q[i].el===item.el&&item.typed&&q[i].typed){if(item.enter)q[i].enter=true;else q[i].value=item.value;return;}}q.push(item);if(item.value!==undefined)keep(item);if(window.fcReplay)window.fcReplay();}
function typing(t){return t.tagName==='TEXTAREA'||(t.tagName==='INPUT'&&!/^(checkbox|radio|range|button|submit|reset|file|image|hidden|color)$/.test(t.type));}
function on(e){if(window.fcHeldInput!==q||window.fcReplaying)return;var t=e.target;if(!t||!t.closest)return;
if(typing(t)){if(e.type==='keydown'){if(e.key==='Enter'&&busy(t)&&!(t.form&&t.form.getAttribute('action'))){e.preventDefault();e.stopImmediatePropagation();hold({el:t,value:t.value,typed:true,enter:true});}return;}
if((e.type==='input'||e.type==='change')&&busy(t)){e.stopImmediatePropagation();hold({el:t,value:t.value,typed:true});}return;}
if(e.type==='keydown')return;
if(e.type==='input'){if(t.tagName==='SELECT'&&busy(t))e.stopImmediatePropagation();return;}
if(e.type==='change'){if((t.tagName==='SELECT'||(t.tagName==='INPUT'&&t.type==='range'))&&busy(t)){if(t.tagName==='SELECT')e.stopImmediatePropagation();hold({el:t,value:t.value});}return;}
var c=t.closest('button,input[type=checkbox],input[type=radio],[role=button],[role=checkbox],[role=switch],[role=tab]');
if(!c||(c.tagName==='BUTTON'&&c.type==='submit'&&c.form&&c.form.getAttribute('action'))||!busy(c))return;
e.preventDefault();e.stopImmediatePropagation();for(var i=0;i<q.length;i++){if(q[i].el===c)return;}hold({el:c});}
document.addEventListener('click',on,true);document.addEventListener('input',on,true);document.addEventListener('change',on,true);document.addEventListener('keydown',on,true);
setTimeout(function(){if(!window.fcHydrated)window.fcHydrated='timeout';},15000);})();`;

/**
 * For a page whose controls need more than hydration before they work (InstantSearch restores
 * its search scheduling in an effect after its widgets mount): render `data-interactive` on
 * the page's root with this value. It is false in the server HTML and the hydrating render,
 * and true once the page's effects have run; held input waits for it.
 */
export function useInteractive(): boolean {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => {
    // A task later: after every effect of this commit (InstantSearch's among them) has run.
    const ready = setTimeout(() => setInteractive(true), 0);
    return () => clearTimeout(ready);
  }, []);
  // Input held while the page was starting is played back once it is interactive.
  useEffect(() => {
    if (interactive && window.fcHydrated === true) void replayHeldInput();
  }, [interactive]);
  return interactive;
}

/**
 * For a controlled select that React renders from state: a choice the shopper made in the
 * server's HTML that the inline script did not hold (its scripts took longer than the script
 * waits, 15 s, on a slow connection) is shown by the browser but unknown to React, whose next
 * render would put its own value back — a dealership picked while the page started came back
 * unpicked, and the location picker that depends on it never opened. Once the select has
 * hydrated, a value that differs from React's and is one of its options is passed to `choose`
 * as the shopper's change. A held choice is left to `replayHeldInput`, which plays it back in
 * the order it was made.
 */
export function useChoiceMadeWhileStarting(ref: RefObject<HTMLSelectElement | null>, value: string | undefined, choose: (value: string) => void): void {
  useHeldInputShown(ref);
  useEffect(() => {
    const select = ref.current;
    if (!select || value === undefined || select.value === value) return;
    if ((window.fcHeldInput ?? []).some((item) => item.el === select)) return;
    if ([...select.options].some((option) => option.value === select.value)) choose(select.value);
    // Only the value found at hydration: later changes reach React as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Shows what the inline script holds for the controls in `ref` (a select's option, a slider's
 * position, text typed into a field) after every render of the component, in the same task. A
 * render before the play-back puts React's own value back on a controlled control; the script
 * restores the shopper's choice before the next frame, but what read the control in between (a
 * screen reader, the shopper's next step choosing a location from what the dealership select
 * shows, a test) found the placeholder. Each component that renders a controlled control calls
 * this (React offers no hook that runs after every commit of the page); the script's own
 * restore stays for any control that does not.
 */
export function useHeldInputShown(ref: RefObject<Element | null>): void {
  useLayoutEffect(() => {
    const root = ref.current;
    const held = window.fcHeldInput;
    if (!root || !held || window.fcHydrated === 'timeout') return;
    for (const item of held) {
      if (item.value !== undefined && root.contains(item.el) && (item.el as HTMLInputElement).value !== item.value) showValue(item.el as HTMLInputElement, item.value);
    }
  });
}

/**
 * Sets a control's value as the browser shows it, through the prototype's setter: React's value
 * tracker (the element's own property, where React tracks it) keeps what React last knew, so a
 * play-back later still finds a change.
 */
function showValue(field: HTMLInputElement | HTMLSelectElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * Whether the page is still starting (`useInteractive`) for input on `el`: a part that marks
 * itself not yet interactive holds input anywhere while the page hydrates (React sets its
 * props on a control before it reaches the part around it). A section that hydrates only when
 * the shopper comes near it (`data-hydrate-near`) and has not yet holds only its own controls:
 * counting it too held every tap on the page, the gallery's arrows among them, until the shopper
 * scrolled down to it.
 */
function pageStillStarting(el?: Element): boolean {
  if (el?.closest('[data-interactive="false"]')) return true;
  return [...document.querySelectorAll('[data-interactive="false"]')].some((part) => isHydrated(part) || !part.closest('[data-hydrate-near]'));
}

/**
 * Runs `action` once the page is interactive (hydrated, and no page still starting — see
 * `useInteractive`): at once when it already is, else as soon as it becomes so (up to 10 s).
 * For input React handled itself while the page was starting, e.g. a search typed meanwhile.
 */
export function whenInteractive(action: () => void): void {
  const deadline = Date.now() + 10_000;
  const attempt = () => {
    if ((window.fcHydrated === true && !pageStillStarting()) || Date.now() > deadline) action();
    else setTimeout(attempt, 25);
  };
  attempt();
}

/** Whether React has hydrated this element (it attaches its props to the node when it does). */
function isHydrated(el: Element): boolean {
  return Object.keys(el).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Whether React takes input on `el` now: the part of the page around it committed, not only
 * rendered (`PROBE_EVENT`). Held input exists only where the inline script runs, and the script
 * publishes the probe.
 */
function reachesReact(el: Element): boolean {
  return window.fcReachesReact?.(el) ?? true;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Marks the app hydrated and replays what the inline script held, in the order it happened.
 * The page frame hydrates first; a route's content or a feature can follow later (its Suspense
 * boundary waits for its code), so each held element is replayed once React has hydrated that
 * element and the page has said it is interactive (`useInteractive`) — up to 10 s. Called
 * after the first (hydrating) commit; from then on the inline script calls it (`fcReplay`)
 * whenever it holds something. One replay runs at a time, and an item leaves the queue only
 * when it is played back, so the script's "already held" check still stops a second click on
 * a waiting control from undoing the first. Resolves with the number replayed.
 */
export function replayHeldInput(): Promise<number> {
  window.fcHydrated = true;
  markHydrated();
  window.fcReplay ??= () => void replayHeldInput();
  return (draining ??= drainHeldInput().finally(() => (draining = null)));
}

let draining: Promise<number> | null = null;

let markHydrated: () => void = () => {};
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));

/**
 * Resolves once the app has hydrated the page (its first commit in the browser, when
 * `replayHeldInput` marks it). Code that is not needed to hydrate (the cookie banner's) starts
 * loading then, so it neither competes with hydration nor counts as the page's first JavaScript.
 */
export function afterHydration(): Promise<void> {
  return hydrated;
}

async function drainHeldInput(): Promise<number> {
  // The inline script's array: it keeps pushing to it while this runs.
  const queue = window.fcHeldInput ?? [];
  let replayed = 0;
  while (queue.length > 0) {
    const item = queue[0]!;
    const deadline = Date.now() + 10_000;
    const ready = () => isHydrated(item.el) && !pageStillStarting(item.el) && reachesReact(item.el);
    while (item.el.isConnected && !ready() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    if (item.el.isConnected && isHydrated(item.el)) {
      // Let the hydrating commit's effects run before the input arrives.
      await nextTask();
      queue.shift();
      play(item);
      replayed++;
    } else queue.shift();
  }
  return replayed;
}

function play(item: HeldInput): void {
  // What is played back here is not held again (the page may still be starting after the wait).
  window.fcReplaying = true;
  try {
    if (item.value === undefined) {
      if (item.el instanceof HTMLElement) item.el.click();
      return;
    }
    // React fires a field's onChange only when its value differs from what React's value tracker
    // last recorded, and hydration records the value the field has then: a thumb moved or text
    // typed before hydration would look unchanged, and the move be lost. Assigning through the
    // element's own property (React's tracker, where React tracks the field) records another
    // value first; the value to play back is then set through the prototype's setter, which
    // React does not see, so it finds a change. Then tell React as the browser would: `input`,
    // then `change` for a choice, or Enter when the shopper pressed it in the field.
    const field = item.el as HTMLInputElement;
    field.value = item.value === '' ? ' ' : '';
    showValue(field, item.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (!item.typed) field.dispatchEvent(new Event('change', { bubbles: true }));
    if (item.enter) {
      const proceed = field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      // A dispatched Enter does not submit the field's form as a pressed one does: do what the
      // browser would (implicit submission, with the form's first submit button as submitter),
      // unless the page took the key itself. Without it, a postcode typed in the dealership
      // finder with Enter while the page started was applied as text but never searched.
      if (proceed && field.form && field.tagName === 'INPUT') {
        const submitter = field.form.querySelector<HTMLButtonElement | HTMLInputElement>('button[type="submit"], button:not([type]), input[type="submit"]');
        field.form.requestSubmit(submitter ?? undefined);
      }
    }
  } finally {
    window.fcReplaying = false;
  }
}
