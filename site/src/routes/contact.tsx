import { createFileRoute } from '@tanstack/react-router';
import { redirectToContact } from './-presence/location-data.ts';

// Spec §2 lists /contact beside /contact-us: a real 301 to the tenant's contact route.
export const Route = createFileRoute('/contact')({
  beforeLoad: () => redirectToContact(),
});
