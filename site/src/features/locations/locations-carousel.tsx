import { useId } from 'react';
import type { Location } from '../../../../schema/api/location.ts';
import { carouselLayout } from '../../domain/location-pages.ts';
import { LocationCard, type LocationCardOptions } from './location-card.tsx';
import styles from './locations.module.css';

/**
 * The locations carousel (spec §9): location cards in a row that scrolls sideways (native
 * scrolling with snap points, so it works before and without JavaScript), columns by count on
 * large screens, and a scroll hint — hidden on large screens when 3 or fewer locations fit.
 */
export function LocationsCarousel({ locations, label, cardOptions }: { locations: Location[]; label: string; cardOptions: LocationCardOptions }) {
  const id = useId();
  const layout = carouselLayout(locations.length);
  return (
    <div className={styles.carouselWrap} data-columns={layout.columns}>
      {/* A scrolling list is focusable so keyboard users can scroll it (WCAG 2.1.1, axe scrollable-region-focusable). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul className={styles.carousel} aria-label={label} aria-describedby={locations.length > 1 ? `${id}-hint` : undefined} tabIndex={0} style={{ '--lg-cols': layout.columns } as React.CSSProperties}>
        {locations.map((l) => (
          <li key={l.slug} className={styles.carouselItem}>
            <LocationCard location={l} options={{ ...cardOptions, headingLevel: 3, detailsLabel: 'View Location Details' }} />
          </li>
        ))}
      </ul>
      {locations.length > 1 ? (
        <p id={`${id}-hint`} className={layout.hintOnLarge ? styles.scrollHint : `${styles.scrollHint} ${styles.scrollHintSmallOnly}`}>
          <span aria-hidden="true">⟷ </span>Scroll sideways to see all {locations.length} locations
        </p>
      ) : null}
    </div>
  );
}
