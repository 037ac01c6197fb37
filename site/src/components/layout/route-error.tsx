import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { shopperMessageOf } from '../../api/http.ts';
import { recoverFromLoadFailure } from '../../lib/load-recovery.ts';
import styles from './not-found-page.module.css';

/** Under the heading when the failure wrote nothing for the shopper (a lost connection, a fault of ours). */
const ROUTE_ERROR_TEXT = 'Please check your connection and try again.';

/**
 * Shown when a route fails to load or render; offers a retry instead of a blank page. It shows
 * what the failure wrote for the shopper, never an error's own text (API paths, statuses, code).
 * It recovers by itself where it can: a failure while offline is tried again once the browser is
 * back online, and code that is gone because the site has had a new release since the page was
 * opened is replaced by loading the page afresh (lib/load-recovery.ts).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = useCallback(() => {
    reset();
    void router.invalidate();
  }, [reset, router]);
  useEffect(() => recoverFromLoadFailure(error, retry), [error, retry]);
  return (
    <div className={`container ${styles.page}`} role="alert">
      <p className={styles.status}>Something went wrong</p>
      <h1>This page could not be loaded</h1>
      <p className={styles.text}>{shopperMessageOf(error) || ROUTE_ERROR_TEXT}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn--primary"
          onClick={retry}
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
