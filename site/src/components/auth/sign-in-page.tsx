import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { SignInSchema } from '../../../../schema/api/user.ts';
import { useSignIn } from '../../api/auth/sign-in.ts';
import type { SignInSearch } from '../../app/sign-in-search.ts';
import { useTenant } from '../../app/tenant-context.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { AppLink } from '../app-link/app-link.tsx';
import styles from './sign-in-page.module.css';

const PURPOSE: Record<NonNullable<SignInSearch['type']>, string> = {
  'trade-in': 'value your trade-in',
  checkout: 'reserve this car',
  finance: 'apply for finance',
  'spin-to-win': 'play Spin to Win',
  'online-payment': 'make an online payment',
  'car-finance': 'see your car finance',
  'my-garage': 'open My Garage',
  watchlist: 'save cars to your watchlist',
};

/** Sign-in form (spec §2 /sign-in): email and password, then on to `redirect`. */
export function SignInPage({ search }: { search: SignInSearch }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();
  useDocumentTitle('Sign in');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = SignInSchema.safeParse({ email: data.get('email'), password: data.get('password') });
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setErrors([]);
    signIn.mutate(parsed.data, {
      onSuccess: () => void navigate({ href: search.redirect ?? '/' }),
    });
  };

  const formError = signIn.error ? signIn.error.message : null;
  return (
    <div className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`}>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.lead}>
          {search.type ? `Sign in to ${PURPOSE[search.type]} with ${tenant.name}.` : `Sign in to your ${tenant.name} account.`}
        </p>
        {errors.length > 0 ? (
          <div className={styles.errors} role="alert" aria-labelledby={`${id}-errors`}>
            <p id={`${id}-errors`}>{tenant.labels.formErrorHeading}</p>
            <ul>
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {formError ? (
          <p className={styles.destructive} role="alert">
            {formError}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className={styles.form}>
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
          <label htmlFor={`${id}-password`}>Password</label>
          <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
          <button type="submit" className="btn btn--primary btn--block" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <AppLink href={search.back ?? '/'} className={styles.back}>
          Go back
        </AppLink>
      </div>
    </div>
  );
}
