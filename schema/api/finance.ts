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
  disclaimer: z.string().nullable(),
});

/** Body of POST /api/finance/calculate: the finance calculator's inputs (spec §9). */
export const CalculatorRequestSchema = z.object({
  /** The car being financed (its price sets the loan maximum on sites that allow 105% of price). */
  car_id: z.int32().positive().optional(),
  amount: z.number().min(0, 'amount cannot be below 0.').max(10_000_000),
  /** Checked on the server against the tenant's `finance.calculator.deposit` range, the one the calculator offers. */
  deposit: z.number().min(0, 'deposit cannot be below 0.').max(10_000_000).default(0),
  /** Checked on the server against the tenant's `finance.calculator.residual` range. */
  residual: z.number().min(0, 'residual cannot be below 0.').max(10_000_000).default(0),
  termYears: z.number().min(0.5).max(10),
  ratePct: z.number().min(0).max(40),
  frequency: z.string().min(1).max(20),
});
export type CalculatorRequest = z.infer<typeof CalculatorRequestSchema>;

/** Answer of the calculator: a repayment and total, or 'Enquire for Finance' (spec §8). */
export const CalculatorResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('repayment'), repayment: z.number(), totalPayable: z.number(), financed: z.number(), perYear: z.int32() }),
  z.object({ kind: z.literal('enquire') }),
]);
export type CalculatorResponse = z.infer<typeof CalculatorResponseSchema>;
