import { Suspense, useEffect, useId, useMemo, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formCarQueryOptions } from '../../api/leads/form-car.ts';
import { useServices } from '../../lib/use-services.ts';
import { Dialog } from '../ui/dialog.tsx';
import { LeadFormHostContext, type LeadFormHost } from '../form-kit/lead-form-host.ts';
import type { LeadFormModal } from './lead-form-modal-state.ts';
import type { LeadFormPageProps } from './lead-form-props.ts';
import { SuccessMessage } from './success-page.tsx';

/*
 * A car's lead form in a dialog (spec §2 test-drive modal, enquiry modal): the form of the
 * car's form page, with the same fields, checks, lead and analytics; once sent, the success
 * text of /success in the dialog, so the shopper goes on from the results they were reading.
 * Loaded when a shopper heads for a card's button, never with the search page.
 */

export interface LeadFormModalDialogProps {
  /** The dialog the current history entry shows; null closes it. */
  modal: LeadFormModal | null;
  /** The last dialog opened (its content while it closes). */
  shown: LeadFormModal;
  /** The form's title (the dialog's name and heading). */
  title: string;
  Form: ComponentType<LeadFormPageProps>;
  /** Where focus goes back on closing: the button that opened it (asked when it closes). */
  returnFocusTo: () => HTMLElement | null;
  /** Escape, the close button, the overlay or Keep browsing: leave the dialog's history entry. */
  onClose: () => void;
}

/** The dialog of a car's lead form; open while `modal` is set. */
export default function LeadFormModalDialog({ modal, shown, title, Form, returnFocusTo, onClose }: LeadFormModalDialogProps) {
  return (
    <Dialog
      title={title}
      open={modal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      returnFocusTo={returnFocusTo}
    >
      {/* A new car or form starts afresh (no success or typed values carried over). */}
      <LeadFormModalBody key={`${shown.form}:${shown.carId}`} modal={shown} Form={Form} onClose={onClose} />
    </Dialog>
  );
}

function LeadFormModalBody({ modal, Form, onClose }: { modal: LeadFormModal; Form: ComponentType<LeadFormPageProps>; onClose: () => void }) {
  const services = useServices();
  // The key the form page's loader uses, so a card's hover (the router preloads the page) fills it.
  const car = useQuery(formCarQueryOptions(String(modal.carId), services));
  const [sent, setSent] = useState<string | null>(null);
  const host = useMemo<LeadFormHost>(() => ({ titled: true, onSent: setSent }), []);
  const thanksId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-thanks`;
  // The form is gone once sent: focus goes to what replaced it.
  useEffect(() => {
    if (sent) document.getElementById(thanksId)?.focus();
  }, [sent, thanksId]);

  if (sent) {
    return (
      <div data-testid="lead-form-modal-sent">
        <SuccessMessage
          type={sent}
          headingLevel={2}
          headingId={thanksId}
          action={
            <button type="button" className="btn btn--primary" onClick={onClose}>
              Keep browsing
            </button>
          }
        />
      </div>
    );
  }
  if (car.isPending) return <p role="status">Loading the car&apos;s details…</p>;
  if (car.isError) {
    return (
      <p role="alert">
        We could not load this car just now. <a href={modal.href}>Open the form on its own page</a>
      </p>
    );
  }
  if (!car.data) return <p role="alert">Sorry, this car is no longer available.</p>;
  return (
    <LeadFormHostContext.Provider value={host}>
      <Suspense fallback={<p role="status">Loading the form…</p>}>
        <Form car={car.data} headingLevel={2} />
      </Suspense>
    </LeadFormHostContext.Provider>
  );
}
