import { ApiRequestError } from '../../api/http.ts';
import { refusalText, UNEXPECTED_ERROR_TEXT, type RefusedField } from '../../domain/form-failure.ts';

/**
 * What a form that posts through the API client (account forms, a reservation's emailed
 * link) shows when the server refused it (spec §8, the form variant that shows the
 * response's error): the refused field by the form's label ('Password: Password must be at least
 * 10 characters.'), a refusal's own words for the shopper (401, 409, 429…), or 'An unexpected
 * error occured' — never a 400's API summary, an HTTP status or an endpoint path.
 * @param error what the request threw
 * @param labels field name → the label the form shows for it
 */
export function refusedText(error: Error, labels: Record<string, string>): string {
  if (!(error instanceof ApiRequestError) || error.notJson || error.status >= 500) return UNEXPECTED_ERROR_TEXT;
  const fields = (error.body as { fields?: unknown } | null)?.fields;
  const refusal = { status: error.status, error: error.message, fields: Array.isArray(fields) ? (fields as RefusedField[]) : [] };
  return refusalText(refusal, (path) => labels[path]) || UNEXPECTED_ERROR_TEXT;
}
