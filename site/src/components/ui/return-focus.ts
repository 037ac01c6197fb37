/**
 * Props for a Radix dialog's content that send focus to `element` when it closes, for a dialog
 * opened from code rather than by its own trigger (Radix would otherwise send it to the trigger).
 * @param element where focus goes back; nothing changes without one
 */
export function returnFocusProps(element: HTMLElement | null | undefined): { onCloseAutoFocus?: (event: Event) => void } {
  if (!element) return {};
  return {
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      element.focus();
    },
  };
}
