import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../app/head.ts';
import { loadLocations } from '../-presence/location-data.ts';
import { ContactRoutePage } from '../-presence/location-view.tsx';

// Spec §2: the contact page — every location with the contact link and Get Directions.
export const Route = createFileRoute('/contact-us/')({
  loader: ({ context }) => loadLocations(context),
  head: ({ match }) =>
    pageHead(match.context.tenant, {
      title: 'Contact Us',
      description: `Contact ${match.context.tenant.name}: phone numbers, opening hours and directions for every location.`,
      canonicalPath: '/contact-us',
    }),
  component: ContactRoutePage,
});
