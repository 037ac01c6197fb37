/*
 * The footer's "Cookie settings" button reopens the cookie banner (components/consent), which
 * lives elsewhere in the page: a tiny channel between the two, so neither imports the other.
 */

type Listener = (opener: HTMLElement | null) => void;
const listeners = new Set<Listener>();

/**
 * Asks the cookie banner to open so the shopper can change their choice.
 * @param opener the control that asked (focus returns to it once the shopper has chosen)
 */
export function openConsentSettings(opener: HTMLElement | null) {
  for (const listener of listeners) listener(opener);
}

/**
 * Listens for requests to open the cookie banner; returns the function that stops listening.
 * @param listener called with the control that asked
 */
export function onConsentSettings(listener: Listener): () => void {
  listeners.add(listener);
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
