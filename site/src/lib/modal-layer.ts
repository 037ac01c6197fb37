import { useLayoutEffect, useSyncExternalStore } from 'react';

/*
 * Whether a modal dialog is open on the page, for the layers that sit outside every dialog and
 * above the page (the cookie banner). A modal's backdrop covers them and the dialog library
 * hides the rest of the page from assistive technology; these layers are also made inert
 * meanwhile, so nothing behind the dialog can be clicked, focused or read until it closes, and
 * they are back as they were when it does. A count, not a flag: one dialog can open another
 * (an alert over a form).
 */

let open = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number): void {
  open += by;
  for (const listener of listeners) listener();
}

/**
 * Rendered inside a modal dialog's box: a modal is open for as long as it is mounted. It marks
 * before the browser paints the dialog, so the layers behind are inert in the same frame.
 */
export function ModalOpenMark(): null {
  useLayoutEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
  return null;
}

/** True while any modal dialog is open (never on the server: no dialog is open there). */
export function useModalOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open > 0,
    () => false,
  );
}
