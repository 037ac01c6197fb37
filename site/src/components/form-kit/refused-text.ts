import { ApiRequestError } from '../../api/http.ts';
import { refusalText, UNEXPECTED_ERROR_TEXT, type RefusedField } from '../../domain/form-failure.ts';

/**
 * What a form that posts through the API client (account forms, a reservation's emailed
 * link) shows when the server refused it (spec §8, the form variant that shows the
 * response's error): the refused field by the form's label ('Email: Please enter a valid email
 * address.'), the words a refusal wrote for the shopper (the body's `message`: 401, 409,
 * 429…), or 'An unexpected error occured' — never the body's `error` summary, an HTTP status, an
 * endpoint path or anything the API client wrote.
 * @param error what the request threw
 * @param labels field name → the label the form shows for it
 */
export function refusedText(error: Error, labels: Record<string, string>): string {
  if (!(error instanceof ApiRequestError) || error.notJson || error.status >= 500) return UNEXPECTED_ERROR_TEXT;
  const body = (error.body ?? {}) as { fields?: unknown; message?: unknown };
  const message = typeof body.message === 'string' ? body.message : '';
  const refusal = { status: error.status, message, fields: Array.isArray(body.fields) ? (body.fields as RefusedField[]) : [] };
  return refusalText(refusal, (path) => labels[path]) || UNEXPECTED_ERROR_TEXT;
}
