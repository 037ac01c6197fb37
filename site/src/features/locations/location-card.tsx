import { Link } from '@tanstack/react-router';
import type { Location } from '../../../../schema/api/location.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import type { HoursLabels } from '../../domain/opening-hours.ts';
import { directionsUrl, locationTypeLabel, typesServed } from '../../domain/location-pages.ts';
import { LocationMap } from '../../components/location-map/location-map.tsx';
import { HoursTable } from './opening-hours.tsx';
import styles from './locations.module.css';
import { PhoneLink } from '../../components/phone/phone-link.tsx';

/** What a card needs besides the location: tenant labels, switches and the links the bundle has. */
export interface LocationCardOptions {
  hoursLabels: HoursLabels;
  /** labels.contactLink ('Contact Us'). */
  contactLabel: string;
  /** features.licenceDetails. */
  showLicence: boolean;
  /** Book a Service target for service locations, or null (switched off or no booking page). */
  serviceHref: string | null;
  /** Whether /search/{dealership_slug} is on this site (View Our Stock). */
  stockLink: boolean;
  /** Heading level of the card title inside its page. */
  headingLevel?: 2 | 3;
  /** 'View Details' on the grid, 'View Location Details' in single-location sections. */
  detailsLabel?: 'View Details' | 'View Location Details' | 'View Location';
}

/**
 * A location card of the grid (spec §2): map or image, address, phone, opening hours, Get
 * Directions, View Details, the tenant's contact link, Book a Service for service locations of
 * dealers that offer it, and View Our Stock.
 */
export function LocationCard({ location, options }: { location: Location; options: LocationCardOptions }) {
  const Heading = options.headingLevel === 3 ? 'h3' : 'h2';
  const isService = typesServed(location.location_type).some((t) => t === 'service');
  const isSales = typesServed(location.location_type).includes('sales');
  return (
    <article className={`card ${styles.card}`} aria-labelledby={`loc-${location.slug}`}>
      <div className={styles.cardMedia}>
        {location.image ? (
          <img src={location.image.thumb.url} alt={`${location.name} dealership`} width={640} height={360} loading="lazy" />
        ) : (
          <LocationMap locations={[location.slug]} current={location.slug} width={420} height={197} title={`Map of ${location.name}, ${location.address.text}`} />
        )}
      </div>
      <div className={styles.cardBody}>
        <p className={styles.typeBadge}>{locationTypeLabel(location.location_type)}</p>
        <Heading id={`loc-${location.slug}`} className={styles.cardTitle}>
          {location.name}
        </Heading>
        <address className={styles.address}>
          {location.address.street}
          <br />
          {location.address.city} {location.address.state} {location.address.postcode}
        </address>
        {location.contact_detail.phone ? (
          <p className={styles.phone}>
            <PhoneLink phone={location.contact_detail.phone} context={{ dealershipId: location.dealership_id, placement: 'location' }}>
              <span className="visually-hidden">Phone </span>
              {location.contact_detail.phone}
            </PhoneLink>
          </p>
        ) : null}
        <HoursTable location={location} labels={options.hoursLabels} caption={`Opening hours of ${location.name}`} />
        {options.showLicence && location.dealer_license_number ? (
          <p className={styles.licence}>
            Dealer licence {location.dealer_license_number}
            {location.motor_vehicle_repairer ? ` · MVR ${location.motor_vehicle_repairer}` : ''}
          </p>
        ) : null}
        <div className={styles.cardActions}>
          <Link to="/locations/$slug" params={{ slug: location.slug }} className="btn btn--primary">
            {options.detailsLabel ?? 'View Details'}
            <span className="visually-hidden"> of {location.name}</span>
          </Link>
          <a href={directionsUrl(location.address)} className="btn btn--outline" target="_blank" rel="noopener noreferrer">
            Get Directions<span className="visually-hidden"> to {location.name} (opens a new tab)</span>
          </a>
          <Link to="/contact-us/$slug" params={{ slug: location.slug }} className={styles.textLink}>
            {options.contactLabel}
            <span className="visually-hidden"> — {location.name}</span>
          </Link>
          {isService && options.serviceHref ? (
            <AppLink href={options.serviceHref} className={styles.textLink}>
              Book a Service<span className="visually-hidden"> at {location.name}</span>
            </AppLink>
          ) : null}
          {isSales && options.stockLink ? (
            <AppLink href={`/search/${location.dealership_slug}`} className={styles.textLink}>
              View Our Stock<span className="visually-hidden"> at {location.name}</span>
            </AppLink>
          ) : null}
        </div>
      </div>
    </article>
  );
}
