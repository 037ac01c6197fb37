import { Suspense, type ReactNode } from 'react';
import type { Location } from '../../../../schema/api/location.ts';
import { locationTypeLabel } from '../../domain/location-pages.ts';
import type { LocationCardOptions } from './location-card.tsx';
import { LocationsCarousel } from './locations-carousel.tsx';
import styles from './locations.module.css';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';

/**
 * The contact page (spec §2): the location list with the tenant's contact link and Get
 * Directions, in the locations carousel; each card names its type (sales, service, parts).
 */
export function ContactPage({ siteName, locations, cardOptions, enquiry }: { siteName: string; locations: Location[]; cardOptions: LocationCardOptions; enquiry?: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Contact Us' }]} />
          <h1 className={styles.title}>Contact Us</h1>
          <p className={styles.intro}>
            Call, visit or send us a message: every {siteName} location with its phone number, opening hours and directions.
          </p>
        </div>
      </header>
      {enquiry ? (
        // Its code may arrive after the page hydrates: only this part waits for it.
        <div className="container section">
          <Suspense fallback={null}>{enquiry}</Suspense>
        </div>
      ) : null}
      <section className="container section" aria-labelledby="contact-locations">
        <h2 id="contact-locations">Our locations</h2>
        <p className={styles.intro}>{typeSummary(locations)}</p>
        <LocationsCarousel locations={locations} label="Our locations" cardOptions={cardOptions} />
      </section>
    </div>
  );
}

/** "2 sales, 1 service & parts location": what kinds of location the list holds. */
function typeSummary(locations: Location[]): string {
  const counts = new Map<string, number>();
  for (const l of locations) counts.set(locationTypeLabel(l.location_type), (counts.get(locationTypeLabel(l.location_type)) ?? 0) + 1);
  const parts = [...counts.entries()].map(([label, n]) => `${n} ${label.toLowerCase()}`);
  return `${parts.join(', ')} ${locations.length === 1 ? 'location' : 'locations'}.`;
}
