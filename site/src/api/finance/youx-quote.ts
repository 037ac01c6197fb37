import type { QuoteResponse } from '../../../../schema/api/finance.ts';
import type { SiteServices } from '../../lib/services.ts';
import { quoteRequestBody } from '../../domain/finance.ts';
import { getJson } from '../http.ts';

/** The answer's schema, imported with the request. */
const quoteSchema = () => import('../../../../schema/api/finance.ts').then((module) => module.QuoteResponseSchema);

/**
 * Asks the quote service for a car's finance estimate (POST /api/youx/quote, spec §7). A failure
 * is silently ignored (spec §7, §8 "no estimate"): the answer is then null and the page shows no
 * estimate.
 * @param car the car (id, price, year, vin, nvic)
 * @param services the render's fetch (the server's loopback, or the browser's)
 */
export async function fetchYouxQuote(car: Parameters<typeof quoteRequestBody>[0], services?: Pick<SiteServices, 'fetch'>): Promise<QuoteResponse | null> {
  try {
    return await getJson('/api/youx/quote', quoteSchema, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quoteRequestBody(car)) }, services?.fetch);
  } catch {
    return null;
  }
}
