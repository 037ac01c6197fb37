import { useNavigate } from '@tanstack/react-router';
import { useConfirmEmail } from '../../api/auth/sign-up.ts';
import { sitePath } from '../../lib/sign-in-search.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../app-link/app-link.tsx';
import { refusedText } from '../form-kit/refused-text.ts';
import styles from './sign-in-page.module.css';
import { useTokenOutOfAddress } from './token-out-of-address.ts';

/**
 * The page a sign-up's emailed link opens. Confirming takes a click, not just the visit: mail
 * scanners open links on their own, and the link works only once. The account is made, the
 * shopper signed in and taken where they were going when they signed up.
 */
export function ConfirmEmailPage({ token: linkToken }: { token: string | undefined }) {
  const token = useTokenOutOfAddress(linkToken);
  const tenant = useTenant();
  const navigate = useNavigate();
  const confirm = useConfirmEmail();

  let body;
  if (!token) {
    body = (
      <p className={styles.destructive} role="alert">
        This link is incomplete. Please open the link in your email again, or create your account again to get a new one.
      </p>
    );
  } else {
    body = (
      <>
        <p className={styles.lead}>Confirm your email address to finish creating your {tenant.name} account. You will be signed in and taken back to where you were.</p>
        {confirm.error ? (
          <p className={styles.destructive} role="alert">
            {refusedText(confirm.error, {})}
          </p>
        ) : null}
        <div className={styles.form}>
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={confirm.isPending || confirm.isSuccess}
            onClick={() =>
              confirm.mutate(token, {
                onSuccess: (answer) => void navigate({ href: sitePath(answer.redirect) ?? '/' }),
              })
            }
          >
            {confirm.isPending || confirm.isSuccess ? 'Confirming…' : 'Confirm and sign in'}
          </button>
        </div>
      </>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`}>
        <h1 className={styles.title}>Confirm your email address</h1>
        {body}
        <AppLink href="/sign-in" className={styles.back}>
          Go to sign in
        </AppLink>
      </div>
    </div>
  );
}
