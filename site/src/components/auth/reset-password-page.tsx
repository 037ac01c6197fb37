import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { EmailOnlySchema, ResetPasswordSchema } from '../../../../schema/api/user.ts';
import { useRequestPasswordReset, useResetPassword } from '../../api/auth/sign-up.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../app-link/app-link.tsx';
import styles from './sign-in-page.module.css';
import { useTokenOutOfAddress } from './token-out-of-address.ts';
import { parsePlainly } from '../../../../schema/plain-issue.ts';
import { refusedText } from '../form-kit/refused-text.ts';

/**
 * A forgotten password. Without a token: the shopper's email, and a reset link is emailed (the
 * answer is the same whether or not the address has an account). With the emailed link's token:
 * a new password, then the shopper is signed in.
 */
export function ResetPasswordPage({ token: linkToken }: { token: string | undefined }) {
  const token = useTokenOutOfAddress(linkToken);
  return (
    <div className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`}>
        {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
        <AppLink href="/sign-in" className={styles.back}>
          Go to sign in
        </AppLink>
      </div>
    </div>
  );
}

function RequestResetForm() {
  const tenant = useTenant();
  const request = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parsePlainly(EmailOnlySchema, { email: new FormData(event.currentTarget).get('email') });
    if (!parsed.success) {
      setError(`Email: ${parsed.error.issues[0]?.message ?? 'Please enter a valid email address.'}`);
      return;
    }
    setError(null);
    request.mutate(parsed.data.email);
  };
  if (request.data) {
    return (
      <>
        <h1 className={styles.title}>Check your email</h1>
        <p className={styles.lead}>
          If <strong>{request.data.email}</strong> has an account with {tenant.name}, we have sent it a link to choose a new password. Can’t find it? Look in your spam or junk folder.
        </p>
      </>
    );
  }
  const message = error ?? (request.error ? refusedText(request.error, { email: 'Email' }) : null);
  return (
    <>
      <h1 className={styles.title}>Reset your password</h1>
      <p className={styles.lead}>Enter the email address of your {tenant.name} account and we will email you a link to choose a new password.</p>
      {message ? (
        <p className={styles.destructive} role="alert">
          {message}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
        <button type="submit" className="btn btn--primary btn--block" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Email me a link'}
        </button>
      </form>
    </>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parsePlainly(ResetPasswordSchema, { token, password: new FormData(event.currentTarget).get('password') });
    if (!parsed.success) {
      setError(`Password: ${parsed.error.issues[0]?.message ?? 'Please choose a new password.'}`);
      return;
    }
    setError(null);
    reset.mutate(parsed.data, { onSuccess: () => void navigate({ href: '/' }) });
  };
  const message = error ?? (reset.error ? refusedText(reset.error, { password: 'New password' }) : null);
  return (
    <>
      <h1 className={styles.title}>Choose a new password</h1>
      {message ? (
        <p className={styles.destructive} role="alert" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <label htmlFor={`${id}-password`}>New password</label>
        <input id={`${id}-password`} name="password" type="password" autoComplete="new-password" required aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className={styles.hint}>
          At least 8 characters.
        </p>
        <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Save and sign in'}
        </button>
      </form>
    </>
  );
}
