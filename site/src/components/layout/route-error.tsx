import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import styles from './not-found-page.module.css';

/** Shown when a route fails to load or render; offers a retry instead of a blank page. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className={`container ${styles.page}`} role="alert">
      <p className={styles.status}>Something went wrong</p>
      <h1>This page could not be loaded</h1>
      <p className={styles.text}>{error instanceof Error ? error.message : 'An unexpected error occurred.'}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </button>
        <Link to="/" className="btn btn--outline">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
