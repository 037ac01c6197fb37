import { useCallback, useLayoutEffect, useRef, type ComponentPropsWithRef, type Ref, type SyntheticEvent } from 'react';
import styles from './dialog.module.css';

/*
 * A modal dialog's box, shown in the browser's top layer (`<dialog>` opened with `showModal()`).
 * The top layer is above everything the page stacks with z-index, the cookie banner and the
 * sticky bars included, and the browser makes the rest of the page inert while it is open: nothing
 * behind it can be clicked, focused or read, and its backdrop (`::backdrop`) dims all of it. A
 * dialog drawn in the page's own stacking (a fixed box with a z-index) left the cookie banner
 * above its backdrop. Radix's dialog renders this element as its content (`asChild`): Radix keeps
 * the focus trap, Escape, the scroll lock and the accessible name; the browser keeps the layering.
 */

type LayerProps = Omit<ComponentPropsWithRef<'dialog'>, 'open'> & {
  /** A click on the backdrop (outside the box): the dialog's own way to close, if it has one. */
  onBackdropClick?: () => void;
};

/** Sets a ref given as a function or an object. */
function assign<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** A click outside the dialog's box lands on its backdrop (the browser aims it at the dialog itself). */
function onBackdrop(layer: HTMLDialogElement, event: MouseEvent): boolean {
  if (event.target !== layer) return false;
  const box = layer.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/** The `<dialog>` a modal dialog's content renders as: opened modal on mount, closed on unmount. */
export function TopLayerDialog({ onBackdropClick, onCancel, className, ref, ...props }: LayerProps) {
  const own = useRef<HTMLDialogElement | null>(null);
  const backdropClick = useRef(onBackdropClick);
  useLayoutEffect(() => {
    backdropClick.current = onBackdropClick;
  }, [onBackdropClick]);
  const setRef = useCallback(
    (element: HTMLDialogElement | null) => {
      own.current = element;
      assign(ref, element);
    },
    [ref],
  );
  // Before the browser paints and before Radix moves focus in (its effects run after this one).
  useLayoutEffect(() => {
    const layer = own.current;
    if (!layer) return;
    if (!layer.open) {
      if (typeof layer.showModal === 'function') layer.showModal();
      // A DOM without the top layer (a unit test's): shown in place.
      else layer.setAttribute('open', '');
    }
    // A pointer's shortcut only: the keyboard closes with Escape or the dialog's close button.
    const onClick = (event: MouseEvent) => {
      if (backdropClick.current && onBackdrop(layer, event)) backdropClick.current();
    };
    layer.addEventListener('click', onClick);
    return () => {
      layer.removeEventListener('click', onClick);
      if (layer.open && typeof layer.close === 'function') layer.close();
    };
  }, []);
  return (
    <dialog
      {...props}
      ref={setRef}
      className={`${styles.layer} ${className ?? ''}`}
      onCancel={(event: SyntheticEvent<HTMLDialogElement>) => {
        // Escape is Radix's to handle (it closes through the dialog's state); the browser's own
        // close would leave React's state open.
        event.preventDefault();
        onCancel?.(event);
      }}
    />
  );
}
