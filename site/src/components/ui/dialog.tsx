import { useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import styles from './dialog.module.css';
import { TopLayerDialog } from './top-layer.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';
import { returnFocusProps, type ReturnFocusTarget } from './return-focus.ts';

export interface DialogProps {
  /** Accessible title; shown as the heading unless `hideTitle` is set. */
  title: string;
  hideTitle?: boolean;
  description?: string;
  /** The element that opens the dialog (rendered as the trigger via asChild). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** `sheet` slides in from the side (mobile menu); `centered` is a modal box; `fullscreen` fills the window (gallery). */
  variant?: 'centered' | 'sheet' | 'fullscreen';
  closeLabel?: string;
  /** Where focus goes back to on closing when the dialog has no `trigger` (opened from elsewhere). */
  returnFocusTo?: ReturnFocusTarget;
  children: ReactNode;
}

/** Modal dialog in the browser's top layer (top-layer.tsx), with focus trap, Escape to close and a labelled close button. */
export function Dialog({
  title,
  hideTitle,
  description,
  trigger,
  open,
  onOpenChange,
  variant = 'centered',
  closeLabel = 'Close',
  returnFocusTo,
  children,
}: DialogProps) {
  const heading = <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>;
  // A click on the backdrop closes the dialog as its close button does.
  const close = useRef<HTMLButtonElement>(null);
  return (
    <RadixDialog.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        {/* Locks the page's scroll; the dimming is the top layer's backdrop. */}
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content asChild {...(description ? {} : { 'aria-describedby': undefined })} {...returnFocusProps(returnFocusTo)}>
          <TopLayerDialog className={variant === 'sheet' ? styles.sheet : variant === 'fullscreen' ? styles.fullscreen : styles.content} onBackdropClick={() => close.current?.click()}>
            <div className={styles.head}>
              {hideTitle ? <VisuallyHidden>{heading}</VisuallyHidden> : heading}
              <RadixDialog.Close ref={close} className={styles.close} aria-label={closeLabel}>
                <span aria-hidden="true">×</span>
              </RadixDialog.Close>
            </div>
            {description ? <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description> : null}
            <div className={styles.body}>{children}</div>
          </TopLayerDialog>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a child so that activating it closes the surrounding dialog. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
