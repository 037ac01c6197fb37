import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Location } from '../../../../schema/api/location.ts';
import { locationTypeLabel } from '../../domain/location-pages.ts';
import { LocationCard, type LocationCardOptions } from './location-card.tsx';
import styles from './locations.module.css';

/**
 * The contact page (spec §2): the location list with the tenant's contact link and Get
 * Directions, grouped by location type (sales, service, parts).
 */
export function ContactPage({ siteName, locations, cardOptions, enquiry }: { siteName: string; locations: Location[]; cardOptions: LocationCardOptions; enquiry?: ReactNode }) {
  const groups = new Map<string, Location[]>();
  for (const l of locations) groups.set(locationTypeLabel(l.location_type), [...(groups.get(locationTypeLabel(l.location_type)) ?? []), l]);
  return (
    <div className={styles.page}>
      <header className={styles.banner}>
        <div className="container">
          <nav aria-label="Breadcrumb">
            <ol className={styles.breadcrumbs}>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li aria-current="page">Contact Us</li>
            </ol>
          </nav>
          <h1 className={styles.title}>Contact Us</h1>
          <p className={styles.intro}>
            Call, visit or send us a message: every {siteName} location with its phone number, opening hours and directions.
          </p>
        </div>
      </header>
      {enquiry ?? null}
      {[...groups.entries()].map(([label, list]) => (
        <section key={label} className="container section" aria-labelledby={`contact-${label}`}>
          <h2 id={`contact-${label}`}>{label}</h2>
          <div className={`grid grid--3 ${styles.cards}`}>
            {list.map((l) => (
              <LocationCard key={l.slug} location={l} options={{ ...cardOptions, headingLevel: 3 }} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
