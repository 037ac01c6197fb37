import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDeliveryEstimate } from '../../api/delivery/delivery.ts';
import { DELIVERY_NO_ESTIMATE, deliveryPostcodeError } from '../../domain/delivery.ts';
import { postcodeInput } from '../../domain/form-inputs.ts';
import styles from './delivery-calculator.module.css';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatMoney } from '../../../../schema/number-format.ts';

/**
 * The delivery calculator (spec §2, §5, §7): the shopper's postcode — digits only, at most 4, no
 * separators, required ('Please enter a postcode.') and exactly 4 digits — is sent to the
 * platform's delivery price lookup, which answers a price and a region, or no estimate (the
 * spec's sorry message, also shown when the lookup fails). The error sits under the field and
 * is tied to it; the answer is announced politely.
 */
export default function DeliveryCalculator({ carId }: { carId: number }) {
  const id = useId();
  const inputId = `${id}-postcode`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const estimate = useDeliveryEstimate(asked, carId);
  const pending = asked !== null && estimate.isFetching;

  // The field keeps at most 4 digits by this filter, not by a `maxlength`: text typed while the
  // page is still starting is held for React unfiltered (hydration-replay.ts), and a maxlength
  // would count the separators and letters the filter drops, refusing the digits after them.
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setPostcode(postcodeInput(event.currentTarget.value));
    if (error) setError(null);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const problem = deliveryPostcodeError(postcode);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setAsked(postcode);
  };

  return (
    <form className={styles.calculator} noValidate onSubmit={submit} data-testid="delivery-calculator" aria-busy={pending}>
      <p className={styles.intro}>Find out what it costs to have this vehicle delivered to your door.</p>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={inputId} className={styles.label}>
            Postcode
          </label>
          <input
            ref={input}
            id={inputId}
            name="postcode"
            className={styles.input}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="[0-9]{4}"
            required
            value={postcode}
            onChange={change}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <button type="submit" className={`btn btn--primary ${styles.submit}`} aria-disabled={pending}>
          {pending ? (
            <>
              <Spinner />
              Calculating…
            </>
          ) : (
            'Get estimate'
          )}
        </button>
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div role="status" className={styles.status}>
        {asked !== null && !pending ? <Answer data={estimate.data} failed={estimate.isError} /> : null}
      </div>
    </form>
  );
}

function Answer({ data, failed }: { data: { postcode: string; price: number | null; region: string | null } | undefined; failed: boolean }) {
  if (!failed && !data) return null;
  if (failed || !data || data.price === null || data.region === null) {
    return (
      <p className={styles.none} data-testid="delivery-none">
        {DELIVERY_NO_ESTIMATE}
      </p>
    );
  }
  return (
    <div className={styles.result} data-testid="delivery-result">
      <p className={styles.resultLine}>
        <span className={styles.resultLabel}>
          Delivery to {data.region} ({data.postcode})
        </span>
        <strong className={styles.price} data-testid="delivery-price">
          {data.price === 0 ? 'Free' : formatMoney(data.price)}
        </strong>
      </p>
      <p className={styles.note}>Estimate only. We confirm the delivery cost with you before you buy.</p>
    </div>
  );
}
