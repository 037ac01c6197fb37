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

/** A field a refusal names, as the server's 400 body lists it (`fields`). */
export interface RefusedField {
  path: string;
  message: string;
}

/**
 * A refused submission: the answer's status, the words the server wrote for the shopper
 * (`message`, only on refusals written for them; '' otherwise) and the fields it named. The
 * answer's `error` summary is for programs and is not part of it.
 */
export interface Refusal {
  status: number;
  message: string;
  fields: readonly RefusedField[];
}

/**
 * The refusal a refused answer's JSON body carries: its `message` (only on refusals written for
 * the shopper) and its `fields`; anything else of the body (the `error` summary) is left out.
 * @param status the answer's status
 * @param body the answer's parsed body, whatever its shape
 */
export function refusalOfBody(status: number, body: unknown): Refusal {
  const answer = body && typeof body === 'object' ? (body as { message?: unknown; fields?: unknown }) : {};
  return {
    status,
    message: typeof answer.message === 'string' ? answer.message : '',
    fields: Array.isArray(answer.fields) ? (answer.fields as RefusedField[]) : [],
  };
}

/**
 * The words a refused answer's body wrote for the shopper (its `message`, trimmed), or '' when it
 * wrote none: what an alert or a page that is not a form shows before its own sentence.
 * @param body the answer's parsed body, whatever its shape
 */
export function shopperWordsOfBody(body: unknown): string {
  return refusalOfBody(0, body).message.trim();
}

/**
 * A form label as a field's name in a sentence: the required mark, '(optional)' and a trailing
 * colon are the label's decoration, not its name.
 * @param text the label's text as the form shows it
 */
export function fieldNameOfLabel(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\(optional\)/gi, '')
    .replace(/^[\s*]+|[\s*:]+$/g, '')
    .trim();
}

/** A message as a sentence: a capital first letter and a full stop (or its own ! or ?). */
function asSentence(message: string): string {
  const text = message.trim();
  if (text === '') return '';
  const first = text.charAt(0) === '*' ? text : text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * What a shopper reads of a refused submission, in plain words (the form error under the
 * spec §8 alert), only from words written for them — never the answer's `error` summary (API
 * paths, 'Cross-site request refused…', byte limits) nor anything the API client wrote:
 * - the server's `message`, which only refusals written for the shopper carry (a 409's
 *   'This car cannot be bought online: …', a 400's 'This link has expired…'): it says the whole
 *   of what happened, where a field's note is short ('At most 3 emails per hour');
 * - else a refused field the form shows: its message, led by the form's own label for it
 *   ('Email: Please enter a valid email address.') unless the message already names it;
 * - else '': the form then shows its own fallback text.
 * @param refusal the answer
 * @param labelOf the form's label for a field it shows; undefined for a field it does not show
 */
export function refusalText(refusal: Refusal, labelOf: (path: string) => string | undefined): string {
  const written = refusal.message.trim();
  if (written) return written;
  for (const field of refusal.fields) {
    const label = labelOf(field.path);
    const message = asSentence(field.message);
    if (!label || !message) continue;
    const name = fieldNameOfLabel(label);
    // A message that already names the field ('Deposit or trade-in cannot be more than …') is not led by it again.
    return message.toLowerCase().startsWith(name.toLowerCase()) ? message : `${name}: ${message}`;
  }
  return '';
}
