import { cloneElement, Suspense, useState, type ReactElement, type SyntheticEvent } from 'react';
import { lazyPart, warmUp } from '../../lib/feature-component.tsx';
import type { DialogProps } from './dialog.tsx';

/*
 * The dialog's code (Radix dialog, focus scope, scroll lock: ~14 KB gzip) loads when a shopper
 * heads for a control that opens one (pointer over it, focus on it) or opens it, not with the
 * page: a page whose only dialogs are closed hydrates without it.
 */

/** Starts loading the dialog's code (once). */
export const loadDialog = () => import('./dialog.tsx').then((module) => ({ default: module.Dialog }));

/** Starts loading the dialog's code ahead of a press; a failure is let go (opening asks again). */
export const prefetchDialog = warmUp(loadDialog);

/** `Dialog`, loaded on first render; render it from the first opening on (never on the server). */
export const LazyDialog = lazyPart(loadDialog);

type TriggerProps = {
  onClick?: (event: SyntheticEvent<HTMLElement>) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
};

/**
 * A dialog opened by its own trigger button, whose code loads on demand. `trigger` is the
 * button (a `<button type="button">`); it is rendered as given on the server and before the
 * dialog has loaded, and opens the dialog when activated (a click made before the page is
 * interactive is replayed then). Closing returns focus to it.
 */
export function DialogOnDemand({ trigger, ...dialog }: Omit<DialogProps, 'trigger' | 'open' | 'onOpenChange'> & { trigger: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState(false);
  // The button it was opened from; the dialog is rendered from the first opening on (never on
  // the server, so the server's HTML and the hydrating render agree).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const button = cloneElement(trigger, {
    onClick: (event) => {
      setOpener(event.currentTarget);
      setOpen(true);
    },
    onPointerEnter: prefetchDialog,
    onFocus: prefetchDialog,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
  });
  return (
    <>
      {button}
      {opener ? (
        <Suspense fallback={null}>
          <LazyDialog {...dialog} open={open} onOpenChange={setOpen} returnFocusTo={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
