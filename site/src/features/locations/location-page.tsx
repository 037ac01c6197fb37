import { Suspense, type ReactNode } from 'react';
import type { Location } from '../../../../schema/api/location.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { directionsUrl, locationTypeLabel, type HoursType } from '../../domain/location-pages.ts';
import type { HoursLabels } from '../../domain/opening-hours.ts';
import type { LocationCardOptions } from './location-card.tsx';
import { LocationsCarousel } from './locations-carousel.tsx';
import { LocationMap } from '../../components/location-map/location-map.tsx';
import type { LocationStock } from './location-stock.ts';
import { OpeningHours } from './opening-hours.tsx';
import styles from './locations.module.css';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { formatNumber } from '../../../../schema/number-format.ts';
import { PhoneLink } from '../../components/phone/phone-link.tsx';

export interface LocationPageProps {
  location: Location;
  /** Every visible location of the site (other locations, the map of all). */
  locations: Location[];
  hours: { options: { type: HoursType; label: string; location: Location }[]; selected: HoursType | undefined; onSelect: (type: HoursType) => void; labels: HoursLabels };
  /** Today in the site's time zone (ISO date), for upcoming holiday hours. */
  today: string;
  /** labels.locationsHeading with its count filled in: 'Find Us Here' or '2 Big Locations'. */
  locationsHeading: string;
  cardOptions: LocationCardOptions;
  stock: LocationStock | null;
  /** Where a listed car links to (its vehicle page, or the dealer's stock). */
  carHref: (car: { slug: string }) => string;
  /** The rating box (features.locationReviews), or null. */
  ratingBox: ReactNode;
  /** The reviews block (features.locationReviews), or null. */
  reviews: ReactNode;
  /**
   * Slot for the enquiry form of the contact route (/contact-us/{slug}); the lead forms
   * mount it here. Nothing is rendered while it is null.
   */
  enquiry?: ReactNode;
}

/**
 * The single location page (spec §2: /locations/{slug}, /our-location/{slug},
 * /contact-us/{location-slug}): address header with directions and rating box, Opening Hours with
 * the type selector and holiday hours, the map, stock at this location, reviews, and the other
 * locations under the tenant's heading.
 */
export function LocationPage(props: LocationPageProps) {
  const { location, locations, cardOptions } = props;
  const others = locations.filter((l) => l.slug !== location.slug);
  const stockHref = `/search/${location.dealership_slug}`;
  return (
    <article className={styles.page}>
      <header className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Locations', href: '/dealerships' }, { label: location.name }]} />
          <div className={styles.bannerGrid}>
            <div>
              <p className={styles.typeBadge}>{locationTypeLabel(location.location_type)}</p>
              <h1 className={styles.title}>{location.name}</h1>
              <address className={styles.bannerAddress}>{location.address.text}</address>
              <div className={styles.bannerActions}>
                <a href={directionsUrl(location.address)} className="btn btn--primary" target="_blank" rel="noopener noreferrer">
                  Get Directions<span className="visually-hidden"> (opens a new tab)</span>
                </a>
                {location.contact_detail.phone ? (
                  <PhoneLink phone={location.contact_detail.phone} className="btn btn--outline" context={{ dealershipId: location.dealership_id, placement: 'location' }}>
                    Call {location.contact_detail.phone}
                  </PhoneLink>
                ) : null}
              </div>
              {cardOptions.showLicence && location.dealer_license_number ? (
                <p className={styles.licence}>
                  Dealer licence {location.dealer_license_number}
                  {location.motor_vehicle_repairer ? ` · MVR ${location.motor_vehicle_repairer}` : ''}
                </p>
              ) : null}
            </div>
            {props.ratingBox}
          </div>
        </div>
      </header>

      <div className={`container section ${styles.detailGrid}`}>
        <OpeningHours options={props.hours.options} selected={props.hours.selected} onSelect={props.hours.onSelect} labels={props.hours.labels} today={props.today} />
        <div className={styles.detailMap}>
          {location.image ? (
            <img src={location.image.url} alt={`${location.name} dealership`} width={640} height={360} />
          ) : (
            <LocationMap locations={[location.slug]} current={location.slug} width={640} height={400} title={`Map of ${location.name}, ${location.address.text}`} eager />
          )}
        </div>
      </div>

      {props.enquiry ? (
        // Its code may arrive after the page hydrates: only this part waits for it.
        <div className="container section">
          <Suspense fallback={null}>{props.enquiry}</Suspense>
        </div>
      ) : null}

      {props.stock ? (
        <section className="section section--alt" aria-labelledby="location-stock">
          <div className="container">
            <div className="section-head">
              <h2 id="location-stock">Stock at {location.name}</h2>
              {cardOptions.stockLink ? (
                <AppLink href={stockHref} className="btn btn--primary">
                  View Our Stock
                </AppLink>
              ) : null}
            </div>
            <p className={styles.stockCount}>
              {props.stock.count === 0
                ? 'No cars are listed at this location right now.'
                : `${formatNumber(props.stock.count)} ${props.stock.count === 1 ? 'vehicle' : 'vehicles'} in stock at this location.`}
            </p>
            {props.stock.cars.length > 0 ? (
              <ul className={`grid grid--4 ${styles.stockList}`}>
                {props.stock.cars.map((car) => (
                  <li key={car.id} className={`card ${styles.stockCard}`}>
                    {car.image ? <img src={`${car.image}${car.image.includes('?') ? '&' : '?'}w=480`} alt="" width={480} height={320} loading="lazy" /> : null}
                    <div className={styles.stockBody}>
                      <AppLink href={props.carHref(car)} className={styles.stockTitle}>
                        {car.title}
                      </AppLink>
                      <p className={styles.stockPrice}>{car.price}</p>
                      {car.km !== null ? <p className={styles.stockKm}>{formatNumber(car.km)} km</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </section>
      ) : null}

      {props.reviews}

      {others.length > 0 ? (
        <section className="section" aria-labelledby="other-locations">
          <div className="container">
            <h2 id="other-locations">{props.locationsHeading}</h2>
            <div className={styles.allMap}>
              <LocationMap
                locations={locations.filter((l) => l.location_type !== 'parts' || l.slug === location.slug).map((l) => l.slug)}
                current={location.slug}
                width={1200}
                height={420}
                minSpanKm={10}
                title={`Map of all our locations`}
              />
            </div>
            <LocationsCarousel locations={others} label="Our other locations" cardOptions={cardOptions} />
          </div>
        </section>
      ) : null}
    </article>
  );
}
