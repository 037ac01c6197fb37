import { isAvailable, type AvailabilityInput } from './availability.ts';
import { formatMoney } from '../../../schema/number-format.ts';

/*
 * Finance maths and rules of the vehicle page (spec §5, §8, §9): standard amortisation, the
 * calculator's repayment, the page's finance estimate (5 years, 10% deposit, 30% final
 * payment, monthly = weekly × 4.33), the comparison rate by the standard method, quote
 * eligibility and the lender groups' eligibility for the finance summary. The server computes
 * stored estimates and quotes with these same functions: one calculation, one figure.
 */

/** Payments per year of the calculator's frequencies (spec §9). */
export const FREQUENCIES = { Weekly: 52, Fortnightly: 26, Monthly: 12 } as const;

/** A repayment at or below this reads 'Enquire for Finance' (spec §8). */
export const ENQUIRE_FOR_FINANCE_AT = 25;

/** Quote-eligible cars are priced above this (spec §5). */
export const QUOTE_MIN_PRICE = 200;

/** Lender groups need a price above this (spec §5). */
export const LENDER_MIN_PRICE = 500;

/**
 * Repayment per period of a loan by standard amortisation, with an optional final (balloon)
 * payment due with the last repayment.
 * @param principal amount financed, dollars
 * @param annualRatePct nominal interest rate, percent p.a.
 * @param years term in years (0.5 steps allowed)
 * @param periodsPerYear 52 weekly, 26 fortnightly, 12 monthly
 * @param balloon final payment, dollars
 */
export function amortisedRepayment(principal: number, annualRatePct: number, years: number, periodsPerYear: number, balloon = 0): number {
  const n = Math.round(years * periodsPerYear);
  if (n <= 0) return principal;
  const r = annualRatePct / 100 / periodsPerYear;
  if (r === 0) return (principal - balloon) / n;
  const growth = (1 + r) ** n;
  return ((principal - balloon / growth) * r) / (1 - 1 / growth);
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The calculator's inputs (spec §9). */
export interface CalculatorInput {
  /** Purchase price or loan amount, dollars. */
  amount: number;
  /** Deposit or trade-in, dollars. */
  deposit: number;
  /** Residual (balloon), dollars. */
  residual: number;
  termYears: number;
  ratePct: number;
  periodsPerYear: number;
  /** Establishment fee added to the amount financed, dollars. */
  establishmentFee: number;
}

/** The calculator's answer: a repayment, or 'Enquire for Finance' with the total blank. */
export type CalculatorResult =
  | { kind: 'repayment'; repayment: number; totalPayable: number; financed: number }
  | { kind: 'enquire' };

/**
 * The finance calculator (spec §9): standard amortisation of (amount − deposit + establishment
 * fee) over the term at the chosen frequency, the residual due at the end. A repayment at or
 * below $25 (or nothing to finance) means 'Enquire for Finance' and no total (spec §8).
 */
export function calculatorRepayment(input: CalculatorInput): CalculatorResult {
  const financed = Math.max(0, input.amount - input.deposit) + input.establishmentFee;
  if (input.amount - input.deposit <= 0) return { kind: 'enquire' };
  const repayment = round2(amortisedRepayment(financed, input.ratePct, input.termYears, input.periodsPerYear, input.residual));
  if (!(repayment > ENQUIRE_FOR_FINANCE_AT)) return { kind: 'enquire' };
  const n = Math.round(input.termYears * input.periodsPerYear);
  return { kind: 'repayment', repayment, totalPayable: round2(repayment * n + input.residual), financed };
}

/** Settings of the vehicle-page estimate (tenant finance.estimate; spec §9 defaults). */
export interface EstimateSettings {
  termYears: number;
  depositPercent: number;
  balloonPercent: number;
  weeksPerMonth: number;
}

/** Spec §9: 5-year term, 10% deposit, 30% final payment, monthly = weekly × 4.33. */
export const DEFAULT_ESTIMATE: EstimateSettings = { termYears: 5, depositPercent: 10, balloonPercent: 30, weeksPerMonth: 4.33 };

/** A finance estimate of a car price at a rate. */
export interface FinanceEstimate {
  weekly: number;
  monthly: number;
  deposit: number;
  balloon: number;
  financed: number;
}

/**
 * The vehicle page's finance estimate (spec §9): price less the deposit, the final payment a
 * share of the price, weekly repayments over the term; monthly = weekly × 4.33.
 * @param price car price, dollars
 * @param ratePct advertised rate, percent p.a.
 * @param fee establishment fee financed with the loan
 */
export function financeEstimate(price: number, ratePct: number, settings: EstimateSettings = DEFAULT_ESTIMATE, fee = 0): FinanceEstimate {
  const deposit = round2((price * settings.depositPercent) / 100);
  const balloon = round2((price * settings.balloonPercent) / 100);
  const financed = price - deposit + fee;
  const weekly = round2(amortisedRepayment(financed, ratePct, settings.termYears, 52, balloon));
  return { weekly, monthly: round2(weekly * settings.weeksPerMonth), deposit, balloon, financed };
}

/** The loan a comparison rate is quoted on. */
export interface ComparisonLoan {
  /** Credit provided, dollars (spec §9 example: 30,000). */
  amount: number;
  ratePct: number;
  years: number;
  /** Fees charged up front and financed with the loan, dollars. */
  upfrontFees: number;
  /** Fees charged with every monthly repayment, dollars. */
  monthlyFees?: number;
  /** Final payment, dollars. */
  balloon?: number;
}

/**
 * The comparison rate by the standard method: the nominal annual rate (monthly rests) at which
 * the credit provided equals the present value of every payment the borrower makes — the
 * monthly repayments of the amount plus financed fees, the monthly fees and the final payment.
 * Solved by bisection to 1e-9; returns percent p.a. rounded to 2 decimals.
 */
export function comparisonRate(loan: ComparisonLoan): number {
  const n = Math.round(loan.years * 12);
  const balloon = loan.balloon ?? 0;
  const payment = amortisedRepayment(loan.amount + loan.upfrontFees, loan.ratePct, loan.years, 12, balloon) + (loan.monthlyFees ?? 0);
  const presentValue = (monthlyRate: number) => {
    if (monthlyRate === 0) return payment * n + balloon;
    const growth = (1 + monthlyRate) ** n;
    return (payment * (1 - 1 / growth)) / monthlyRate + balloon / growth;
  };
  let low = 0;
  let high = 1;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    // Present value falls as the rate rises: too high a value means the rate is still too low.
    if (presentValue(mid) > loan.amount) low = mid;
    else high = mid;
  }
  return round2(((low + high) / 2) * 12 * 100);
}

/** The car fields quote eligibility reads. */
export interface QuoteInput {
  status: string;
  sold?: boolean;
  reserved?: boolean;
  price: number;
}

/** Quote-eligible cars (spec §5): status in_stock, not sold, not reserved, price above 200. */
export function isQuoteEligible(car: QuoteInput): boolean {
  return car.status === 'in_stock' && car.sold !== true && car.reserved !== true && car.price > QUOTE_MIN_PRICE;
}

/**
 * Whether the vehicle page asks the quote service for an estimate (spec §7 youx quote): only
 * when the feature is on (the caller's switch), the car has no quote yet and its price is above 0.
 */
export function needsQuoteRequest(car: { youxQuote?: unknown; price: number }): boolean {
  return (car.youxQuote === null || car.youxQuote === undefined) && car.price > 0;
}

/**
 * The quote request of spec §7: the car's price, year, vin and nvic, with the fixed
 * selfAssessedCreditScore GREAT, loanTerm 5 and an empty whoIsHelping; car_id lets the service
 * use the car's own records.
 */
export function quoteRequestBody(car: { id: number; price: number; year: number; vin?: string | null | undefined; nvic?: string | null | undefined }) {
  return {
    selfAssessedCreditScore: 'GREAT' as const,
    purchasePrice: car.price,
    loanTerm: 5 as const,
    year: car.year,
    vin: car.vin ?? null,
    nvic: car.nvic ?? null,
    whoIsHelping: '' as const,
    car_id: car.id,
  };
}

/** The lender groups of spec §5. */
export type LenderGroup = 'A' | 'B' | 'C' | 'D';

/**
 * Group of each of the eight lender keys (spec §3/§5): B has three lenders including the manual
 * entry, D two. A provider key outside the eight (a tenant's own provider) is held to group A,
 * the strictest rule.
 */
export const LENDER_GROUPS: Readonly<Record<string, LenderGroup>> = {
  plenti: 'A',
  stratton: 'A',
  money3: 'B',
  manual: 'B',
  pepper: 'B',
  carfinance: 'C',
  angle: 'D',
  youx: 'D',
};

/** One lender's figures as eligibility reads them. */
export interface LenderFiguresInput {
  interestRate: number | null;
  comparisonRate: number | null;
  paymentWeek: number | null;
  paymentMonth: number | null;
}

/**
 * The lender group whose rule decides a site's finance figures: the tenant's own setting
 * (`finance.lenderGroup`) where its provider is its own, else the group of a known lender key,
 * else group A, the strictest rule.
 */
export function lenderGroupOf(provider: string, configured?: LenderGroup): LenderGroup {
  return configured ?? LENDER_GROUPS[provider] ?? 'A';
}

/**
 * Whether a lender's figures may be shown for a car (spec §5 per lender group). A: year newer
 * than current year − 12, price above 500, available, a comparison rate. B: price above 500,
 * available, a weekly payment. C: price above 500, available, a monthly payment. D: available.
 * @param group the tenant's own group for its provider, when it sets one
 */
export function lenderEligible(lenderKey: string, car: AvailabilityInput & { year: number; price: number }, figures: LenderFiguresInput, currentYear: number, group?: LenderGroup): boolean {
  const rule = lenderGroupOf(lenderKey, group);
  if (!isAvailable(car)) return false;
  if (rule === 'D') return true;
  if (!(car.price > LENDER_MIN_PRICE)) return false;
  if (rule === 'A') return car.year > currentYear - 12 && figures.comparisonRate !== null;
  if (rule === 'B') return figures.paymentWeek !== null;
  return figures.paymentMonth !== null;
}

/**
 * Whether the finance summary shows (spec §5): the car has lender data for the active provider,
 * neither interest nor comparison rate is null, the car's location is not excluded, and the
 * lender group's rule holds.
 */
export function financeSummaryShown(
  car: AvailabilityInput & { year: number; price: number; location?: { slug: string } | null },
  lenders: Readonly<Record<string, LenderFiguresInput | undefined>>,
  provider: string | undefined,
  options: { excludedLocations: readonly string[]; currentYear: number; lenderGroup?: LenderGroup | undefined },
): boolean {
  if (!provider) return false;
  const figures = lenders[provider];
  if (!figures || figures.interestRate === null || figures.comparisonRate === null) return false;
  if (car.location && options.excludedLocations.includes(car.location.slug)) return false;
  return lenderEligible(provider, car, figures, options.currentYear, options.lenderGroup);
}

/** The tenant's finance settings the figure rules read (the resolved tenant's `finance`). */
export interface FinanceFigureSettings {
  provider?: string | undefined;
  lenderGroup?: LenderGroup | undefined;
  excludedLocations: readonly string[];
}

/** Which of a car's finance figures a site may show. */
export interface FinanceFiguresShown {
  /** The estimate (per week at a sample rate, the finance price mode): the lender would lend on the car. */
  estimate: boolean;
  /** The summary (a card's finance line): the estimate's rule, the lender's rates, an included location. */
  summary: boolean;
}

/** The lender behind the quote service's estimate (spec §7 youx quote). */
export const QUOTE_SERVICE_LENDER = 'youx';

const NO_FIGURES: LenderFiguresInput = { interestRate: null, comparisonRate: null, paymentWeek: null, paymentMonth: null };

/**
 * Which finance figures a car shows on a site (spec §5): every figure needs the site's finance
 * provider's lender group rule to hold for the car (a site without a provider shows only the quote
 * service's estimate, under that lender's rule) (group A: under 12 years old, priced
 * above $500, available, a comparison rate; B and C: priced above $500, available, a weekly or
 * monthly payment; D: available); the summary also needs both rates and a location the site
 * does not exclude. The site, the server's quote and the feeds all ask this one rule.
 * @param car the car (its location's slug, where known)
 * @param lenders the car's lender figures by lender key
 * @param settings the tenant's finance provider, lender group and excluded locations
 * @param currentYear the year of the page (the server's on a rendered page)
 */
export function financeFiguresShown(
  car: AvailabilityInput & { year: number; price: number; location?: { slug: string } | null },
  lenders: Readonly<Record<string, LenderFiguresInput | undefined>>,
  settings: FinanceFigureSettings,
  currentYear: number,
): FinanceFiguresShown {
  const provider = settings.provider;
  // Without a provider of its own the site shows only the quote service's estimate, by that
  // lender's own rule, and no summary.
  if (!provider) return { estimate: lenderEligible(QUOTE_SERVICE_LENDER, car, NO_FIGURES, currentYear), summary: false };
  const estimate = lenderEligible(provider, car, lenders[provider] ?? NO_FIGURES, currentYear, settings.lenderGroup);
  const summary = estimate && financeSummaryShown(car, lenders, provider, { excludedLocations: settings.excludedLocations, currentYear, lenderGroup: settings.lenderGroup });
  return { estimate, summary };
}

/** Rate text: '8.99' with two decimals, or '-' when missing (spec §8). */
export function rateText(rate: number | null | undefined): string {
  return rate === null || rate === undefined || !Number.isFinite(rate) ? '-' : rate.toFixed(2);
}

/** A slider's range (tenant finance.calculator ranges). */
export interface CalculatorRange {
  min: number;
  max: number;
  step?: number;
  default?: number;
}

/**
 * Spec §9, finance calculator: "Term 1 to 7 years … step 0.5" and "Interest 0.5 to 15 default,
 * step 0.5". The step of the term and interest-rate sliders when a tenant's range names none.
 */
export const CALCULATOR_SLIDER_STEP = 0.5;

/**
 * The grid a term or interest-rate slider moves on (spec §9): the tenant's own step, else the
 * spec's 0.5. The calculator's sliders and the server's check of a term read it, so a term the
 * slider cannot show is refused.
 * @example calculatorSliderStep({ min: 1, max: 7 }) // 0.5
 * @example calculatorSliderStep({ min: 1, max: 7, step: 0.25 }) // 0.25
 */
export function calculatorSliderStep(range: CalculatorRange): number {
  return range.step ?? CALCULATOR_SLIDER_STEP;
}

/**
 * The loan amount slider for a car (spec §9): the tenant's range, its maximum raised to a share
 * of the price (105% on some sites) for cars priced above it, and the default the car price
 * (when the tenant uses it) or the range's default, clamped into the range.
 */
export function loanAmountRange(range: CalculatorRange, price: number, options: { useCarPrice: boolean; maxPercentOfPrice?: number | undefined }): Required<CalculatorRange> {
  const step = range.step ?? 500;
  const percent = options.maxPercentOfPrice;
  const max = percent && price > range.max ? Math.floor((price * percent) / 100 / step) * step : range.max;
  const wanted = options.useCarPrice && price > 0 ? price : (range.default ?? 30_000);
  return { min: range.min, max, step, default: clampToRange(snapToStep(wanted, range.min, step), range.min, max) };
}

/**
 * A value moved onto a slider's grid (min + k × step, nearest), so the value the calculator
 * works with is the one the slider can show: a $42,990 car starts the $500-step loan slider at
 * $43,000, a 9.99% lender rate the 0.5-step rate slider at 10%.
 */
export function snapToStep(value: number, min: number, step: number): number {
  if (!(step > 0)) return value;
  const snapped = min + Math.round((value - min) / step) * step;
  return Math.round(snapped * 1e6) / 1e6;
}

/** A value kept inside [min, max] (spec §5: non-amount inputs clamp to min or max). */
export function clampToRange(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/**
 * The interest rate the calculator starts at: the car's own rate (its lender's for the tenant's
 * provider, else its advertised quote rate) exactly as the card and the disclaimer print it —
 * never rounded to the slider's step, so the three agree — clamped into the tenant's range.
 * Without a rate for the car: the tenant's default, else the middle of the range (never its
 * minimum, which would advertise a rate nobody offers).
 * @param range the tenant's interest-rate range
 * @param carRate the car's rate, percent p.a., when it has one
 */
export function defaultInterestRate(range: CalculatorRange, carRate: number | null | undefined): number {
  if (typeof carRate === 'number' && Number.isFinite(carRate)) return clampToRange(carRate, range.min, range.max);
  const wanted = range.default ?? snapToStep((range.min + range.max) / 2, range.min, calculatorSliderStep(range));
  return clampToRange(wanted, range.min, range.max);
}

/**
 * The finance calculator's field labels, by the field names of its request: what the calculator
 * shows, and how a refusal from the platform names the field (the same words on both sides).
 */
export const CALCULATOR_FIELD_LABELS = {
  amount: 'Loan amount',
  deposit: 'Deposit or trade-in',
  residual: 'Residual (balloon)',
  termYears: 'Loan term',
  ratePct: 'Interest rate',
  frequency: 'Repayments',
} as const;

/**
 * The message for a calculator amount outside its limits (spec §5: it "cannot be less than the
 * minimum or more than $250,000"), the same words for every amount the calculator checks.
 * @example amountLimitMessage('Purchase price', { min: 1000, max: 250000 }) // 'Purchase price cannot be less than $1,000 or more than $250,000.'
 */
export function amountLimitMessage(label: string, limits: { min: number; max: number }): string {
  return `${label} cannot be less than ${formatMoney(limits.min)} or more than ${formatMoney(limits.max)}.`;
}

/**
 * The purchase price a shopper may type into the finance calculator (spec §5): the tenant's
 * `finance.calculator.purchasePrice` range (1,000 to 250,000 by default; 5,000 minimum for the
 * providers configured so).
 */
export function purchasePriceLimits(calculator: { purchasePrice: CalculatorRange }): { min: number; max: number } {
  return { min: calculator.purchasePrice.min, max: calculator.purchasePrice.max };
}

/** The message for a typed purchase price outside its limits, or null when it is allowed. */
export function purchasePriceError(value: number, limits: { min: number; max: number }): string | null {
  if (Number.isFinite(value) && value >= limits.min && value <= limits.max) return null;
  return amountLimitMessage('Purchase price', limits);
}
