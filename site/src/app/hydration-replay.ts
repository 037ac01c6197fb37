import { useEffect, useState } from 'react';

/*
 * No click is lost while the page's scripts load. The server-rendered page is visible and its
 * links and GET forms work at once, but buttons, checkboxes, selects and sliders do nothing until React
 * has hydrated them. A tiny inline script (in <head>, before any content) holds such clicks and
 * select changes; once the app has hydrated, `replayHeldInput` plays them back on the same
 * elements (hydration keeps the server's DOM nodes), so a filter ticked during hydration is
 * applied, not silently dropped. If the app never hydrates (a script failed to load), holding
 * stops after 15 s so the page is not left unresponsive. The router may run the head's inline
 * scripts again after hydration, so the script installs itself once. After hydration the script
 * keeps holding while a page marks itself not yet interactive (`useInteractive`); the listener
 * runs before React's on the same node (both on `document`), so a held click or select change
 * never reaches React early (React would hydrate the control and apply it before InstantSearch
 * can take it, and it would be lost).
 */

declare global {
  interface Window {
    fcHeldInput?: { el: Element; value?: string }[];
    fcHydrated?: boolean | 'timeout';
  }
}

/** The inline script's source (hashed or nonced by the page's CSP). */
export const HOLD_INPUT_SCRIPT = `(function(){if(window.fcHeldInput)return;var q=window.fcHeldInput=[];
function busy(){return !window.fcHydrated||(window.fcHydrated===true&&document.querySelector('[data-interactive="false"]'));}
function on(e){if(window.fcHeldInput!==q||!busy())return;var t=e.target;if(!t||!t.closest)return;
if(e.type==='change'){if(t.tagName==='SELECT'||(t.tagName==='INPUT'&&t.type==='range')){q.push({el:t,value:t.value});if(t.tagName==='SELECT')e.stopImmediatePropagation();}return;}
var c=t.closest('button,input[type=checkbox],input[type=radio],[role=button],[role=checkbox],[role=switch],[role=tab]');
if(!c||(c.tagName==='BUTTON'&&c.type==='submit'&&c.form&&c.form.getAttribute('action')))return;
e.preventDefault();e.stopImmediatePropagation();for(var i=0;i<q.length;i++){if(q[i].el===c)return;}q.push({el:c});}
document.addEventListener('click',on,true);document.addEventListener('change',on,true);
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

function pageStillStarting(): boolean {
  return document.querySelector('[data-interactive="false"]') !== null;
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

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Marks the app hydrated and replays what the inline script held, in the order it happened.
 * The page frame hydrates first; a route's content can follow a moment later (its Suspense
 * boundary waits for its code), so each held element is replayed once React has hydrated that
 * element and the page has said it is interactive (`useInteractive`) — up to 10 s.
 * Call once, after the first (hydrating) commit. Resolves with the number replayed.
 */
export async function replayHeldInput(): Promise<number> {
  window.fcHydrated = true;
  const held = [...(window.fcHeldInput ?? [])];
  // Emptied in place: the inline script keeps pushing to this array while a page is starting.
  window.fcHeldInput?.splice(0);
  let replayed = 0;
  for (const item of held) {
    const deadline = Date.now() + 10_000;
    while (item.el.isConnected && (!isHydrated(item.el) || pageStillStarting()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    if (!item.el.isConnected || !isHydrated(item.el)) continue;
    // Let the hydrating commit's effects run before the input arrives.
    await nextTask();
    if (item.value !== undefined && (item.el instanceof HTMLSelectElement || item.el instanceof HTMLInputElement)) {
      const field = item.el;
      // Set the value the shopper chose through the prototype's setter (React's own value tracker
      // then still holds the old value and sees a change), and tell React as the browser would:
      // `input` for range inputs, `change` for selects.
      const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, item.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (item.el instanceof HTMLElement) {
      item.el.click();
    }
    replayed++;
  }
  return replayed;
}
