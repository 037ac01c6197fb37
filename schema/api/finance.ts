import { z } from 'zod';

/* Finance calls of spec §7: the quote service and the finance disclaimer. */

/** Body of POST /api/youx/quote (spec §7). */
export const QuoteRequestSchema = z.object({
  selfAssessedCreditScore: z.literal('GREAT'),
  purchasePrice: z.number().positive('purchasePrice must be above 0.').max(10_000_000),
  loanTerm: z.literal(5),
  year: z.int32().min(1900).max(2100),
  vin: z.string().max(20).nullable().optional(),
  nvic: z.string().max(20).nullable().optional(),
  whoIsHelping: z.literal(''),
  /** Lets the embedded service use the car's own lender data. */
  car_id: z.int32().positive().optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** Quote object of spec §7. */
export const QuoteResponseSchema = z.object({
  weeklyRepaymentAmount: z.number(),
  advertisedRate: z.number(),
  comparisonRate: z.number(),
});
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/** Answer of GET /api/cars/by-id/{id}/finance-disclaimer. */
export const FinanceDisclaimerResponseSchema = z.object({
  car_id: z.int32(),
  lender: z.string().nullable(),
  disclaimer: z.string(),
});
