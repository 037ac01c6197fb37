import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../app/head.ts';
import { loadLocations } from './-presence/location-data.ts';
import { LocationsRoutePage } from './-presence/location-view.tsx';

// Spec §2: the location card grid (the header's Locations link).
export const Route = createFileRoute('/dealerships')({
  loader: ({ context }) => loadLocations(context),
  head: ({ match, loaderData }) =>
    pageHead(match.context.tenant, {
      title: 'Our Locations',
      description: `${match.context.tenant.name}: ${loaderData?.length ?? 0} locations with opening hours, directions and phone numbers.`,
      canonicalPath: '/dealerships',
    }),
  component: LocationsRoutePage,
});
