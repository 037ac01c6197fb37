import { createFileRoute } from '@tanstack/react-router';
import { loadLocationPage, locationPageFeatures, locationSearch, presenceHead } from '../-presence/location-data.ts';
import { LocationView } from '../-presence/location-view.tsx';
import { LazyEnquiryForm } from '../../components/lead-forms/enquiry-form-lazy.ts';

// Spec §2: the single location page (canonical /locations/{slug}); unknown slugs are 404s.
export const Route = createFileRoute('/contact-us/$slug')({
  validateSearch: locationSearch,
  // The page's enquiry form loads with it, so it arrives rendered (and hydrates with the page).
  staticData: { features: () => Promise.all([locationPageFeatures(), LazyEnquiryForm.load()]) },
  loader: async ({ context, params }) => (await Promise.all([loadLocationPage(context, params.slug), LazyEnquiryForm.load()]))[0],
  head: presenceHead,
  component: () => <LocationView enquiry={(location) => <LazyEnquiryForm dealership={location.dealership_slug} />} />,
});
