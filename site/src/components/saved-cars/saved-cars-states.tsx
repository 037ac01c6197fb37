import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../app-link/app-link.tsx';
import styles from './saved-cars.module.css';

/**
 * What the favourites and compare pages show before the device's list is known: on the server
 * and while hydrating. Not the empty state, which would be wrong for a shopper with saved cars.
 * Without JavaScript the list cannot be read, and the page says so.
 */
export function SavedCarsPending({ what }: { what: 'favourites' | 'compare list' }) {
  return (
    <>
      <p className={styles.pending} aria-busy="true" data-testid="saved-cars-pending">
        Looking for your {what} on this device…
      </p>
      <noscript>
        <p>
          Your {what} {what === 'favourites' ? 'are' : 'is'} kept in this browser. Turn on JavaScript to see {what === 'favourites' ? 'them' : 'it'}.
        </p>
      </noscript>
    </>
  );
}

/** The list holds no cars: says how to add one and leads to the stock. */
export function SavedCarsEmpty({ heading, text }: { heading: string; text: string }) {
  const tenant = useTenant();
  return (
    <div className={styles.empty} data-testid="saved-cars-empty">
      <h2>{heading}</h2>
      <p>{text}</p>
      <AppLink href={tenant.routes.defaultSearchPath} className="btn btn--primary">
        Browse our stock
      </AppLink>
    </div>
  );
}
