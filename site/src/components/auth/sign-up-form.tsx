import { useId, useState, type FormEvent } from 'react';
import { SignUpSchema } from '../../../../schema/api/user.ts';
import { useSignUp } from '../../api/auth/sign-up.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { refusedText } from '../form-kit/refused-text.ts';
import { fieldErrors, type FieldError } from './field-errors.ts';
import styles from './sign-in-page.module.css';
import { parsePlainly } from '../../../../schema/plain-issue.ts';

const LABELS = { name: 'Name', email: 'Email', phone: 'Mobile phone', password: 'Password' };

/**
 * 'Create an account' (POST /api/auth/sign-up): name, email, mobile phone and password,
 * checked with the API's own zod schema before sending. The watchlist needs a phone (spec §6),
 * so the phone is required when the visitor came to save a car. The account is made when the
 * shopper opens the emailed link, which brings them to `redirect`; `onSent` shows "check your email".
 */
export function SignUpForm({ phoneRequired, redirect, onSent }: { phoneRequired: boolean; redirect: string | undefined; onSent: (email: string) => void }) {
  const tenant = useTenant();
  const signUp = useSignUp();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const phone = String(data.get('phone') ?? '').trim();
    const parsed = parsePlainly(SignUpSchema, {
      name: data.get('name'),
      email: data.get('email'),
      password: data.get('password'),
      ...(phone ? { phone } : {}),
      ...(redirect ? { redirect } : {}),
    });
    const found = parsed.success ? [] : fieldErrors(parsed.error.issues, LABELS);
    if (phoneRequired && !phone) found.push({ field: 'phone', message: `${LABELS.phone}: Please enter your mobile phone number to use the watchlist.` });
    const order = Object.keys(LABELS);
    found.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    setErrors(found);
    if (!parsed.success || found.length > 0) return;
    signUp.mutate(parsed.data, { onSuccess: (answer) => onSent(answer.email) });
  };

  const errorOf = (field: keyof typeof LABELS) => errors.find((error) => error.field === field);
  const fieldProps = (field: keyof typeof LABELS) => {
    const error = errorOf(field);
    return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};
  };
  const inline = (field: keyof typeof LABELS) => {
    const error = errorOf(field);
    return error ? (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {error.message}
      </p>
    ) : null;
  };

  return (
    <>
      {errors.length > 0 ? (
        <div className={styles.errors} role="alert" aria-labelledby={`${id}-errors`}>
          <p id={`${id}-errors`}>{tenant.labels.formErrorHeading}</p>
          <ul>
            {errors.map((error) => (
              <li key={error.field}>{error.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {signUp.error ? (
        <p className={styles.destructive} role="alert">
          {refusedText(signUp.error, LABELS)}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className={styles.form} aria-label="Create an account">
        <label htmlFor={`${id}-name`}>{LABELS.name}</label>
        <input id={`${id}-name`} name="name" type="text" autoComplete="name" required {...fieldProps('name')} />
        {inline('name')}
        <label htmlFor={`${id}-email`}>{LABELS.email}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required {...fieldProps('email')} />
        {inline('email')}
        <label htmlFor={`${id}-phone`}>
          {LABELS.phone}
          {phoneRequired ? null : <span className={styles.optional}> (optional; the watchlist needs it)</span>}
        </label>
        <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" inputMode="tel" required={phoneRequired} {...fieldProps('phone')} />
        {inline('phone')}
        <label htmlFor={`${id}-password`}>{LABELS.password}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={errorOf('password') ? `${id}-password-error` : `${id}-password-hint`}
          {...(errorOf('password') ? { 'aria-invalid': true as const } : {})}
        />
        {inline('password') ?? (
          <p id={`${id}-password-hint`} className={styles.hint}>
            At least 8 characters.
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
    </>
  );
}
