import { useLayoutEffect } from 'react';

/*
 * The page's own layers that sit outside every dialog and above the page (the cookie banner)
 * carry this attribute. While a modal dialog is open they are inert: the dialog's backdrop covers
 * them and the dialog library hides the rest of the page from assistive technology, and inert also
 * keeps every press and focus off them until the dialog closes; then they are back as they were.
 * A count, not a flag: one dialog can open another (an alert over a form). Set on the elements
 * themselves (the banner is the server's HTML, hydrated in place), so this code loads with the
 * dialogs only and adds nothing to a page's first scripts.
 */
export const UNDER_MODAL_ATTRIBUTE = 'data-under-modal';

let open = 0;

function setLayersInert(inert: boolean): void {
  for (const layer of document.querySelectorAll<HTMLElement>(`[${UNDER_MODAL_ATTRIBUTE}]`)) layer.toggleAttribute('inert', inert);
}

/**
 * Rendered inside a modal dialog's box: a modal is open for as long as it is mounted. It marks
 * before the browser paints the dialog, so the layers behind are inert in the same frame.
 */
export function ModalOpenMark(): null {
  useLayoutEffect(() => {
    open += 1;
    if (open === 1) setLayersInert(true);
    return () => {
      open -= 1;
      if (open === 0) setLayersInert(false);
    };
  }, []);
  return null;
}
