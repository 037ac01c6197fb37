import { useState } from 'react';
import type { Me } from '../../api/auth/me.ts';
import { createSearchClient, searchIndexes } from '../../api/search-client.ts';
import { shopperMessageOf } from '../../api/http.ts';
import { useWatchlist } from '../../api/watchlist/watchlist.ts';
import { useWatchlistCars, type WatchlistCar } from '../../api/watchlist/watchlist-cars.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useServices } from '../../lib/use-services.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { isAvailable } from '../../domain/availability.ts';
import { cdnImageUrl, noPhotosText } from '../../domain/image-url.ts';
import { priceDisplay } from '../../domain/price-display.ts';
import { useWatchlistToggle } from './use-watchlist-toggle.ts';
import styles from './watchlist.module.css';
import { formatNumber } from '../../../../schema/number-format.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';

/** The title the list and its toasts use: the site's one title rule, as on the search card. */
export function watchlistCarTitle(car: Pick<WatchlistCar, 'year' | 'make' | 'model' | 'badge' | 'series'>): string {
  return vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
}

/**
 * The watchlist page (spec §2: a constant link, offered as View List in the save toast): the
 * signed-in user's saved cars with a remove button each, or an empty state. Reached only
 * through the route guard, so `user` is present. A user without a phone is asked to add one
 * (the server needs it to change the list).
 */
export default function WatchlistPage({ user }: { user: NonNullable<Me['user']> }) {
  const tenant = useTenant();
  const services = useServices();
  const [client] = useState(() => createSearchClient(tenant, services.origin, services.searchRequester));
  const indexName = searchIndexes(tenant).relevance;
  const ids = useWatchlist(user.id);
  const cars = useWatchlistCars(client, indexName, ids.data);
  // The ids change first (optimistic removal), so rows follow the ids, not the last record fetch.
  const shown = (cars.data ?? []).filter((car) => ids.data?.includes(car.id));
  const here = tenant.routes.watchlistPath;

  return (
    <div className={`container section ${styles.page}`}>
      <h1>My Watchlist</h1>
      {!user.phone ? (
        <p className={styles.notice}>
          Add a mobile number to your account to save cars.{' '}
          <AppLink href={`/sign-in?type=watchlist&redirect=${encodeURIComponent(here)}&back=${encodeURIComponent(here)}`}>Add your mobile number</AppLink>
        </p>
      ) : null}
      {ids.isError || cars.isError ? (
        <p className={styles.error} role="alert">
          Your watchlist could not be loaded. {shopperMessageOf(ids.error ?? cars.error) || 'Please try again.'}
        </p>
      ) : ids.isPending || (cars.isPending && (ids.data?.length ?? 0) > 0) ? (
        <p aria-busy="true">Loading your watchlist…</p>
      ) : shown.length === 0 ? (
        <div className={styles.empty}>
          <h2>Your watchlist is empty</h2>
          <p>Save cars from our stock and they will be waiting for you here.</p>
          <AppLink href={tenant.routes.defaultSearchPath} className="btn btn--primary">
            Browse our stock
          </AppLink>
        </div>
      ) : (
        <>
          <p className={styles.count}>
            {shown.length} {shown.length === 1 ? 'car' : 'cars'} saved
          </p>
          <ul className={styles.list} aria-label="Saved cars">
            {shown.map((car) => (
              <WatchlistRow key={car.id} car={car} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function WatchlistRow({ car }: { car: WatchlistCar }) {
  const tenant = useTenant();
  const title = watchlistCarTitle(car);
  const { pending, toggle } = useWatchlistToggle({ id: car.id, title });
  const available = isAvailable(car);
  const price = priceDisplay(car, {
    mode: 'cash',
    subscriptionLayout: __FEATURE_SUBSCRIPTION_LAYOUT__,
    noPrice: tenant.labels.noPrice,
    preorder: tenant.labels.preorder,
    enquireForFinance: tenant.labels.enquireForFinance,
  });
  const image = cdnImageUrl(tenant.api.imageCdnBaseUrl, car.primary_image_url, 320, tenant.limits.imageQuality);
  const headingId = `watchlist-car-${car.id}`;
  return (
    <li className={`card ${styles.row}`} aria-labelledby={headingId} data-testid="watchlist-car">
      {image ? <img src={image} alt="" width={320} height={180} loading="lazy" decoding="async" className={styles.image} /> : <span className={styles.noImage}>{noPhotosText(available)}</span>}
      <div className={styles.body}>
        <h2 id={headingId} className={styles.title}>
          <AppLink href={`/cars/${car.slug}`}>{title}</AppLink>
        </h2>
        <p className={styles.meta}>
          {formatNumber(car.km)} km · {tenant.dealer.overrideCity ?? car.location_name}
        </p>
        <p className={styles.price}>
          {available ? (
            <>
              {price.text}
              {'suffix' in price && price.suffix ? <span>{price.suffix}</span> : null}
            </>
          ) : (
            <span className={styles.sold}>SOLD</span>
          )}
        </p>
      </div>
      <div className={styles.actions}>
        <AppLink href={`/cars/${car.slug}`} className="btn btn--primary">
          View Details
        </AppLink>
        <button type="button" className="btn btn--outline" onClick={toggle} disabled={pending} aria-label={`Remove ${title} from your watchlist`}>
          {pending ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </li>
  );
}
