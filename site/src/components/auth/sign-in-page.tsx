import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { SignInSchema } from '../../../../schema/api/user.ts';
import { useMe, type Me } from '../../api/auth/me.ts';
import { useSignIn } from '../../api/auth/sign-in.ts';
import type { SignInSearch } from '../../lib/sign-in-search.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../app-link/app-link.tsx';
import { AddPhoneForm } from './add-phone-form.tsx';
import { CheckEmail } from './check-email.tsx';
import { fieldErrors } from './field-errors.ts';
import { refusedText } from '../form-kit/refused-text.ts';
import { SignUpForm } from './sign-up-form.tsx';
import styles from './sign-in-page.module.css';
import { parsePlainly } from '../../../../schema/plain-issue.ts';

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

/**
 * Sign-in page (spec §2 /sign-in): email and password, or 'Create an account' (then "check
 * your email": the emailed link makes the account and brings the shopper on to `redirect`). The watchlist needs a phone (spec §6), so on type=watchlist a signed-in user
 * without one is asked for it here before going on.
 */
export function SignInPage({ search }: { search: SignInSearch }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const me = useMe();
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const needsPhone = search.type === 'watchlist' && Boolean(me.data?.user) && !me.data?.user?.phone;

  const goOn = (next: Me) => {
    // Stay for the phone step; the page re-renders with the add-phone form from the new session.
    if (search.type === 'watchlist' && next.user && !next.user.phone) return;
    void navigate({ href: search.redirect ?? '/' });
  };

  let body;
  if (needsPhone) {
    body = (
      <>
        <h1 className={styles.title}>Add your mobile number</h1>
        <p className={styles.lead}>Your watchlist with {tenant.name} needs a mobile number on your account.</p>
        <AddPhoneForm onSaved={goOn} />
      </>
    );
  } else if (mode === 'sign-up' && sentTo) {
    body = <CheckEmail email={sentTo} onChangeEmail={() => setSentTo(null)} />;
  } else if (mode === 'sign-up') {
    body = (
      <>
        <h1 className={styles.title}>Create an account</h1>
        <p className={styles.lead}>
          {search.type ? `Create an account to ${PURPOSE[search.type]} with ${tenant.name}.` : `Create your ${tenant.name} account.`}
        </p>
        <SignUpForm phoneRequired={search.type === 'watchlist'} redirect={search.redirect} onSent={setSentTo} />
        <p className={styles.switch}>
          Already have an account?{' '}
          <button type="button" className={styles.linkButton} onClick={() => setMode('sign-in')}>
            Sign in instead
          </button>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <SignInForm search={search} onSignedIn={goOn} />
        <p className={styles.switch}>
          <AppLink href="/reset-password">Forgotten your password?</AppLink>
        </p>
        <p className={styles.switch}>
          New to {tenant.name}?{' '}
          <button type="button" className={styles.linkButton} onClick={() => setMode('sign-up')}>
            Create an account
          </button>
        </p>
      </>
    );
  }

  return (
    <div className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`}>
        {body}
        <AppLink href={search.back ?? '/'} className={styles.back}>
          Go back
        </AppLink>
      </div>
    </div>
  );
}

/** The sign-in form's labels, so its errors name each field as the form does. */
const SIGN_IN_LABELS: Record<string, string> = { email: 'Email', password: 'Password' };

function SignInForm({ search, onSignedIn }: { search: SignInSearch; onSignedIn: (me: Me) => void }) {
  const tenant = useTenant();
  const signIn = useSignIn();
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = parsePlainly(SignInSchema, {
      email: data.get('email'),
      password: data.get('password'),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, SIGN_IN_LABELS).map((error) => error.message));
      return;
    }
    setErrors([]);
    signIn.mutate(parsed.data, { onSuccess: onSignedIn });
  };

  const formError = signIn.error ? refusedText(signIn.error, SIGN_IN_LABELS) : null;
  return (
    <>
      <h1 className={styles.title}>Sign in</h1>
      <p className={styles.lead}>{search.type ? `Sign in to ${PURPOSE[search.type]} with ${tenant.name}.` : `Sign in to your ${tenant.name} account.`}</p>
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
    </>
  );
}
