import { useState } from 'react';
import { createSearchClient, searchIndexes } from '../../api/search-client.ts';
import { useWatchlistCars, type WatchlistCar } from '../../api/watchlist/watchlist-cars.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useServices } from '../../lib/use-services.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { SavedCarsEmpty, SavedCarsPending } from '../../components/saved-cars/saved-cars-states.tsx';
import { useCompareList, useFavourites } from '../../components/saved-cars/use-saved-cars.ts';
import { countOf, itemNoun } from '../../domain/item-noun.ts';
import { cdnImageUrl, noPhotosText } from '../../domain/image-url.ts';
import type { SavedCar } from '../../domain/saved-cars.ts';
import styles from './favourites.module.css';
import { carCard, type CarCardModel } from '../../domain/car-card.ts';
import { CARD_FEATURES } from '../../components/car-card/card-features.ts';

/**
 * The favourites page (/favourites, features.favouritesMechanism 'favourites'): the cars saved
 * with the heart on this device, newest first, each with today's price and availability from
 * the stock index, View Details, Compare (where the tenant compares) and Remove. The server
 * cannot see the device: it renders the page with the list pending, and the list (or the empty
 * state) follows hydration — never an empty state that turns into a list.
 */
export default function FavouritesPage() {
  const tenant = useTenant();
  const services = useServices();
  const hydrated = useHydrated();
  const favourites = useFavourites();
  const [client] = useState(() => createSearchClient(tenant, services.origin, services.searchRequester));
  const ids = favourites.list.map((car) => car.id);
  const records = useWatchlistCars(client, searchIndexes(tenant).relevance, hydrated ? ids : undefined);
  const byId = new Map((records.data ?? []).map((record) => [record.id, record]));
  const newestFirst = [...favourites.list].reverse();
  const noun = itemNoun(tenant.search.itemType);

  return (
    <div className={`container section ${styles.page}`}>
      <h1>My Favourites</h1>
      {!hydrated ? (
        <SavedCarsPending what="favourites" />
      ) : newestFirst.length === 0 ? (
        <SavedCarsEmpty heading="You have no favourites yet" text={`Press ${tenant.labels.save} on a ${noun.one} and it will be kept here, on this device.`} />
      ) : (
        <>
          <p className={styles.count} role="status">
            {countOf(newestFirst.length, noun)} saved on this device
          </p>
          {records.isError ? (
            <p className={styles.error} role="alert">
              Today's prices could not be loaded. Your saved {noun.many} are shown as you saved them.
            </p>
          ) : null}
          <ul className={styles.list} aria-label={`Favourite ${noun.many}`}>
            {newestFirst.map((saved) => (
              <FavouriteRow key={saved.id} saved={saved} record={byId.get(saved.id)} loading={records.isPending} onRemove={() => favourites.remove(saved.id)} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function FavouriteRow({ saved, record, loading, onRemove }: { saved: SavedCar; record: WatchlistCar | undefined; loading: boolean; onRemove: () => void }) {
  const tenant = useTenant();
  const compare = useCompareList();
  const services = useServices();
  const card = record ? carCard(record, tenant, Math.floor(services.now() / 1000), { features: CARD_FEATURES }) : null;
  const title = card ? card.title : saved.name || `${saved.make} ${saved.model}`;
  const gone = !loading && !record;
  const image = cdnImageUrl(tenant.api.imageCdnBaseUrl, record?.primary_image_url ?? saved.primary_image_url, 320, tenant.limits.imageQuality);
  const href = `/cars/${saved.slug}`;
  const headingId = `favourite-${saved.id}`;
  const inCompare = compare.inCompare(saved.id);
  return (
    <li className={`card ${styles.row}`} aria-labelledby={headingId} data-testid="favourite-car" data-car-id={saved.id}>
      {image ? <img src={image} alt="" width={320} height={180} loading="lazy" decoding="async" className={styles.image} /> : <span className={styles.noImage}>{noPhotosText(card?.available ?? true)}</span>}
      <div className={styles.body}>
        <h2 id={headingId} className={styles.title}>
          {gone ? title : <AppLink href={href}>{title}</AppLink>}
        </h2>
        {card ? <p className={styles.meta}>{[card.kilometres, card.location].filter(Boolean).join(' · ')}</p> : null}
        <p className={styles.price} data-testid="favourite-price">
          {loading && !record ? <span className={styles.muted}>Checking today's price…</span> : gone ? <span className={styles.muted}>No longer available</span> : card ? <RecordPrice card={card} /> : null}
        </p>
      </div>
      <div className={styles.actions}>
        {gone ? null : (
          <AppLink href={href} className="btn btn--primary">
            View Details
          </AppLink>
        )}
        {__FEATURE_COMPARE__ && !gone ? (
          <button type="button" className="btn btn--outline" aria-pressed={inCompare} aria-label={`${tenant.labels.compare}: ${title}`} onClick={() => compare.toggle({ ...saved, title })}>
            {inCompare ? `✓ ${tenant.labels.compare}` : tenant.labels.compare}
          </button>
        ) : null}
        <button type="button" className="btn btn--outline" onClick={onRemove} aria-label={`Remove ${title} from your favourites`}>
          Remove
        </button>
      </div>
    </li>
  );
}

function RecordPrice({ card }: { card: CarCardModel }) {
  if (!card.available) return <span className={styles.sold}>SOLD</span>;
  const price = card.price;
  return (
    <>
      {price.text}
      {'suffix' in price && price.suffix ? <span>{price.suffix}</span> : null}
      {price.kind === 'offer' ? (
        <span className={styles.was}>
          <span className="visually-hidden">was </span>
          <s>{price.wasText}</s>
        </span>
      ) : null}
    </>
  );
}
