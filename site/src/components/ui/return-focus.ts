/** Where focus goes back: an element, or a function asked when the dialog closes (the element may change while it is open). */
export type ReturnFocusTarget = HTMLElement | null | undefined | (() => HTMLElement | null);

/**
 * Props for a Radix dialog's content that send focus to `element` when it closes, for a dialog
 * opened from code rather than by its own trigger (Radix would otherwise send it to the trigger).
 * @param element where focus goes back; nothing changes without one
 */
export function returnFocusProps(element: ReturnFocusTarget): { onCloseAutoFocus?: (event: Event) => void } {
  if (!element) return {};
  return {
    onCloseAutoFocus: (event: Event) => {
      const target = typeof element === 'function' ? element() : element;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
