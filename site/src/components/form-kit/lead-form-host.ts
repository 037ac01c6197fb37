import { createContext, useContext } from 'react';

/**
 * What holds a lead form when it is not a page of its own: a dialog over the search results
 * (spec §2 test-drive modal, enquiry modal). The dialog shows the form's title itself, and a
 * sent lead stays in the dialog (its success text) instead of leaving the page for /success.
 */
export interface LeadFormHost {
  /** The host already shows the form's title (the dialog's own title): the form draws no heading. */
  titled: boolean;
  /** Called once the dealer has the lead, with the form's name (payload `form`), instead of going to /success. */
  onSent: (form: string) => void;
}

/** Set by a dialog holding a lead form; null on a page. */
export const LeadFormHostContext = createContext<LeadFormHost | null>(null);

/** The host of the enclosing lead form, or null on a page. */
export function useLeadFormHost(): LeadFormHost | null {
  return useContext(LeadFormHostContext);
}
