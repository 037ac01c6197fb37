import { createFileRoute } from '@tanstack/react-router';
import { loadLocationsPage, presenceHead } from './-presence/location-data.ts';
import { LocationsView } from './-presence/location-view.tsx';

// Spec §2: the dealership finder and the location card grid (canonical /dealerships).
export const Route = createFileRoute('/dealer-locator')({
  loader: ({ context }) => loadLocationsPage(context, 'grid'),
  head: presenceHead,
  component: LocationsView,
});
