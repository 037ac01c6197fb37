import type { ReactNode } from 'react';
import type { Location } from '../../../../schema/api/location.ts';
import { LocationCard, type LocationCardOptions } from './location-card.tsx';
import { LocationMap } from '../../components/location-map/location-map.tsx';
import styles from './locations.module.css';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';

/**
 * The location card grid (spec §2) under the tenant's heading ('Find Us Here' or
 * 'N Big Locations'), with a map of every location drawn from their coordinates.
 */
export function LocationsPage({ locations, heading, intro, cardOptions, finder, empty }: { locations: Location[]; heading: string; intro: string; cardOptions: LocationCardOptions; finder?: ReactNode; empty?: string | null }) {
  return (
    <div className={styles.page}>
      <header className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Locations' }]} />
          <h1 className={styles.title}>{heading}</h1>
          <p className={styles.intro}>{intro}</p>
          {finder}
        </div>
      </header>
      <div className="container section">
        {locations.length > 1 ? (
          <div className={styles.allMap}>
            <LocationMap locations={locations.map((l) => l.slug)} width={1200} height={420} minSpanKm={10} title="Map of all our locations" />
          </div>
        ) : null}
        {locations.length === 0 && empty ? <p className={styles.stockCount}>{empty}</p> : null}
        <div className={`grid grid--3 ${styles.cards}`}>
          {locations.map((l) => (
            <LocationCard key={l.slug} location={l} options={cardOptions} />
          ))}
        </div>
      </div>
    </div>
  );
}
