import { featureComponent } from '../../lib/feature-component.tsx';

/**
 * The enquiry form, loaded with the page that shows it (the form engine and its schemas are not
 * small): /enquire, the vehicle page and the contact pages. Their loaders call `load()` so the
 * server renders the form and the browser hydrates it without a fallback.
 */
export const LazyEnquiryForm = featureComponent(() => import('./enquiry-form.tsx'));
