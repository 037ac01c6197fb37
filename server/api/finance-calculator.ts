import { CalculatorRequestSchema, CalculatorResponseSchema } from '../../schema/api/index.ts';
import { amountLimitMessage, CALCULATOR_FIELD_LABELS, calculatorRepayment, calculatorSliderStep, clampToRange, loanAmountRange, snapToStep } from '../../site/src/domain/finance.ts';
import { HttpError, parseInput, type Route } from '../http/core.ts';
import { loadCar } from '../repo/cars.ts';

/*
 * The finance calculator's figures (spec §9), worked out on the server with the tenant's own
 * ranges (loan amount, term, rate, deposit, residual: the ones the calculator offers),
 * frequencies and establishment fee: the browser sends what the shopper chose, never the fee or
 * the rules.
 */

const fail = (path: string, message: string) => new HttpError(400, `Invalid body: ${path}: ${message}`, [{ path, message }]);

/** The calculator route. */
export const financeCalculatorRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/finance/calculate',
    tag: 'Finance',
    summary: "Finance calculator repayment (spec §9): standard amortisation of (amount − deposit + the tenant's establishment fee) at a frequency; 'enquire' at or below $25.",
    body: CalculatorRequestSchema,
    response: CalculatorResponseSchema,
    handler: async (ctx) => {
      const input = parseInput(CalculatorRequestSchema, await ctx.body(), 'body');
      const calc = ctx.tenant.config.finance.calculator;
      let price = 0;
      if (input.car_id !== undefined) {
        const car = await loadCar(ctx.db, ctx.siteId, { id: input.car_id });
        if (!car || !(await ctx.services.carIsPublic(ctx.tenant, car.id))) throw fail('car_id', 'no such car on this site');
        price = car.price;
      }
      const loan = loanAmountRange(calc.loanAmount, price, { useCarPrice: calc.useCarPrice, maxPercentOfPrice: calc.maxPercentOfPrice });
      if (input.amount < loan.min || input.amount > loan.max) {
        throw fail('amount', amountLimitMessage(CALCULATOR_FIELD_LABELS.amount, loan));
      }
      // The term slider's own range and grid (min + k × step), as the calculator offers it.
      const term = calc.termYears;
      const termStep = calculatorSliderStep(term);
      if (input.termYears < term.min || input.termYears > term.max || snapToStep(input.termYears, term.min, termStep) !== input.termYears) {
        throw fail('termYears', `must be ${term.min} to ${term.max} years in steps of ${termStep} years.`);
      }
      if (clampToRange(input.ratePct, calc.interestRate.min, calc.interestRate.max) !== input.ratePct) {
        throw fail('ratePct', `must be ${calc.interestRate.min}% to ${calc.interestRate.max}% p.a.`);
      }
      // The deposit and residual ranges the calculator offers, in the words of its own fields.
      for (const field of ['deposit', 'residual'] as const) {
        const range = calc[field];
        if (input[field] < range.min || input[field] > range.max) throw fail(field, amountLimitMessage(CALCULATOR_FIELD_LABELS[field], range));
      }
      const frequency = calc.frequencies.find((f) => f.label === input.frequency);
      if (!frequency) throw fail('frequency', `must be one of ${calc.frequencies.map((f) => f.label).join(', ')}.`);
      const result = calculatorRepayment({
        amount: input.amount,
        deposit: input.deposit,
        residual: input.residual,
        termYears: input.termYears,
        ratePct: input.ratePct,
        periodsPerYear: frequency.perYear,
        establishmentFee: calc.establishmentFee,
      });
      return { json: result.kind === 'repayment' ? { ...result, perYear: frequency.perYear } : result, headers: { 'Cache-Control': 'no-store' } };
    },
  },
];
