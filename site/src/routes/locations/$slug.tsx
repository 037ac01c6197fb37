import { createFileRoute } from '@tanstack/react-router';
import { loadLocationPage, locationPageFeatures, locationSearch, presenceHead } from '../-presence/location-data.ts';
import { LocationView } from '../-presence/location-view.tsx';

// Spec §2: the single location page (canonical /locations/{slug}); unknown slugs are 404s.
export const Route = createFileRoute('/locations/$slug')({
  validateSearch: locationSearch,
  staticData: { features: locationPageFeatures },
  loader: ({ context, params }) => loadLocationPage(context, params.slug),
  head: presenceHead,
  component: () => <LocationView />,
});
