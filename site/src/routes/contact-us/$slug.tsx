import { createFileRoute } from '@tanstack/react-router';
import { loadLocationPage, locationPageHead, locationSearch } from '../-presence/location-data.ts';
import { ContactLocationRoutePage } from '../-presence/location-view.tsx';

// Spec §2: the single location page (canonical /locations/{slug}); unknown slugs are 404s.
export const Route = createFileRoute('/contact-us/$slug')({
  validateSearch: locationSearch,
  loader: ({ context, params }) => loadLocationPage(context, params.slug),
  head: ({ match, loaderData }) => locationPageHead(match.context.tenant, loaderData),
  component: ContactLocationRoutePage,
});
