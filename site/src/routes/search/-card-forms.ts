import { featureComponent } from '../../lib/feature-component.tsx';
import { LazyEnquiryForm } from '../../components/lead-forms/enquiry-form-lazy.ts';
import type { CardForms, CardFormHostModule } from '../../features/search/card-form-types.ts';

/*
 * The forms a search card's Enquire and Book a Test Drive open in a dialog (the test drive only
 * where the site has it: its code is not in other sites' bundles), titled as their pages. Loaded
 * when a shopper heads for a card's button (features/search/card-forms.tsx).
 */

/** The site's forms by the card button's `data-form`. */
export const forms: CardForms = {
  enquiry: { Form: LazyEnquiryForm, title: (tenant) => tenant.labels.enquiryFormTitle },
  ...(__FEATURE_TEST_DRIVE__ ? { test_drive: { Form: featureComponent(() => import('../../features/test-drive/index.tsx')), title: () => 'Book a Test Drive' } } : {}),
};

/** The dialog's host. */
export const loadHost = (): Promise<CardFormHostModule> => import('../../features/search/card-form-modal-host.tsx');
