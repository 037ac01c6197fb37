import { ApiRequestError } from '../../api/http.ts';
import { refusalOfBody, refusalText, UNEXPECTED_ERROR_TEXT } from '../../domain/form-failure.ts';

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
  return refusalText(refusalOfBody(error.status, error.body), (path) => labels[path]) || UNEXPECTED_ERROR_TEXT;
}
