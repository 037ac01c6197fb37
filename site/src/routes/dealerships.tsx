import { createFileRoute } from '@tanstack/react-router';
import { loadLocationsPage, presenceHead } from './-presence/location-data.ts';
import { LocationsView } from './-presence/location-view.tsx';

// Spec §2: the dealership finder and the location card grid (the header's Locations link).
export const Route = createFileRoute('/dealerships')({
  loader: ({ context }) => loadLocationsPage(context, 'grid'),
  head: presenceHead,
  component: LocationsView,
});
