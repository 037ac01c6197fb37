import { createFileRoute } from '@tanstack/react-router';
import { loadLocationPage, locationSearch, presenceHead } from '../-presence/location-data.ts';
import { LocationView } from '../-presence/location-view.tsx';

// Spec §2: the single location page (canonical /locations/{slug}); unknown slugs are 404s.
export const Route = createFileRoute('/contact-us/$slug')({
  validateSearch: locationSearch,
  loader: ({ context, params }) => loadLocationPage(context, params.slug),
  head: presenceHead,
  // Slot of the enquiry form (lead forms, issue 11): mount it as enquiry={<EnquiryForm … />}.
  component: () => <LocationView enquiry={null} />,
});
