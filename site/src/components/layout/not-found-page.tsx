import { Link } from '@tanstack/react-router';
import { defaultSearchPath } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../app-link/app-link.tsx';
import styles from './not-found-page.module.css';

/** The page for any unknown path (and for pages a tenant does not have). */
export function NotFoundPage() {
  const tenant = useTenant();
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.status}>Error 404</p>
      <h1>Page not found</h1>
      <p className={styles.text}>
        Sorry, we can’t find that page. It may have moved, or the link may be out of date. Try our stock search or head back
        to the home page.
      </p>
      <div className={styles.actions}>
        <Link to="/" className="btn btn--primary">
          Go to the home page
        </Link>
        <AppLink href={defaultSearchPath(tenant)} className="btn btn--outline">
          Search our stock
        </AppLink>
      </div>
    </div>
  );
}
