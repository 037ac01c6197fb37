/*
 * No click is lost while the page's scripts load. The server-rendered page is visible and its
 * links and GET forms work at once, but buttons, checkboxes and selects do nothing until React
 * has hydrated them. A tiny inline script (in <head>, before any content) holds such clicks and
 * select changes; once the app has hydrated, `replayHeldInput` plays them back on the same
 * elements (hydration keeps the server's DOM nodes), so a filter ticked during hydration is
 * applied, not silently dropped. If the app never hydrates (a script failed to load), holding
 * stops after 15 s so the page is not left unresponsive.
 */

declare global {
  interface Window {
    fcHeldInput?: { el: Element; value?: string }[];
    fcHydrated?: boolean | 'timeout';
  }
}

/** The inline script's source (hashed or nonced by the page's CSP). */
export const HOLD_INPUT_SCRIPT = `(function(){var q=window.fcHeldInput=[];function on(e){if(window.fcHydrated)return;var t=e.target;if(!t||!t.closest)return;
if(e.type==='change'){if(t.tagName==='SELECT'){q.push({el:t,value:t.value});}return;}
var c=t.closest('button,input[type=checkbox],input[type=radio],[role=button],[role=checkbox],[role=switch],[role=tab]');
if(!c||(c.tagName==='BUTTON'&&c.type==='submit'&&c.form&&c.form.getAttribute('action')))return;
e.preventDefault();e.stopPropagation();for(var i=0;i<q.length;i++){if(q[i].el===c)return;}q.push({el:c});}
document.addEventListener('click',on,true);document.addEventListener('change',on,true);
setTimeout(function(){if(!window.fcHydrated)window.fcHydrated='timeout';},15000);})();`;

/**
 * Marks the app hydrated and replays what the inline script held, in the order it happened.
 * Call once, after the first (hydrating) commit.
 */
export function replayHeldInput(): number {
  const held = window.fcHeldInput ?? [];
  window.fcHydrated = true;
  window.fcHeldInput = [];
  let replayed = 0;
  for (const item of held) {
    if (!item.el.isConnected) continue;
    if (item.value !== undefined && item.el instanceof HTMLSelectElement) {
      const select = item.el;
      if (select.value !== item.value) {
        // React listens for the native change event; set the value the shopper picked, then tell it.
        const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
        setter?.call(select, item.value);
      }
      select.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (item.el instanceof HTMLElement) {
      item.el.click();
    }
    replayed++;
  }
  return replayed;
}
