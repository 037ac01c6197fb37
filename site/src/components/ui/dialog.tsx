import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import styles from './dialog.module.css';
import { VisuallyHidden } from './visually-hidden.tsx';
import { returnFocusProps, type ReturnFocusTarget } from './return-focus.ts';
import { ModalOpenMark } from './modal-mark.ts';

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

/** Modal dialog with focus trap, Escape to close and a labelled close button. */
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
  return (
    <RadixDialog.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={variant === 'sheet' ? styles.sheet : variant === 'fullscreen' ? styles.fullscreen : styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocusProps(returnFocusTo)}
        >
          <ModalOpenMark />
          <div className={styles.head}>
            {hideTitle ? <VisuallyHidden>{heading}</VisuallyHidden> : heading}
            <RadixDialog.Close className={styles.close} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description> : null}
          <div className={styles.body}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a child so that activating it closes the surrounding dialog. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
