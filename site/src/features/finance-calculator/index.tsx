import { useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { getJson, type ApiRequestError } from '../../api/http.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import { CALCULATOR_FIELD_LABELS as LABELS, calculatorSliderStep, clampToRange, defaultInterestRate, loanAmountRange, purchasePriceError, purchasePriceLimits, snapToStep } from '../../domain/finance.ts';
import styles from './finance-calculator.module.css';
import { formatMoney, formatNumber } from '../../../../schema/number-format.ts';
import { refusedText } from '../../components/form-kit/refused-text.ts';

export interface FinanceCalculatorProps {
  tenant: ResolvedTenant;
  carId: number;
  price: number;
  /** The car's interest rate for the tenant's provider, when it has lender data. */
  lenderRate: number | null;
}

interface Inputs {
  amount: number;
  deposit: number;
  residual: number;
  termYears: number;
  ratePct: number;
  frequency: string;
}

/** What the shopper chose, settled for 300 ms before the server is asked. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The finance calculator (spec §9): loan amount, deposit or trade-in, residual, term and
 * interest within the tenant's ranges, Weekly/Fortnightly/Monthly; the repayment and total come
 * from the platform (POST /api/finance/calculate, with the tenant's establishment fee);
 * 'Enquire for Finance' at or below $25. The finance disclaimer (#financeDisclaimer, collapsed at
 * 197 characters) is the page's, shared with the finance estimate and banner.
 */
/** The answer's schema, imported with the first quote (zod stays out of the page's first scripts). */
const calculatorResponseSchema = () => import('../../../../schema/api/finance.ts').then((module) => module.CalculatorResponseSchema);

export default function FinanceCalculator({ tenant, carId, price, lenderRate }: FinanceCalculatorProps) {
  const id = useId();
  const calc = tenant.finance.calculator;
  const loan = loanAmountRange(calc.loanAmount, price, { useCarPrice: calc.useCarPrice, maxPercentOfPrice: calc.maxPercentOfPrice });
  const [inputs, setInputs] = useState<Inputs>(() => ({
    amount: loan.default,
    // A dealer may ask a least deposit or residual; the first quote must be one the platform takes.
    deposit: calc.deposit.min,
    residual: calc.residual.min,
    termYears: calc.termYears.default ?? calc.termYears.min,
    ratePct: defaultInterestRate(calc.interestRate, lenderRate),
    frequency: calc.frequencies[0]!.label,
  }));
  const purchaseLimits = purchasePriceLimits(calc);
  // What the shopper is typing into the purchase price, until it is applied (blur or Enter).
  const [priceDraft, setPriceDraft] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  // A typed purchase price inside its limits (spec §5) moves the loan amount to it, on the
  // slider's grid and inside the slider's range; outside them it says so and changes nothing.
  const applyPurchasePrice = (raw: string) => {
    const typed = Number(raw.replace(/[$,\s]/g, ''));
    const error = raw.trim() === '' ? purchasePriceError(Number.NaN, purchaseLimits) : purchasePriceError(typed, purchaseLimits);
    setPriceError(error);
    if (error) return;
    setPriceDraft(null);
    set('amount')({ target: { value: String(clampToRange(snapToStep(typed, loan.min, loan.step), loan.min, loan.max)) } });
  };
  const settled = useSettled(inputs);
  const query = useQuery({
    queryKey: ['finance', 'calculate', carId, settled],
    queryFn: () =>
      getJson('/api/finance/calculate', calculatorResponseSchema, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ car_id: carId, ...settled }),
      }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  // Spec §4/§7: the calculator's first use on this page is tracked, once (event 26).
  const used = useRef(false);
  const markUsed = () => {
    if (used.current) return;
    used.current = true;
    trackEvent(ANALYTICS_EVENTS.financeCalculatorFirstUse, { car_id: carId });
  };
  const set = (key: keyof Inputs) => (event: { target: { value: string } }) => {
    markUsed();
    const value = key === 'frequency' ? event.target.value : Number(event.target.value);
    setInputs((current) => ({ ...current, [key]: value }));
  };
  const result = query.data;
  // A refused input (a deposit above the tenant's maximum, say): the platform's words for that
  // field (a 400 names it in the calculator's words), shown as the result and tied to the field;
  // any other failure in plain words.
  const refused = (query.error as ApiRequestError | null)?.body as { fields?: { path: string; message: string }[] } | null | undefined;
  const refusedPath = refused?.fields?.[0]?.path;
  // 'Weekly' → 'week', 'Fortnightly' → 'fortnight', 'Monthly' → 'month'.
  const frequencyWord = inputs.frequency.toLowerCase().replace(/ly$/, '');

  return (
    <div className={styles.calculator} data-testid="finance-calculator">
      <div className={styles.fields}>
        <div className={styles.money}>
          <label htmlFor={`${id}-price`}>Purchase price</label>
          <span className={styles.prefix}>
            $
            <input
              id={`${id}-price`}
              type="text"
              inputMode="numeric"
              value={priceDraft ?? formatNumber(inputs.amount)}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? `${id}-price-error` : undefined}
              onChange={(event) => {
                markUsed();
                setPriceDraft(event.currentTarget.value);
              }}
              onBlur={(event) => applyPurchasePrice(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') applyPurchasePrice(event.currentTarget.value);
              }}
            />
          </span>
          {priceError ? (
            <span id={`${id}-price-error`} className={styles.error} role="alert">
              {priceError}
            </span>
          ) : null}
        </div>
        <Slider id={`${id}-amount`} label={LABELS.amount} value={inputs.amount} min={loan.min} max={loan.max} step={loan.step} text={formatMoney(inputs.amount)} onChange={(event) => {
            setPriceDraft(null);
            setPriceError(null);
            set('amount')(event);
          }} />
        <Slider id={`${id}-term`} label={LABELS.termYears} value={inputs.termYears} min={calc.termYears.min} max={calc.termYears.max} step={calculatorSliderStep(calc.termYears)} text={`${inputs.termYears} years`} onChange={set('termYears')} />
        <Slider id={`${id}-rate`} label={LABELS.ratePct} value={inputs.ratePct} min={calc.interestRate.min} max={calc.interestRate.max} step={calculatorSliderStep(calc.interestRate)} text={`${inputs.ratePct.toFixed(2)}% p.a.`} onChange={set('ratePct')} />
        <label className={styles.money} htmlFor={`${id}-deposit`}>
          {LABELS.deposit}
          <span className={styles.prefix}>
            $<input id={`${id}-deposit`} type="number" inputMode="numeric" min={calc.deposit.min} max={calc.deposit.max} step={100} value={inputs.deposit} onChange={set('deposit')} aria-invalid={refusedPath === 'deposit' || undefined} />
          </span>
        </label>
        <label className={styles.money} htmlFor={`${id}-residual`}>
          {LABELS.residual}
          <span className={styles.prefix}>
            $<input id={`${id}-residual`} type="number" inputMode="numeric" min={calc.residual.min} max={calc.residual.max} step={100} value={inputs.residual} onChange={set('residual')} aria-invalid={refusedPath === 'residual' || undefined} />
          </span>
        </label>
        <fieldset className={styles.frequencies}>
          <legend>{LABELS.frequency}</legend>
          {calc.frequencies.map((frequency) => (
            <label key={frequency.label}>
              <input type="radio" name={`${id}-frequency`} value={frequency.label} checked={inputs.frequency === frequency.label} onChange={set('frequency')} />
              {frequency.label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className={styles.result} aria-live="polite" data-testid="finance-result">
        {query.isError ? (
          <p className={styles.error} role="alert">
            {refusedText(query.error, LABELS)}
          </p>
        ) : !result ? (
          <p className={styles.amount}>...</p>
        ) : result.kind === 'enquire' ? (
          <p className={styles.amount}>{tenant.labels.enquireForFinance}</p>
        ) : (
          <>
            <p className={styles.amount}>
              <span data-testid="finance-repayment">{formatMoney(result.repayment)}</span>
              <span className={styles.per}> per {frequencyWord}</span>
            </p>
            <p className={styles.total}>Total payable {formatMoney(result.totalPayable)}</p>
          </>
        )}
        {calc.establishmentFee > 0 ? <p className={styles.note}>Includes a {formatMoney(calc.establishmentFee)} establishment fee.</p> : null}
        {tenant.finance.fees.length > 0 ? (
          <ul className={styles.fees} aria-label="Fees">
            {tenant.finance.fees.map((fee) => (
              <li key={fee.label}>
                {fee.label}: ${formatNumber(fee.amount, { minimumFractionDigits: fee.amount % 1 ? 2 : 0 })}
                {fee.frequency === 'monthly' ? ' per month' : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function Slider(props: { id: string; label: string; value: number; min: number; max: number; step: number; text: string; onChange: (event: { target: { value: string } }) => void }) {
  return (
    <div className={styles.slider}>
      <label htmlFor={props.id}>
        {props.label} <output htmlFor={props.id}>{props.text}</output>
      </label>
      <input id={props.id} type="range" min={props.min} max={props.max} step={props.step} value={props.value} onChange={props.onChange} aria-valuetext={props.text} />
    </div>
  );
}
