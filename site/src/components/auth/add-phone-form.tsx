import { useId, useState, type FormEvent } from 'react';
import { UpdateMeSchema } from '../../../../schema/api/user.ts';
import { useUpdateMe } from '../../api/auth/update-me.ts';
import type { Me } from '../../api/auth/me.ts';
import { refusedText } from '../form-kit/refused-text.ts';
import { fieldErrors, type FieldError } from './field-errors.ts';
import styles from './sign-in-page.module.css';
import { parsePlainly } from '../../../../schema/plain-issue.ts';

/**
 * Adds a mobile phone to a signed-in account (PATCH /api/auth/me). Shown on /sign-in?type=watchlist
 * to a user without one, because the watchlist needs a phone (spec §6).
 */
export function AddPhoneForm({ onSaved }: { onSaved: (me: Me) => void }) {
  const update = useUpdateMe();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    if (!phone) {
      setErrors([{ field: 'phone', message: 'Mobile phone: Please enter your mobile phone number to use the watchlist.' }]);
      return;
    }
    const parsed = parsePlainly(UpdateMeSchema, { phone });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, { phone: 'Mobile phone' }));
      return;
    }
    setErrors([]);
    update.mutate(parsed.data, { onSuccess: onSaved });
  };

  const error = errors[0];
  return (
    <>
      {update.error ? (
        <p className={styles.destructive} role="alert">
          {refusedText(update.error, { phone: 'Mobile phone' })}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className={styles.form} aria-label="Add your mobile number">
        <label htmlFor={`${id}-phone`}>Mobile phone</label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-phone-error` } : {})}
        />
        {error ? (
          <p id={`${id}-phone-error`} className={styles.fieldError} role="alert">
            {error.message}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save mobile number'}
        </button>
      </form>
    </>
  );
}
