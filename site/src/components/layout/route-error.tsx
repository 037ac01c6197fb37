import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { shopperMessageOf } from '../../api/http.ts';
import { pageErrorShown } from '../../lib/feature-component.tsx';
import { isCodeLoadError, loadedAfreshForCode, recoverFromLoadFailure } from '../../lib/load-recovery.ts';
import { isPlatformUnavailable } from '../../api/unavailable.ts';
import styles from './not-found-page.module.css';

/** Under the heading when the failure wrote nothing for the shopper (a lost connection, a fault of ours). */
const ROUTE_ERROR_TEXT = 'Please check your connection and try again.';

/** Under the heading while the page is loaded afresh for its code, which an earlier release of the site had (load-recovery.ts). */
export const NEW_RELEASE_TEXT = 'Loading the latest version of this page…';

/** Under the heading when the platform could not serve the page's data just now (api/unavailable.ts): the connection is not the cause. */
export const UNAVAILABLE_TEXT = 'The problem is on our side, not your connection. Please try again in a minute.';

/** Under the heading when the page's code is missing from the site's latest release too: the connection is not the cause. */
export const CODE_MISSING_TEXT = 'Part of this page is missing from the site just now. Please try again in a few minutes.';

/**
 * What the error says under its heading: what the failure wrote for the shopper; that the problem
 * is ours when the platform could not serve the page's data just now; for the page's
 * code that did not arrive while online, whether the page is being loaded afresh for the site's
 * new release or the code is missing from it too; otherwise a plain sentence.
 */
function errorText(error: unknown): string {
  const written = shopperMessageOf(error);
  if (written) return written;
  if (isPlatformUnavailable(error)) return UNAVAILABLE_TEXT;
  if (typeof window !== 'undefined' && window.navigator.onLine && isCodeLoadError(error)) return loadedAfreshForCode() ? CODE_MISSING_TEXT : NEW_RELEASE_TEXT;
  return ROUTE_ERROR_TEXT;
}

/**
 * Shown when a route fails to load or render; offers a retry instead of a blank page. It shows
 * what the failure wrote for the shopper, never an error's own text (API paths, statuses, code).
 * It recovers by itself where it can: a failure while offline is tried again once the browser is
 * back online, and code that is gone because the site has had a new release since the page was
 * opened is replaced by loading the page afresh (lib/load-recovery.ts), while it says only that
 * the latest version is loading.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = useCallback(() => {
    reset();
    void router.invalidate();
  }, [reset, router]);
  useEffect(() => {
    // Parts whose code failed ask for it anew when the page renders them again.
    pageErrorShown();
    return recoverFromLoadFailure(error, retry);
  }, [error, retry]);
  const text = errorText(error);
  // About to load the page afresh for the site's new release: the shopper is told it is loading,
  // not that something went wrong, for the moment before the new page arrives.
  const loadingAfresh = text === NEW_RELEASE_TEXT;
  return (
    <div className={`container ${styles.page}`} role={loadingAfresh ? 'status' : 'alert'}>
      {loadingAfresh ? (
        <h1>{text}</h1>
      ) : (
        <>
          <p className={styles.status}>Something went wrong</p>
          <h1>This page could not be loaded</h1>
          <p className={styles.text}>{text}</p>
        </>
      )}
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
