import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { defaultSearchPath } from '../../lib/navigation.ts';
import type { Me } from '../../api/auth/me.ts';
import styles from './garage.module.css';

/**
 * My Garage (spec §2 gated feature): the signed-in shopper's own page. Reached only through
 * the /my-garage route guard, so `user` is always present. Only in bundles with
 * features.garage on.
 */
export default function MyGarage({ user }: { user: NonNullable<Me['user']> }) {
  const tenant = useTenant();
  const watchlistPath = tenant.routes.watchlistPath;
  return (
    <div className="container section">
      <h1>My Garage</h1>
      <p className={styles.lead}>
        Welcome back, {user.name}. Everything you keep with {tenant.name} is in one place.
      </p>
      <div className="grid grid--3">
        <section className={`card ${styles.panel}`} aria-labelledby="garage-details">
          <h2 id="garage-details">Your details</h2>
          <dl className={styles.details}>
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Mobile</dt>
            <dd>{user.phone ?? 'Not added yet'}</dd>
          </dl>
        </section>
        <section className={`card ${styles.panel}`} aria-labelledby="garage-saved">
          <h2 id="garage-saved">Saved cars</h2>
          <p>Cars you save to your watchlist appear in your list.</p>
          <AppLink href={watchlistPath} className="btn btn--outline">
            View List
          </AppLink>
        </section>
        <section className={`card ${styles.panel}`} aria-labelledby="garage-next">
          <h2 id="garage-next">Find your next car</h2>
          <p>Browse new, used and demo stock across our dealerships.</p>
          <AppLink href={defaultSearchPath(tenant)} className="btn btn--primary">
            Search Stock
          </AppLink>
        </section>
      </div>
      {tenant.dealer.dealerships.length > 1 ? (
        <section className={`section ${styles.dealerships}`} aria-labelledby="garage-dealerships">
          <h2 id="garage-dealerships">Your dealerships</h2>
          <ul className={styles.locations}>
            {tenant.dealer.dealerships.map((d) => (
              <li key={d.slug}>
                <AppLink href={`/my-garage/${d.slug}`}>My Garage at {d.name}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
