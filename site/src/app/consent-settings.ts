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
