import { createFileRoute } from '@tanstack/react-router';
import { loadLocationsPage, presenceHead } from '../-presence/location-data.ts';
import { ContactView } from '../-presence/location-view.tsx';
import { LazyEnquiryForm } from '../../components/lead-forms/enquiry-form-lazy.ts';

// Spec §2: the contact page — every location with the contact link and Get Directions.
export const Route = createFileRoute('/contact-us/')({
  // The page's enquiry form loads with it, so it arrives rendered (and hydrates with the page).
  staticData: { features: () => LazyEnquiryForm.load() },
  loader: async ({ context }) => (await Promise.all([loadLocationsPage(context, 'contact'), LazyEnquiryForm.load()]))[0],
  head: presenceHead,
  component: () => <ContactView enquiry={<LazyEnquiryForm />} />,
});
