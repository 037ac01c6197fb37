import { useEffect, useRef, useState } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useTenant } from '../../lib/tenant-context.tsx';
import LeadFormModalDialog from '../../components/lead-forms/lead-form-modal.tsx';
import { leadFormModalOf, type LeadFormModal } from '../../components/lead-forms/lead-form-modal-state.ts';
import type { CardForms } from './card-form-types.ts';

export { openLeadFormModal } from '../../components/lead-forms/lead-form-modal-state.ts';

/*
 * The dialog of a card's form, loaded when a shopper heads for a card's form button (card-forms.tsx). Open while the
 * current history entry names it: Back (or Escape, the close button, Keep browsing, which go
 * back) closes it, Forward opens it again.
 */

/** The card's link for a dialog's form page, when the button it was opened from is gone. */
function cardLinkFor(href: string): HTMLElement | null {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-testid="car-card"] a[href]')).find((a) => a.getAttribute('href') === href) ?? null;
}

/** The dialog the current history entry asks for. */
export default function CardFormModalHost({ forms, opener }: { forms: CardForms; opener: HTMLElement | null }) {
  const router = useRouter();
  const tenant = useTenant();
  const state = useRouterState({ select: (s) => s.location.state.leadFormModal });
  const modal = leadFormModalOf({ leadFormModal: state });
  // The last dialog opened stays rendered (closed) so that closing can hand focus back.
  const [shown, setShown] = useState<LeadFormModal | null>(null);
  if (modal && (modal.href !== shown?.href || modal.form !== shown.form)) setShown(modal);
  // One Back per dialog: Escape pressed twice before the browser has gone back must not leave the results.
  const leaving = useRef(false);
  const open = modal !== null;
  useEffect(() => {
    if (!open) leaving.current = false;
  }, [open]);
  const current = shown ?? modal;
  const entry = current ? forms[current.form] : undefined;
  if (!current || !entry) return null;
  const returnFocusTo = () => (opener?.isConnected && opener.getAttribute('href') === current.href ? opener : cardLinkFor(current.href));
  return (
    <LeadFormModalDialog
      modal={modal}
      shown={current}
      title={entry.title(tenant)}
      Form={entry.Form}
      returnFocusTo={returnFocusTo}
      onClose={() => {
        if (!open || leaving.current) return;
        leaving.current = true;
        router.history.back();
      }}
    />
  );
}
