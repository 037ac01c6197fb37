import { type FocusEvent } from 'react';
import { parseKm, parseMoney } from '../../domain/form-inputs.ts';
import { formatMoney, formatNumber } from '../../../../schema/number-format.ts';
import { FieldFrame, useField, type FieldProps } from './fields.tsx';
import styles from './form-kit.module.css';
import { useTenant } from '../../lib/tenant-context.tsx';

/*
 * The number fields of the lead forms: money (with quick picks) and kilometres, each tidied to
 * its written form ('$12,500', '45,000 kms') when the visitor leaves it.
 */

function tidyMoney(event: FocusEvent<HTMLInputElement>) {
  const amount = parseMoney(event.currentTarget.value);
  event.currentTarget.value = amount === null ? '' : formatMoney(amount).slice(1);
}

/** On leaving a km input: whole kilometres with separators (' kms' is the input's suffix). */
function tidyKm(event: FocusEvent<HTMLInputElement>) {
  const km = parseKm(event.currentTarget.value);
  event.currentTarget.value = km === null ? '' : formatNumber(km);
}

/** Spec §5 money input: prefixed $, thousand separators, quick picks ($5,000 to $70,000 by default). */
export function MoneyField({ name, label, required, quickPicks, defaultAmount }: FieldProps & { quickPicks?: readonly number[]; defaultAmount?: number | undefined }) {
  const tenant = useTenant();
  const field = useField(name);
  const picks = quickPicks ?? tenant.limits.moneyQuickPicks;
  const pick = (amount: number) => {
    const input = document.getElementById(field.id);
    if (input instanceof HTMLInputElement) input.value = formatMoney(amount).slice(1);
    field.clear();
  };
  return (
    <FieldFrame id={field.id} label={label} required={required} error={field.error}>
      <div className={styles.affixed}>
        <span className={styles.affix} aria-hidden="true">
          $
        </span>
        <input
          {...field.control}
          type="text"
          inputMode="numeric"
          className={styles.input}
          required={required}
          defaultValue={defaultAmount === undefined ? undefined : formatMoney(defaultAmount).slice(1)}
          onBlur={tidyMoney}
          onChange={field.clear}
        />
      </div>
      {picks.length > 0 ? (
        <div className={styles.picks} role="group" aria-label={`Quick amounts for ${label}`}>
          {picks.map((amount) => (
            <button key={amount} type="button" className={styles.pick} onClick={() => pick(amount)}>
              {formatMoney(amount)}
            </button>
          ))}
        </div>
      ) : null}
    </FieldFrame>
  );
}

/** Spec §5 km input: thousand separators, suffixed ' kms'. */
export function KmField({ name, label, required }: FieldProps) {
  const field = useField(name);
  return (
    <FieldFrame id={field.id} label={label} required={required} error={field.error}>
      <div className={styles.affixed}>
        <input {...field.control} type="text" inputMode="numeric" className={styles.input} required={required} onBlur={tidyKm} onChange={field.clear} />
        <span className={styles.suffix} aria-hidden="true">
          {' '}
          kms
        </span>
      </div>
    </FieldFrame>
  );
}

/** Fields side by side on wider screens. */
