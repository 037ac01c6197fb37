import { useLoaderData, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTenant } from '../../app/tenant-context.tsx';
import { hoursTypeOptions, initialHoursType, type HoursType } from '../../domain/location-pages.ts';
import type { LocationCardOptions } from '../../features/locations/location-card.tsx';
import { LocationPage } from '../../features/locations/location-page.tsx';
import { LocationsPage } from '../../features/locations/locations-page.tsx';
import { ContactPage } from '../../features/locations/contact-page.tsx';
import type { Location } from '../../../../schema/api/location.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { LocationReviewsBlock, RatingBox, type LocationPageData } from './location-data.ts';

/** Whether this site's bundle has a page at a route id (a link is shown only when it leads somewhere). */
export function useHasRoute(): (routeId: string) => boolean {
  const router = useRouter();
  return (routeId) => routeId in (router.routesById as unknown as Record<string, unknown>);
}

/** Card settings from the tenant: labels, switches, and the booking link where there is a page for it. */
export function useCardOptions(tenant: ResolvedTenant): LocationCardOptions {
  const hasRoute = useHasRoute();
  const serviceHref = !tenant.features.bookServiceOnLocations
    ? null
    : tenant.routes.serviceBookingUrl ?? (tenant.features.serviceBooking && hasRoute('/service') ? '/service#service-booking' : null);
  return {
    hoursLabels: { closed: tenant.labels.closed, byAppointmentOnly: tenant.features.byAppointmentOnlyWeekends ? tenant.labels.byAppointmentOnly : null },
    contactLabel: tenant.labels.contactLink,
    showLicence: tenant.features.licenceDetails,
    serviceHref,
    stockLink: true,
  };
}

/** A single location page from its loaded data (shared by the three location routes). */
export function LocationView({ data, type, onSelectType, enquiry }: { data: LocationPageData; type: unknown; onSelectType: (type: HoursType) => void; enquiry?: ReactNode }) {
  const tenant = useTenant();
  const hasRoute = useHasRoute();
  const cardOptions = useCardOptions(tenant);
  const options = hoursTypeOptions(data.location, data.locations);
  const selected = initialHoursType(options, data.location.location_type, type);
  const reviews = data.reviews;
  return (
    <LocationPage
      location={data.location}
      locations={data.locations}
      hours={{ options, selected, onSelect: onSelectType, labels: cardOptions.hoursLabels }}
      today={data.today}
      locationsHeading={tenant.labels.locationsHeading}
      cardOptions={cardOptions}
      stock={data.stock}
      carHref={(car) => (hasRoute('/cars/$slug') ? `/cars/${car.slug}` : `/search/${data.location.dealership_slug}`)}
      ratingBox={RatingBox && reviews ? <RatingBox average={reviews.average_rating} count={reviews.count} /> : null}
      reviews={LocationReviewsBlock && reviews ? <LocationReviewsBlock locationName={data.location.name} average={reviews.average_rating} count={reviews.count} reviews={reviews.reviews} /> : null}
      enquiry={enquiry}
    />
  );
}

/** The route component of /locations/$slug and /our-location/$slug. */
export function LocationRoutePage() {
  return <LocationRouteBody enquiry={null} />;
}

/**
 * The route component of /contact-us/$slug: the location page with the enquiry slot. The enquiry
 * form belongs to the lead forms (issue 11): mount it here as
 * `enquiry={<EnquiryForm location={data.location} />}`. Nothing is shown there until then.
 */
export function ContactLocationRoutePage() {
  return <LocationRouteBody enquiry={null} />;
}

function LocationRouteBody({ enquiry }: { enquiry: ReactNode }) {
  const data = useLoaderData({ strict: false }) as LocationPageData;
  const { type } = useSearch({ strict: false }) as { type?: string };
  const navigate = useNavigate();
  return (
    <LocationView
      data={data}
      type={type}
      onSelectType={(next) => void navigate({ to: '.', search: { type: next }, replace: true, resetScroll: false })}
      enquiry={enquiry}
    />
  );
}

/** The route component of /dealerships: the location card grid. */
export function LocationsRoutePage() {
  const tenant = useTenant();
  const locations = useLoaderData({ strict: false }) as Location[];
  const cardOptions = useCardOptions(tenant);
  const intro = `Visit ${tenant.name} at ${locations.length === 1 ? 'our location' : `any of our ${locations.length} locations`}: opening hours, directions and the stock on hand at each.`;
  return <LocationsPage locations={locations} heading={tenant.labels.locationsHeading} intro={intro} cardOptions={cardOptions} />;
}

/**
 * The route component of /contact-us. The enquiry form belongs to the lead forms (issue 11):
 * mount it as `enquiry={<EnquiryForm />}`; nothing is shown there until then.
 */
export function ContactRoutePage() {
  const tenant = useTenant();
  const locations = useLoaderData({ strict: false }) as Location[];
  return <ContactPage siteName={tenant.name} locations={locations} cardOptions={useCardOptions(tenant)} enquiry={null} />;
}
