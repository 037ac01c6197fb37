import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../app/feature-component.tsx';
import { leadFormRoute } from '../app/lead-form-route.tsx';

// Loaded with the page, not with every page: the form engine and its schemas are not small.
const EnquiryForm = featureComponent(() => import('../components/lead-forms/enquiry-form.tsx'));

// The enquiry form as a page (spec §2 'Enquire Now' / 'Message Now'): /enquire for a general
// enquiry (?category= to start with one), /enquire?car_id={id or slug} about a car.
export const Route = createFileRoute('/enquire')(leadFormRoute({ Form: EnquiryForm, enabled: true, title: (tenant) => tenant.labels.enquiryFormTitle, path: '/enquire' }));
