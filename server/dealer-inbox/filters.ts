import { DEALER_FILTER_NAMES, DealerLeadFilterSchema, type DealerLeadFilter } from '../../schema/api/dealer-inbox.ts';
import { HttpError, validationError } from '../http/core.ts';

/*
 * The list's filters live in the URL (a filtered view is a bookmark). Each parameter is given
 * at most once, is at most 100 characters, and is one the inbox knows; anything else is a 400
 * that names the parameter.
 */

const KNOWN = new Set<string>(DEALER_FILTER_NAMES);

/** Longest value any filter parameter may have. */
const MAX_PARAM_LENGTH = 100;

function refuse(name: string, message: string): HttpError {
  const shown = name.replace(/[^\x20-\x7e]/g, '?').slice(0, 50);
  return new HttpError(400, `Invalid query: ${shown}: ${message}`, [{ path: shown, message }]);
}

/**
 * The filters of a list or CSV URL; a 400 naming the parameter when one is not allowed.
 * @param query the URL's parameters
 */
export function parseFilters(query: URLSearchParams): DealerLeadFilter {
  const raw: Record<string, string> = {};
  for (const [name, value] of query) {
    if (!KNOWN.has(name)) throw refuse(name, `is not a filter of the leads list (use ${DEALER_FILTER_NAMES.join(', ')})`);
    if (name in raw) throw refuse(name, 'must be given once');
    if (value.length > MAX_PARAM_LENGTH) throw refuse(name, `must be at most ${MAX_PARAM_LENGTH} characters`);
    // A select left on "Any" or a cleared date sends an empty value: no filter.
    if (value !== '') raw[name] = value;
  }
  const parsed = DealerLeadFilterSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, 'query');
  return parsed.data;
}

/**
 * A URL of the list (or its CSV) with these filters, changed by `change`; empty filters left out.
 * @param path `/dealer` or `/dealer/leads.csv`
 * @param filter the current filters
 * @param change values to replace (undefined removes one)
 */
export function filterHref(path: string, filter: DealerLeadFilter, change: Partial<Record<keyof DealerLeadFilter, string | number | undefined>> = {}): string {
  const merged: Record<string, unknown> = { ...filter, ...change };
  const params = new URLSearchParams();
  for (const name of DEALER_FILTER_NAMES) {
    const value = merged[name];
    if (value === undefined || value === '' || (name === 'page' && value === 1)) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
