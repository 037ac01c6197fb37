import { useState, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { Car } from '../../../../schema/api/car.ts';
import { carQueryOptions } from '../../api/cars/car.ts';
import { ApiRequestError } from '../../api/http.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useServices } from '../../lib/use-services.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { SavedCarsEmpty, SavedCarsPending } from '../../components/saved-cars/saved-cars-states.tsx';
import { useCompareList } from '../../components/saved-cars/use-saved-cars.ts';
import { cdnImageUrl, noPhotosText } from '../../domain/image-url.ts';
import { capitalised, countOf, itemNoun } from '../../domain/item-noun.ts';
import { compareRows, type CompareCarFacts } from '../../domain/compare-rows.ts';
import { conditionLabel } from '../../domain/vehicle-facts.ts';
import { carCard } from '../../domain/car-card.ts';
import { CARD_FEATURES } from '../../components/car-card/card-features.ts';
import styles from './compare.module.css';

/** The facts compared of a car (domain compareRows), its price by the price rules. */
function carFacts(car: Car, priceText: string): CompareCarFacts {
  return {
    price: priceText,
    year: car.year,
    car_type: car.car_type,
    km: car.item_type === 'caravan' ? null : car.km,
    body: car.simple_body,
    transmission: car.simple_transmission,
    fuel: car.simple_fuel,
    drive: car.simple_drive,
    engine_litres: car.engine_size_litres ?? car.variant?.enginesize_litres ?? null,
    fuel_consumption: car.variant?.fuelconsumptioncombined ?? null,
    seats: car.seats,
    doors: car.doors,
    colour: car.colour,
    towing_braked: car.variant?.towingcapacitybraked ?? null,
    ancap: car.variant?.ancaprating ?? null,
    location: car.location.name,
  };
}

/**
 * The compare page (/compare, features.compare): the device's compare list side by side, up to
 * limits.compareCars cars, one column each, with today's details from the platform API. Rows
 * where the cars differ are marked, and 'Show only differences' hides the rest. The table
 * scrolls sideways on a phone with the row labels kept in view. The server cannot see the
 * device: it renders the page with the list pending; the table or the empty state follows
 * hydration.
 */
export default function ComparePage() {
  const tenant = useTenant();
  const services = useServices();
  const hydrated = useHydrated();
  const compare = useCompareList();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const cars = compare.list;
  const noun = itemNoun(tenant.search.itemType);
  const queries = useQueries({ queries: cars.map((saved) => ({ ...carQueryOptions(saved.slug, services), enabled: hydrated, retry: false })) });

  if (!hydrated) {
    return (
      <Frame>
        <SavedCarsPending what="compare list" />
      </Frame>
    );
  }
  if (cars.length === 0) {
    return (
      <Frame>
        <SavedCarsEmpty heading="Your compare list is empty" text={`Press ${tenant.labels.compare} on up to ${compare.limit} ${noun.many} to see them side by side here.`} />
      </Frame>
    );
  }

  const loading = queries.some((query) => query.isPending);
  const now = Math.floor(services.now() / 1000);
  const cards = queries.map((query) => (query.data ? carCard(query.data, tenant, now, { features: CARD_FEATURES }) : null));
  const facts = queries.map((query, index) => {
    const card = cards[index];
    return query.data && card ? carFacts(query.data, card.available ? card.price.text : 'SOLD') : null;
  });
  const rows = loading ? [] : compareRows(facts, { condition: (type) => conditionLabel(tenant.labels, type) });
  const shownRows = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  const room = compare.limit - cars.length;

  return (
    <Frame>
      <div className={styles.bar}>
        <p className={styles.count} role="status">
          {cars.length} of {compare.limit} {noun.many}
          {room > 0 ? (
            <>
              {' · '}
              <AppLink href={tenant.routes.defaultSearchPath}>Add {cars.length === 1 ? `another ${noun.one}` : `up to ${room} more`}</AppLink>
            </>
          ) : null}
        </p>
        {cars.length > 1 ? (
          <label className={styles.differences}>
            <input type="checkbox" checked={onlyDifferences} onChange={(event) => setOnlyDifferences(event.target.checked)} /> Show only differences
          </label>
        ) : null}
      </div>
      {/* Scrolls sideways on a phone; the car links and Remove buttons in it take keyboard focus. */}
      <div className={styles.scroller}>
        <table className={styles.table} data-testid="compare-table">
          <caption id="compare-caption" className="visually-hidden">
            {cars.length === 1 ? `The ${noun.one} in your compare list` : `${countOf(cars.length, noun)} side by side`}
            {rows.some((row) => row.differs) ? '; rows where they differ are marked “differs”' : ''}
          </caption>
          <thead>
            <tr>
              <td className={styles.corner}>
                <span className="visually-hidden">{capitalised(noun.many)} compared</span>
              </td>
              {cars.map((saved, index) => {
                const query = queries[index];
                const car = query?.data;
                const title = cards[index]?.title ?? (saved.name || `${saved.make} ${saved.model}`);
                const gone = query?.error instanceof ApiRequestError && query.error.status === 404;
                const image = cdnImageUrl(tenant.api.imageCdnBaseUrl, car?.primary_image_url ?? saved.primary_image_url, 320, tenant.limits.imageQuality);
                return (
                  <th key={saved.id} scope="col" className={styles.carHead} data-testid="compare-car" data-car-id={saved.id}>
                    {image ? <img src={image} alt="" width={320} height={180} className={styles.image} decoding="async" /> : <span className={styles.noImage}>{noPhotosText(cards[index]?.available ?? true)}</span>}
                    <span className={styles.carTitle}>{gone ? title : <AppLink href={`/cars/${saved.slug}`}>{title}</AppLink>}</span>
                    {/* Remove comes before the notes that appear when a car's answer arrives, so a
                        note never moves the button under a shopper's press. */}
                    <button type="button" className={`btn btn--outline ${styles.remove}`} onClick={() => compare.remove(saved.id)} aria-label={`Remove ${title} from compare`}>
                      Remove
                    </button>
                    {gone ? <span className={styles.note}>No longer available</span> : null}
                    {query?.isError && !gone ? <span className={styles.note}>Details could not be loaded</span> : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <th scope="row">Details</th>
                <td colSpan={cars.length} aria-busy="true">
                  Loading today's details…
                </td>
              </tr>
            ) : (
              shownRows.map((row) => (
                <tr key={row.label} className={row.differs ? styles.differs : undefined} data-differs={row.differs}>
                  <th scope="row">
                    {row.label}
                    {row.differs ? <span className={styles.differsTag}>differs</span> : null}
                  </th>
                  {row.values.map((value, index) => (
                    // oxlint-disable-next-line react/no-array-index-key -- one cell per compared car, in list order
                    <td key={index}>{value}</td>
                  ))}
                </tr>
              ))
            )}
            {!loading && onlyDifferences && shownRows.length === 0 ? (
              <tr>
                <th scope="row">Differences</th>
                <td colSpan={cars.length}>These {noun.many} are alike in every detail compared here.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  return (
    <div className={`container section ${styles.page}`}>
      <h1>Compare {itemNoun(tenant.search.itemType).many}</h1>
      {children}
    </div>
  );
}
