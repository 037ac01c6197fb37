/*
 * What a shopper sees when a form's submission is refused (spec §8 "Enquiry/form submission
 * failure"). Lead forms show the tenant's alert ('An error occurred when submitting this form' by
 * default) with the server's message as the form error, or the alert text again when the server
 * gave none. The other variant (orders and reservations, which answer their own error) shows the
 * server's error, or 'An unexpected error occured' — spelt as the spec spells it.
 */

/** The other form variant's fallback text, exactly as spec §8 spells it. */
export const UNEXPECTED_ERROR_TEXT = 'An unexpected error occured';

/** Which failure wording a form uses: lead forms, or the order/reservation variant. */
export type FormFailureVariant = 'lead' | 'response';

/** The alert's title and the form error under it. */
export interface FormFailure {
  alert: string;
  formError: string;
}

/**
 * The alert and form error of a refused submission.
 * @param variant `lead` for lead forms, `response` for forms that show the server's own error
 * @param serverMessage the server's error message ('' or undefined when it gave none)
 * @param leadAlert the tenant's submission-failure alert (`labels.submitError`)
 */
export function formFailure(variant: FormFailureVariant, serverMessage: string | undefined, leadAlert: string): FormFailure {
  const message = serverMessage?.trim() ?? '';
  if (variant === 'lead') return { alert: leadAlert, formError: message || leadAlert };
  const text = message || UNEXPECTED_ERROR_TEXT;
  return { alert: text, formError: text };
}
