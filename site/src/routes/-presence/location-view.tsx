import { useId, useState, type ReactNode } from 'react';
import { useLoaderData, useNavigate, useSearch } from '@tanstack/react-router';
import { useInteractive } from '../../lib/hydration-replay.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useLeadsToPage, type LeadsToPage } from '../../lib/route-exists.ts';
import { hoursTypeOptions, initialHoursType, locationsHeadingText, placeCount, type HoursType } from '../../domain/location-pages.ts';
import type { LocationCardOptions } from '../../features/locations/location-card.tsx';
import { LocationPage } from '../../features/locations/location-page.tsx';
import { LocationsPage } from '../../features/locations/locations-page.tsx';
import { DealerFinder, type ChosenPlace } from '../../features/locations/dealer-finder.tsx';
import { nearby } from '../../domain/geo.ts';
import styles from '../../features/locations/locations.module.css';
import { ContactPage } from '../../features/locations/contact-page.tsx';
import type { Location } from '../../../../schema/api/location.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { LocationReviewsBlock, RatingBox, type LocationPageData } from './location-load.ts';
import { formatNumber } from '../../../../schema/number-format.ts';

/** Card settings from the tenant: labels, switches, and the booking link where there is a page for it. */
function cardOptionsOf(tenant: ResolvedTenant, leadsToPage: LeadsToPage): LocationCardOptions {
  const serviceHref = !__FEATURE_BOOK_SERVICE_ON_LOCATIONS__
    ? null
    : tenant.routes.serviceBookingUrl ?? (leadsToPage('/service') ? '/service#service-booking' : null);
  return {
    hoursLabels: { closed: tenant.labels.closed, byAppointmentOnly: __FEATURE_BY_APPOINTMENT_ONLY_WEEKENDS__ ? tenant.labels.byAppointmentOnly : null },
    contactLabel: tenant.labels.contactLink,
    showLicence: __FEATURE_LICENCE_DETAILS__,
    serviceHref,
    stockLink: true,
  };
}

/**
 * A single location page from its route's loaded data, shared by the three location routes
 * (/locations/{slug}, /our-location/{slug}, /contact-us/{slug}); the type selector keeps its
 * choice in the URL (`?type=`). `enquiry` is the slot of the lead forms' enquiry form.
 */
export function LocationView({ enquiry }: { enquiry?: (location: Location) => ReactNode }) {
  const data = useLoaderData({ strict: false }) as LocationPageData;
  const { type } = useSearch({ strict: false }) as { type?: string };
  const navigate = useNavigate();
  const onSelectType = (next: HoursType) => void navigate({ to: '.', search: { type: next }, replace: true, resetScroll: false });
  const leadsToPage = useLeadsToPage();
  const tenant = useTenant();
  const cardOptions = cardOptionsOf(tenant, leadsToPage);
  const options = hoursTypeOptions(data.location, data.locations);
  const selected = initialHoursType(options, data.location.location_type, type);
  const reviews = data.reviews;
  // The page's content hydrates after the frame (its code is a split chunk): a click on View
  // Holiday Hours or a type chosen meanwhile is held until then and replayed (lib/hydration-replay.ts).
  const interactive = useInteractive();
  return (
    <div data-interactive={interactive}>
    <LocationPage
      location={data.location}
      locations={data.locations}
      hours={{ options, selected, onSelect: onSelectType, labels: cardOptions.hoursLabels }}
      today={data.today}
      locationsHeading={locationsHeadingText(tenant.labels.locationsHeading, placeCount(data.locations))}
      cardOptions={cardOptions}
      stock={data.stock}
      carHref={(car) => (leadsToPage(`/cars/${car.slug}`) ? `/cars/${car.slug}` : `/search/${data.location.dealership_slug}`)}
      ratingBox={RatingBox && reviews ? <RatingBox average={reviews.average_rating} count={reviews.count} /> : null}
      reviews={LocationReviewsBlock && reviews ? <LocationReviewsBlock locationName={data.location.name} average={reviews.average_rating} count={reviews.count} reviews={reviews.reviews} /> : null}
      enquiry={enquiry?.(data.location)}
    />
    </div>
  );
}

/**
 * The dealership finder and location card grid of /dealerships and /dealer-locator: choosing a
 * place lists the nearest dealerships as buttons and narrows the grid to the chosen distance
 * (limits.distanceOptionsKm, default limits.defaultRadiusKm), nearest first.
 */
export function LocationsView() {
  const { locations } = useLoaderData({ strict: false }) as { locations: Location[] };
  const navigate = useNavigate();
  const onChoose = (location: Location) => void navigate({ to: '/locations/$slug', params: { slug: location.slug } });
  const tenant = useTenant();
  const cardOptions = cardOptionsOf(tenant, useLeadsToPage());
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const [radius, setRadius] = useState(tenant.limits.defaultRadiusKm);
  const radiusId = useId();
  const shown = place ? nearby(place, locations.map((l) => ({ ...l, lat: l.address.lat, lng: l.address.long })), radius, Number.POSITIVE_INFINITY) : locations;
  // Places, as the heading counts them: a showroom and its workshop next door are one place to visit.
  const places = placeCount(locations);
  const intro = `Visit ${tenant.name} at ${places === 1 ? 'our location' : `any of our ${places} locations`}: opening hours, directions and the stock on hand at each.`;
  const finder = (
    <>
      <DealerFinder locations={locations} nearbyRadiusKm={tenant.limits.nearbyDealersRadiusKm} nearbyMax={tenant.limits.nearbyDealersMax} onChoose={onChoose} onPlace={setPlace} />
      <div className={styles.radius}>
        <label htmlFor={radiusId}>Show locations within</label>
        <select id={radiusId} value={radius} onChange={(event) => setRadius(Number(event.target.value))} disabled={!place}>
          {tenant.limits.distanceOptionsKm.map((km) => (
            <option key={km} value={km}>
              {formatNumber(km)} km
            </option>
          ))}
        </select>
      </div>
    </>
  );
  return (
    <LocationsPage
      locations={shown}
      heading={locationsHeadingText(tenant.labels.locationsHeading, places)}
      intro={intro}
      cardOptions={cardOptions}
      finder={finder}
      empty={place ? `No locations within ${formatNumber(radius)} km of ${place.label}.` : null}
    />
  );
}

/** The contact page of /contact-us; `enquiry` is the slot of the lead forms' enquiry form. */
export function ContactView({ enquiry }: { enquiry?: ReactNode }) {
  const { locations } = useLoaderData({ strict: false }) as { locations: Location[] };
  const tenant = useTenant();
  return <ContactPage siteName={tenant.name} locations={locations} cardOptions={cardOptionsOf(tenant, useLeadsToPage())} enquiry={enquiry} />;
}
