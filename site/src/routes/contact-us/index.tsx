import { createFileRoute } from '@tanstack/react-router';
import { loadLocationsPage, presenceHead } from '../-presence/location-data.ts';
import { ContactView } from '../-presence/location-view.tsx';

// Spec §2: the contact page — every location with the contact link and Get Directions.
export const Route = createFileRoute('/contact-us/')({
  loader: ({ context }) => loadLocationsPage(context, 'contact'),
  head: presenceHead,
  // The enquiry form belongs to the lead forms (issue 11): pass it as `enquiry`; nothing is shown until then.
  component: () => <ContactView enquiry={null} />,
});
