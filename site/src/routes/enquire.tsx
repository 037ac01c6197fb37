import { createFileRoute } from '@tanstack/react-router';
import { leadFormRoute } from './-forms/lead-form-route.tsx';
import { LazyEnquiryForm } from '../components/lead-forms/enquiry-form-lazy.ts';

// The enquiry form as a page (spec §2 'Enquire Now' / 'Message Now'): /enquire for a general
// enquiry (?category= to start with one), /enquire?car_id={id or slug} about a car.
export const Route = createFileRoute('/enquire')(leadFormRoute({ Form: LazyEnquiryForm, enabled: true, title: (tenant) => tenant.labels.enquiryFormTitle, path: '/enquire' }));
