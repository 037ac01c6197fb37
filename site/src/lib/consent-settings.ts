/*
 * The footer's "Cookie settings" button reopens the cookie banner (components/consent), which
 * lives elsewhere in the page: a tiny channel between the two, so neither imports the other.
 */

type Listener = (opener: HTMLElement | null) => void;
const listeners = new Set<Listener>();
/** A request made before the banner listened (its code loads after the page has hydrated). */
let waiting: { opener: HTMLElement | null } | null = null;

/**
 * Asks the cookie banner to open so the shopper can change their choice. The banner's code loads
 * after the page has hydrated: a request made before it listens is kept and delivered when it does.
 * @param opener the control that asked (focus returns to it once the shopper has chosen)
 */
export function openConsentSettings(opener: HTMLElement | null) {
  if (listeners.size === 0) waiting = { opener };
  for (const listener of listeners) listener(opener);
}

/**
 * Listens for requests to open the cookie banner; returns the function that stops listening.
 * @param listener called with the control that asked (at once for a request made before anyone listened)
 */
export function onConsentSettings(listener: Listener): () => void {
  listeners.add(listener);
  if (waiting) {
    const { opener } = waiting;
    waiting = null;
    listener(opener);
  }
  return () => listeners.delete(listener);
}

/** The attribute the early script puts on <html> when the device holds a cookie choice. */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-cookie-choice';

/**
 * Source of the inline script that runs before the first paint (with the input-holding script,
 * lib/early-head-script.ts) on a site with analytics tags: when the device holds a cookie choice
 * it marks <html>, and the server-rendered banner is not painted at all. React decides after
 * hydration (a choice past its validity shows the banner again).
 * @param storageKey the site's device key of the cookie choice
 */
export function cookieChoiceScript(storageKey: string): string {
  return `try{if(window.localStorage.getItem(${JSON.stringify(storageKey)})!==null)document.documentElement.setAttribute(${JSON.stringify(COOKIE_CHOICE_ATTRIBUTE)},'')}catch(e){}`;
}
