import type { Me } from '../../api/auth/me.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { locationPath, locationTypeLabel, telHref } from '../../domain/location-pages.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import styles from './garage.module.css';

/**
 * A dealership's own garage page (spec §2 dealer-branded garage pages, /my-garage/{dealership}):
 * the shopper's garage under the dealership's name, with its makes, its licence, its locations
 * to call or visit and its own stock. Reached only through the route's sign-in gate (so `user`
 * is present) and only for a dealership of this site. Only in bundles with features.garage on.
 */
export default function DealerGarage({ user, dealershipSlug }: { user: NonNullable<Me['user']>; dealershipSlug: string }) {
  const tenant = useTenant();
  const dealership = tenant.dealer.dealerships.find((d) => d.slug === dealershipSlug);
  if (!dealership) return null;
  const locations = tenant.dealer.locations.filter((l) => l.dealershipSlug === dealership.slug);
  return (
    <div className="container section">
      <p className={styles.brand}>{tenant.name}</p>
      <h1>My Garage at {dealership.name}</h1>
      <p className={styles.lead}>
        Welcome back, {user.name}. {dealership.name} sells and looks after {dealership.makes.join(', ')}
        {__FEATURE_LICENCE_DETAILS__ && dealership.dealerLicenceNumber ? ` (dealer licence ${dealership.dealerLicenceNumber})` : ''}.
      </p>
      <div className="grid grid--3">
        <section className={`card ${styles.panel}`} aria-labelledby="dealer-garage-locations">
          <h2 id="dealer-garage-locations">Your dealership</h2>
          <ul className={styles.locations}>
            {locations.map((location) => (
              <li key={location.slug}>
                <strong>{location.name}</strong>
                <span>{locationTypeLabel(location.type)}</span>
                <span>
                  {location.address.street}, {location.address.suburb} {location.address.state} {location.address.postcode}
                </span>
                {location.phone ? <a href={telHref(location.phone)}>Call {location.phone}</a> : null}
                <AppLink href={locationPath(location.slug)}>Opening hours and directions</AppLink>
              </li>
            ))}
          </ul>
        </section>
        <section className={`card ${styles.panel}`} aria-labelledby="dealer-garage-stock">
          <h2 id="dealer-garage-stock">Find your next car</h2>
          <p>Browse the cars {dealership.name} has in stock now.</p>
          <AppLink href={`/search/${dealership.slug}`} className="btn btn--primary">
            Search {dealership.name} Stock
          </AppLink>
        </section>
        <section className={`card ${styles.panel}`} aria-labelledby="dealer-garage-saved">
          <h2 id="dealer-garage-saved">Saved cars</h2>
          <p>Cars you save to your watchlist appear in your list.</p>
          <AppLink href={tenant.routes.watchlistPath} className="btn btn--outline">
            View List
          </AppLink>
          <AppLink href="/my-garage">All of My Garage</AppLink>
        </section>
      </div>
    </div>
  );
}
