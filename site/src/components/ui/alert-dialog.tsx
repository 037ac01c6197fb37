import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import dialogStyles from './dialog.module.css';
import styles from './alert-dialog.module.css';
import { returnFocusProps } from './return-focus.ts';
import { ModalOpenMark } from './modal-mark.ts';

/** Props of an alert dialog: a message that needs the shopper's acknowledgement. */
export interface AlertDialogProps {
  /** The alert's text; the dialog's accessible name. */
  title: string;
  /** More detail under the title (the dialog's accessible description). */
  description?: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Label of the acknowledging button. */
  actionLabel?: string;
  /** Where focus goes on closing (the control that led to the alert). */
  returnFocusTo?: HTMLElement | null | undefined;
}

/**
 * A modal alert (role alertdialog): its text is read out, focus moves to its button and goes
 * back on closing. It stands in for the browser's own alert, which freezes the whole tab and
 * cannot follow the site's theme.
 */
export function AlertDialog({ title, description, open, onOpenChange, actionLabel = 'OK', returnFocusTo }: AlertDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={dialogStyles.overlay} />
        <RadixAlertDialog.Content
          className={`${dialogStyles.content} ${styles.alert}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocusProps(returnFocusTo)}
        >
          <ModalOpenMark />
          <RadixAlertDialog.Title className={styles.title}>{title}</RadixAlertDialog.Title>
          {description ? <RadixAlertDialog.Description className={styles.description}>{description}</RadixAlertDialog.Description> : null}
          <div className={styles.actions}>
            {/* Acknowledging dismisses: the alert's one button is its cancel, which takes focus on opening. */}
            <RadixAlertDialog.Cancel className={styles.action}>{actionLabel}</RadixAlertDialog.Cancel>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
