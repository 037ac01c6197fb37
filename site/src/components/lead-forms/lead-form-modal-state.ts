import type { AnyRouter } from '@tanstack/react-router';
import type { CardLeadForm } from '../../domain/car-card.ts';

/*
 * A lead form opened as a dialog over the page (spec §2 test-drive modal, enquiry modal) is an
 * entry of the browser's history: the page stays where it is (its router location, with this
 * state added) while the address bar shows the form's own page for that car, so Back closes the
 * dialog and restores the page's address, and a reload or a shared link opens the form's page.
 * Kept small: it is in the search page's first download; the dialog itself is not.
 */

/** The dialog a history entry shows. */
export interface LeadFormModal {
  form: CardLeadForm;
  carId: number;
  /** The form's page for the car (`/book-test-drive/?car_id=516`): what the address bar shows. */
  href: string;
}

declare module '@tanstack/history' {
  interface HistoryState {
    leadFormModal?: LeadFormModal;
  }
}

/** The dialog of a router location's history state, if it names a well-formed one. */
export function leadFormModalOf(state: { leadFormModal?: unknown } | undefined): LeadFormModal | null {
  const modal = state?.leadFormModal as Partial<LeadFormModal> | undefined;
  if (!modal || (modal.form !== 'enquiry' && modal.form !== 'test_drive')) return null;
  if (typeof modal.carId !== 'number' || typeof modal.href !== 'string' || !modal.href.startsWith('/')) return null;
  return { form: modal.form, carId: modal.carId, href: modal.href };
}

/**
 * Opens the dialog: a new history entry for the current page with the dialog in its state,
 * masked as the form's page. The scroll stays where it is; a reload of the entry loads the
 * form's page (unmaskOnReload), not the page under the dialog.
 */
export function openLeadFormModal(router: Pick<AnyRouter, 'navigate' | 'state' | 'options'>, modal: LeadFormModal): Promise<void> {
  const url = new URL(modal.href, 'http://localhost');
  return router.navigate({
    href: router.state.location.href,
    state: { leadFormModal: modal },
    resetScroll: false,
    mask: { to: url.pathname, search: router.options.parseSearch(url.search) as never, unmaskOnReload: true },
  } as never);
}
