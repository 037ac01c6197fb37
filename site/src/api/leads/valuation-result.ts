import { z } from 'zod';
import { getJson } from '../http.ts';

/** The valuation a shopper was shown, as the dealer's record keeps it. */
export interface ValuationResult {
  /** The server's online estimate in dollars, or null when the car gets none. */
  offer_price: number | null;
  /** The car the registry lookup named, when it named one. */
  vehicle: { year: number; make: string; model: string; badge: string | null } | null;
  kms: number | null;
  adjustmentAnswers: Record<string, string>;
}

const answerSchema = z.object({ success: z.literal(true) });

/**
 * Records the valuation result with its lead (POST /api/miscellaneous, column_name=valuation;
 * spec §7). The outcome is only logged (spec §8 "Valuation save result"): the shopper's flow
 * never waits on it or shows it.
 */
export async function sendValuationResult(lead: { lead_id: number; lead_token?: string | undefined }, result: ValuationResult): Promise<void> {
  try {
    const answer = await getJson('/api/miscellaneous', answerSchema, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ column_name: 'valuation', value: result, lead_id: lead.lead_id, ...(lead.lead_token ? { lead_token: lead.lead_token } : {}) }),
    });
    console.info('Valuation result saved', answer);
  } catch (error) {
    console.warn('Valuation result not saved', error);
  }
}
