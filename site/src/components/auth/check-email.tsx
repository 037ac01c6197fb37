import { useId } from 'react';
import { useResendSignUp } from '../../api/auth/sign-up.ts';
import { refusedText } from '../form-kit/refused-text.ts';
import styles from './sign-in-page.module.css';

/**
 * "Check your email" after creating an account: the address the link went to, and a way to have
 * it sent again (the server limits how many emails an address gets, and says so).
 */
export function CheckEmail({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const resend = useResendSignUp();
  const id = useId();
  return (
    <>
      <h1 className={styles.title}>Check your email</h1>
      <p className={styles.lead}>
        We have sent an email to <strong>{email}</strong>. Open the link in it to finish creating your account; you will be signed in and brought back here.
      </p>
      <p>Can’t find it? Look in your spam or junk folder, or have it sent again.</p>
      <div role="status" aria-live="polite" id={`${id}-status`}>
        {resend.isSuccess && !resend.isPending ? <p>We have sent the email again to {email}.</p> : null}
      </div>
      {resend.error ? (
        <p className={styles.destructive} role="alert">
          {refusedText(resend.error, {})}
        </p>
      ) : null}
      <div className={styles.form}>
        <button type="button" className="btn btn--primary btn--block" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
          {resend.isPending ? 'Sending…' : 'Send the email again'}
        </button>
      </div>
      <p className={styles.switch}>
        Wrong address?{' '}
        <button type="button" className={styles.linkButton} onClick={onChangeEmail}>
          Use a different email
        </button>
      </p>
    </>
  );
}
